/**
 * What every call to the provider's services shares, with no HTTP library attached (the
 * content fragments use fetch, the other services axios: src/services/http.ts).
 */

/** CONST-01: 10000 ms generic, 15000 ms enrollment, 30000 ms for the long helper (address calls, CONST-02). */
export const TIMEOUTS = { generic: 10_000, enrollment: 15_000, long: 30_000 } as const;

/** Resolve a configured base URL (absolute or relative to the page) to an absolute one. */
export function absoluteBase(base: string): string {
  const origin = typeof window !== 'undefined' ? window.location.href : 'http://localhost/';
  return new URL(base, origin).href;
}
