/**
 * loadChunk (src/ui/load-chunk.ts, issue 13, ERR-29): a chunk that fails is asked for once more;
 * a second failure, or no answer within the load timeout, is ChunkLoadError; a timeout is not
 * retried (the applicant has waited the spec's 120 s already).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk, setChunkTimeout } from '../../src/ui/load-chunk';

afterEach(() => {
  setChunkTimeout(120_000);
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('resolves with the chunk, loaded once', async () => {
    const load = vi.fn(() => Promise.resolve('chunk'));
    await expect(loadChunk(load)).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retries once after a failure', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue('chunk');
    await expect(loadChunk(load)).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('rejects with ChunkLoadError after a second failure', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const err = await loadChunk(load).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as Error).name).toBe('ChunkLoadError');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives the load error after 120 s when the chunk hangs (ERR-29), without a retry', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => new Promise<string>(() => undefined));
    const result = loadChunk(load).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    const err = await result;
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as Error).message).toBe('timeout');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('takes a shorter timeout when one is set (config.json chunkTimeoutMs, outside production)', async () => {
    vi.useFakeTimers();
    setChunkTimeout(500);
    const result = loadChunk(() => new Promise<string>(() => undefined)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    expect(await result).toBeInstanceOf(ChunkLoadError);
  });
});
