/**
 * What every call to the provider's services shares, with no HTTP library attached (the
 * content fragments use fetch, the other services axios: src/services/http.ts): the timeouts
 * and the one retry policy (docs/decisions.md, "HTTP client and faults (issue 10)").
 */

/** CONST-01: 10000 ms generic, 15000 ms enrollment, 30000 ms for the long helper (address calls, CONST-02). */
export const TIMEOUTS = { generic: 10_000, enrollment: 15_000, long: 30_000 } as const;

/** What may be retried: `timeout` (the client's own timeout, or a 408 answer) and `network` (no answer at all). */
export type RetryOn = 'timeout' | 'network';

/**
 * A service's request policy: its timeout, and how many times a request that failed in one of
 * the `on` ways is sent again. An answer with any other status is never retried (the caller
 * judges it), nor is a cancelled request (the caller's AbortSignal).
 */
export interface RequestPolicy {
  timeout: number;
  /** Retries after the first attempt. */
  retries: number;
  on: readonly RetryOn[];
  /** Pause before retry n (1-based), in ms. */
  delayMs: (retry: number) => number;
}

const noPause = (): number => 0;

/**
 * The one table of what is retried, how often and with which timeout:
 * - reference: REF-21, up to 2 retries on a timeout or network error (250 ms × n apart).
 * - content: CONT-09, one retry on a timeout (the fragments use fetch, src/services/fragments.ts).
 * - enrollment, sponsors: writes, not idempotent (a create sent twice may create twice): never
 *   retried automatically; the error route's detour and Start again are the retry.
 * - addresses: not retried (the spec names no retry; a second 30 s wait is a minute).
 */
export const POLICIES = {
  reference: { timeout: TIMEOUTS.generic, retries: 2, on: ['timeout', 'network'], delayMs: (n: number) => 250 * n },
  content: { timeout: TIMEOUTS.generic, retries: 1, on: ['timeout'], delayMs: noPause },
  enrollment: { timeout: TIMEOUTS.enrollment, retries: 0, on: [], delayMs: noPause },
  sponsors: { timeout: TIMEOUTS.generic, retries: 0, on: [], delayMs: noPause },
  addresses: { timeout: TIMEOUTS.long, retries: 0, on: [], delayMs: noPause },
} as const satisfies Record<string, RequestPolicy>;

export type ServiceName = keyof typeof POLICIES;

/** Resolve a configured base URL (absolute or relative to the page) to an absolute one. */
export function absoluteBase(base: string): string {
  const origin = typeof window !== 'undefined' ? window.location.href : 'http://localhost/';
  return new URL(base, origin).href;
}
