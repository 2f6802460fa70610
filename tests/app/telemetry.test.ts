/** Telemetry (src/ui/telemetry.ts): console in development, batched logging elsewhere (CONT-25, CONST-05), never personal data. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTelemetry, loadTelemetryCore, type LogMessage } from '../../src/ui/telemetry';
import { LOGGER_LIMITS, maskPatterns, OVERSIZE_NOTICE, postBatch } from '../../src/ui/telemetry-core';
import { personalValues } from '../../src/app/persist';

const state = {
  eligibility: { self: { personalInfo: { firstName: 'Harriet', lastName: 'Quimby', dob: '1875-05-11', ssn: '123456789', phoneNumber: '5551234567' } } },
  triage: { parentMemberNumber: '987654321' },
};

// The working part loads on demand in the app; loaded here, every instance works synchronously.
beforeAll(async () => {
  await loadTelemetryCore();
});

function consoleSpy() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
}

function allText(...spies: { mock: { calls: unknown[][] } }[]): string {
  return spies.flatMap((s) => s.mock.calls.map((c) => JSON.stringify(c))).join('\n');
}

describe('telemetry never carries personal data', () => {
  it('masks the personal values held in memory, personal field names, dates, numbers and e-mail addresses', async () => {
    const out = consoleSpy();
    const analytics = vi.fn();
    const sent: LogMessage[][] = [];
    for (const environment of ['development', 'production'] as const) {
      const t = createTelemetry({ environment, loggingUrl: 'http://log.test/', console: out, analytics, personalValues: () => personalValues(state), send: async (_u, b) => void sent.push(b) });
      t.log('error', 'submit failed for Harriet Quimby born 1875-05-11, ssn 123-45-6789, phone (555) 123-4567, mail hq@example.com', {
        firstName: 'Harriet',
        dob: '1875-05-11',
        step: 'basic-info-panel',
        note: 'quimby again',
        count: 3,
      });
      t.log('warn', 'member 987654321 not found');
      t.track('answer', { step: 'military-service', value: 'Harriet', lastName: 'Quimby' });
      await t.flush();
      t.dispose();
    }
    const text = allText(out.info, out.warn, out.error, out.debug, analytics) + JSON.stringify(sent);
    for (const personal of ['Harriet', 'Quimby', 'quimby', '1875-05-11', '123-45-6789', '123456789', '987654321', '555', 'hq@example.com']) {
      expect(text, personal).not.toContain(personal);
    }
    expect(text).toContain('basic-info-panel');
    expect(text).toContain('military-service');
    expect(sent.flat().length).toBe(2);
  });

  it('masks dates, e-mail addresses and long numbers in free text', () => {
    expect(maskPatterns('on 05/11/1875 or 1875-5-11 call +1 555 123 4567 or a.b@c.org; id 123-45-6789')).toBe('on [date] or [date] call [number] or [email]; id [number]');
    expect(maskPatterns('step 3 of 12')).toBe('step 3 of 12');
    expect(maskPatterns('born 5/1975, or 05/1975')).toBe('born [date], or [date]');
  });
});

describe('development and elsewhere', () => {
  it('logs to the console in development and sends nothing', async () => {
    const out = consoleSpy();
    const send = vi.fn();
    const t = createTelemetry({ environment: 'development', loggingUrl: 'http://log.test/', console: out, send });
    t.log('warn', 'hello', { a: 1 });
    t.track('event', { b: true });
    await t.flush();
    expect(out.warn).toHaveBeenCalledWith('[warn] hello', { a: 1 });
    expect(out.debug).toHaveBeenCalledWith('[analytics] event', { b: true });
    expect(send).not.toHaveBeenCalled();
  });

  it('batches to the logging service with the message fields of CONT-25, 10 to a batch', async () => {
    const batches: LogMessage[][] = [];
    const t = createTelemetry({ environment: 'staging', loggingUrl: 'http://log.test/', send: async (url, b) => void batches.push(b), now: () => Date.UTC(2026, 10, 22) });
    for (let i = 0; i < LOGGER_LIMITS.queue; i++) t.log('info', `message ${i}`);
    await Promise.resolve();
    expect(batches).toHaveLength(1);
    expect(batches[0]?.[0]).toEqual({ applicationName: 'ent-eligibility-modular-app', eventDateTime: '2026-11-22T00:00:00.000Z', level: 'info', message: 'message 0', customFields: {}, stackTrace: '' });
    t.dispose();
  });

  it('flushes a partial queue at most once a minute', async () => {
    vi.useFakeTimers();
    try {
      const send = vi.fn(async () => undefined);
      const t = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/', send });
      t.log('error', 'one');
      expect(send).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(LOGGER_LIMITS.flushEveryMs);
      expect(send).toHaveBeenCalledTimes(1);
      t.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('replaces an oversize message with the notice and stops after the hourly threshold (errors up to the cap)', async () => {
    const t = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/', send: async () => undefined });
    t.log('error', 'x'.repeat(LOGGER_LIMITS.sizeLimit + 1));
    expect(t.pending()[0]?.message).toBe(OVERSIZE_NOTICE);
    const counted = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/', send: async () => undefined });
    let kept = 0;
    const send = vi.fn(async (_u: string, b: LogMessage[]) => void (kept += b.length));
    const limited = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/', send });
    for (let i = 0; i < LOGGER_LIMITS.threshold + 50; i++) limited.log('info', `i${i}`);
    for (let i = 0; i < LOGGER_LIMITS.cap; i++) limited.log('error', `e${i}`);
    await limited.flush();
    expect(kept).toBe(LOGGER_LIMITS.cap);
    t.dispose();
    counted.dispose();
    limited.dispose();
  });
});

describe('the logger of doc 2 §9 (CONST-05)', () => {
  it('an error\'s name and stack frames are the stackTrace (never its message), masked like the message', () => {
    const t = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/', personalValues: () => personalValues(state), send: async () => undefined });
    t.log('error', 'boom', { step: 's' }, new Error('Harriet typed 123-45-6789'));
    const line = t.pending()[0];
    expect(line?.stackTrace).toMatch(/^Error\n\s+at /);
    expect(line?.stackTrace).not.toContain('typed');
    t.log('warn', 'no error');
    expect(t.pending()[1]?.stackTrace).toBe('');
    t.dispose();
  });

  it('a line whose message, fields and stack together pass 145000 bytes is the notice alone', () => {
    const t = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/', send: async () => undefined });
    t.log('error', 'short', { detail: 'y'.repeat(LOGGER_LIMITS.sizeLimit) });
    expect(t.pending()[0]).toMatchObject({ message: OVERSIZE_NOTICE, customFields: {}, stackTrace: '' });
    t.dispose();
  });

  it('never sends a message older than the 86400 s time-out', async () => {
    let clock = Date.UTC(2026, 10, 22);
    const send = vi.fn(async () => undefined);
    const t = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/', send, now: () => clock });
    t.log('error', 'old');
    clock += LOGGER_LIMITS.maxAgeMs;
    await t.flush();
    expect(send).not.toHaveBeenCalled();
    t.dispose();
  });

  it('pagehide sends the queue with the beacon, message by message when the batch is refused', () => {
    const listeners = new Map<string, () => void>();
    (globalThis as { window?: unknown }).window = { addEventListener: (type: string, l: () => void) => listeners.set(type, l), removeEventListener: (type: string) => listeners.delete(type) };
    const beacons: LogMessage[][] = [];
    const sendBeacon = vi.fn((_url: string, blob: Blob) => {
      void blob;
      return sendBeacon.mock.calls.length > 1;
    });
    vi.stubGlobal('navigator', { sendBeacon });
    try {
      const t = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/', send: async () => undefined, beacon: (_u, b) => void beacons.push(b) });
      t.log('info', 'one');
      t.log('info', 'two');
      listeners.get('pagehide')?.();
      expect(beacons.map((b) => b.map((m) => m.message))).toEqual([['one', 'two']]);
      expect(t.pending()).toEqual([]);
      t.dispose();
      // The default beacon: the browser refuses the batch (64 KiB), each message goes alone.
      const d = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/', send: async () => undefined });
      d.log('info', 'a');
      d.log('info', 'b');
      listeners.get('pagehide')?.();
      expect(sendBeacon).toHaveBeenCalledTimes(3);
      d.dispose();
      expect(listeners.size).toBe(0);
    } finally {
      vi.unstubAllGlobals();
      delete (globalThis as { window?: unknown }).window;
    }
  });

  it('the sender POSTs the batch as JSON and aborts after 10 s', async () => {
    vi.useFakeTimers();
    try {
      const calls: RequestInit[] = [];
      const hanging = ((_url: string, init: RequestInit) => {
        calls.push(init);
        return new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      }) as unknown as typeof fetch;
      const batch: LogMessage[] = [{ applicationName: 'a', eventDateTime: 'd', level: 'info', message: 'm', customFields: {}, stackTrace: '' }];
      const done = postBatch('http://log.test/', batch, LOGGER_LIMITS.abortMs, hanging).catch((e: Error) => e.message);
      await vi.advanceTimersByTimeAsync(LOGGER_LIMITS.abortMs);
      expect(await done).toBe('aborted');
      expect(calls[0]).toMatchObject({ method: 'POST', body: JSON.stringify(batch), keepalive: true, headers: { 'Content-Type': 'application/json' } });
    } finally {
      vi.useRealTimers();
    }
    const fetcher = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetcher);
    try {
      const t = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/' });
      t.log('error', 'x'.repeat(70_000));
      await t.flush();
      expect(fetcher).toHaveBeenCalledTimes(1);
      expect(fetcher.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', keepalive: false });
      t.dispose();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the first screen\'s shell (src/ui/telemetry.ts)', () => {
  it('holds calls until the working part loads, masking them with the personal values held when they were made', async () => {
    vi.resetModules();
    const shell = await import('../../src/ui/telemetry');
    let held = ['Harriet'];
    const batches: LogMessage[][] = [];
    const analytics = vi.fn();
    const t = shell.createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/', personalValues: () => held, send: async (_u, b) => void batches.push(b), analytics });
    t.log('error', 'Harriet failed', { step: 'Harriet' });
    t.track('step_view', { step: 'x' });
    held = [];
    expect(t.pending()).toEqual([]);
    await t.flush();
    expect(batches.flat().map((m) => [m.message, m.customFields])).toEqual([['[redacted] failed', { step: '[redacted]' }]]);
    expect(analytics).toHaveBeenCalledWith('step_view', { step: 'x' });
    // Loaded now: later calls go straight through.
    t.log('info', 'Harriet again');
    expect(t.pending()[0]?.message).toBe('Harriet again');
    t.dispose();
  });
});
