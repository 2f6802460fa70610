/** Telemetry (src/ui/telemetry.ts): console in development, batched logging elsewhere (CONT-25, CONST-05), never personal data. */
import { describe, expect, it, vi } from 'vitest';
import { createTelemetry, LOGGER_LIMITS, maskPatterns, OVERSIZE_NOTICE, type LogMessage } from '../../src/ui/telemetry';
import { personalValues } from '../../src/app/persist';

const state = {
  eligibility: { self: { personalInfo: { firstName: 'Harriet', lastName: 'Quimby', dob: '1875-05-11', ssn: '123456789', phoneNumber: '5551234567' } } },
  triage: { parentMemberNumber: '987654321' },
};

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

  it('replaces an oversize message with the notice and stops after the hourly threshold (errors up to the cap)', () => {
    const t = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/', send: async () => undefined });
    t.log('error', 'x'.repeat(LOGGER_LIMITS.sizeLimit + 1));
    expect(t.pending()[0]?.message).toBe(OVERSIZE_NOTICE);
    const counted = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/', send: async () => undefined });
    let kept = 0;
    const send = vi.fn(async (_u: string, b: LogMessage[]) => void (kept += b.length));
    const limited = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/', send });
    for (let i = 0; i < LOGGER_LIMITS.threshold + 50; i++) limited.log('info', `i${i}`);
    for (let i = 0; i < LOGGER_LIMITS.cap; i++) limited.log('error', `e${i}`);
    void limited.flush();
    expect(kept).toBe(LOGGER_LIMITS.cap);
    t.dispose();
    counted.dispose();
    limited.dispose();
  });
});
