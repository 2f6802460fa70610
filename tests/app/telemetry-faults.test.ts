/**
 * Issue 13: the logging service under fault (the fault suite cannot drive it: the browser sends
 * its batches as keepalive fetches and beacons, which route interception does not reliably see).
 * A batch the service answers with 500, loses on the network, or does not answer within the
 * abort time is dropped: nothing throws into the app, and the logger goes on with later lines.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTelemetry, loadTelemetryCore } from '../../src/ui/telemetry';
import { LOGGER_LIMITS } from '../../src/ui/telemetry-core';

beforeAll(async () => {
  await loadTelemetryCore();
});

describe('the logging service under fault', () => {
  const faults: [string, () => Promise<Response>][] = [
    ['HTTP 500', async () => new Response('{"message":"down"}', { status: 500 })],
    ['a network error', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a malformed answer', async () => new Response('<html>', { status: 200 })],
  ];
  for (const [name, answer] of faults) {
    it(`${name}: the batch is dropped, nothing throws, later lines are still sent`, async () => {
      const fetcher = vi.fn(answer);
      vi.stubGlobal('fetch', fetcher);
      const unhandled = vi.fn();
      process.on('unhandledRejection', unhandled);
      try {
        const t = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/' });
        t.log('error', 'first');
        await expect(t.flush()).resolves.toBeUndefined();
        t.log('error', 'second');
        await expect(t.flush()).resolves.toBeUndefined();
        expect(fetcher).toHaveBeenCalledTimes(2);
        await new Promise((r) => setTimeout(r, 0));
        expect(unhandled).not.toHaveBeenCalled();
      } finally {
        process.off('unhandledRejection', unhandled);
        vi.unstubAllGlobals();
      }
    });
  }

  it('a hang: the batch is aborted after 10 s and dropped, nothing throws', async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn((_url: string, init: RequestInit) => new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))));
    vi.stubGlobal('fetch', fetcher);
    try {
      const t = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/' });
      t.log('error', 'first');
      const flushed = t.flush();
      await vi.advanceTimersByTimeAsync(LOGGER_LIMITS.abortMs);
      await expect(flushed).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});
