/**
 * Lazy chunks under fault (issue 13; ERR-29, doc 1 §8): every `import()` of the app goes
 * through `loadChunk`. A chunk that fails (HTTP error, network error, wrong MIME type) is asked
 * for once more (the browser fetches a failed module again); a second failure, or a chunk that
 * does not arrive within the load timeout (120 s, ERR-29), rejects with ChunkLoadError, which
 * the caller routes (docs/decisions.md, "Faults (issue 13)"): a screen's chunk throws into the
 * screen's error boundary (the error route), the exit dialog's leaves without it, telemetry's
 * drops the lines.
 */

let timeoutMs = 120_000;

/** The load timeout (ERR-29's 120 s); config.json `chunkTimeoutMs` shortens it outside production, for tests. */
export function setChunkTimeout(ms: number): void {
  timeoutMs = ms;
}

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

function attempt<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** The chunk, retried once after a failure; ChunkLoadError after a second failure or the timeout. */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return attempt(load)
    .catch((err: unknown) => (err instanceof ChunkLoadError ? Promise.reject(err) : attempt(load)))
    // The second failure's own words stay in the message (the log says what the browser said).
    .catch((err: unknown) => Promise.reject(err instanceof ChunkLoadError ? err : new ChunkLoadError(`failed: ${err instanceof Error ? err.message : String(err)}`)));
}
