/**
 * How long start-up waits (issue 13; docs/decisions.md, "Faults (issue 13)"): `config.json` and
 * the product's pack each have a timeout, so a request that hangs ends on the load-failure trap
 * (the provider's phone number and Try again) instead of a blank page. The service calls have
 * theirs in src/services/endpoints.ts (CONST-01), the lazy chunks in src/ui/load-chunk.ts (ERR-29).
 */

/** config.json: small, and nothing can show before it (CONST-01's generic 10 s). */
export const CONFIG_TIMEOUT_MS = 10_000;

/** The product's pack (about 55 KiB gzip): CONST-01's 15 s, as for the enrollment calls. */
export const PACK_TIMEOUT_MS = 15_000;

/** A fetch's init with its timeout: the body's reading is aborted too. */
export function timed(ms: number, init: RequestInit): RequestInit {
  return { ...init, signal: AbortSignal.timeout(ms) };
}

/** `work`, or its signal's abort (a request index.html started, a body still arriving): whichever comes first. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return work;
  return Promise.race([
    work,
    new Promise<T>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    }),
  ]);
}
