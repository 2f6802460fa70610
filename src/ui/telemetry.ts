/**
 * Telemetry (src/ui/contract.ts): analytics events and log messages. Never personal data:
 * field names that denote personal data are dropped, values that look like dates, e-mail
 * addresses or long numbers are masked, and every personal value the app holds in memory
 * (names, birth dates, SSN, ...) is masked wherever it appears, messages included.
 *
 * In development messages go to the console. Elsewhere they are batched and POSTed to the
 * logging service (CONT-25) with the logger limits of CONST-05: a queue of 10, at most one
 * timed flush a minute, 100 messages an hour (500 counting errors), 145000 bytes a message,
 * a 10 s abort. Analytics events go to the page as `muster:analytics` DOM events, for the
 * collector's tag to pick up (not product behaviour).
 */
import type { Telemetry } from './contract';

export const APPLICATION_NAME = 'ent-eligibility-modular-app';
export const LOGGER_LIMITS = {
  queue: 10,
  sizeLimit: 145000,
  flushEveryMs: 60_000,
  threshold: 100,
  cap: 500,
  windowMs: 3_600_000,
  abortMs: 10_000,
} as const;
export const OVERSIZE_NOTICE = "NOTICE: your Log's data surpassed the size limit.";

type Fields = Record<string, string | number | boolean>;
type Level = 'info' | 'warn' | 'error';

export interface LogMessage {
  applicationName: string;
  eventDateTime: string;
  level: Level;
  message: string;
  customFields: Fields;
  stackTrace: string;
}

export interface TelemetryOptions {
  environment: 'development' | 'staging' | 'production';
  loggingUrl?: string;
  /** Personal values held in memory now (names, dates of birth, SSN...): masked wherever they appear. */
  personalValues?: () => Iterable<string>;
  /** Sends one batch; default fetch (POST JSON) with a 10 s abort. */
  send?: (url: string, batch: LogMessage[]) => Promise<void>;
  /** Sends one batch while the page goes away; default navigator.sendBeacon. */
  beacon?: (url: string, batch: LogMessage[]) => void;
  console?: Pick<Console, 'info' | 'warn' | 'error' | 'debug'>;
  now?: () => number;
  /** Where analytics events go; default a `muster:analytics` CustomEvent on window. */
  analytics?: (event: string, data: Fields) => void;
}

export interface AppTelemetry extends Telemetry {
  /** Sends what is queued now. */
  flush(): Promise<void>;
  /** The messages not yet sent (tests, and the page-hide beacon). */
  pending(): readonly LogMessage[];
  /** Points the masking at the app's in-memory personal values. */
  setPersonalValues(source: () => Iterable<string>): void;
  dispose(): void;
}

/** Field names that denote personal data: their values are never logged. */
const PERSONAL_KEY = /name|dob|birth|ssn|social|tax|phone|email|mail|address|addr|street|zip|postal|city|member.?(number|nr|id)|number|gender|marital|citizen/i;

/** Mask what looks like personal data in free text: dates, e-mail addresses, long numbers. */
export function maskPatterns(text: string): string {
  return text
    .replace(/[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,24}/g, '[email]')
    .replace(/\b\d{4}-\d{1,2}-\d{1,2}\b/g, '[date]')
    .replace(/\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/g, '[date]')
    .replace(/\b\d{3}[- ]?\d{2}[- ]?\d{4}\b/g, '[number]')
    .replace(/\+?\d[\d\s().-]{6,}\d/g, '[number]');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function createScrubber(personalValues: () => Iterable<string>): { text(s: string): string; fields(f: Fields | undefined): Fields } {
  // The personal values are collected once per message or event, longest first.
  const current = (): string[] => [...personalValues()].map((v) => (typeof v === 'string' ? v.trim() : '')).filter((v) => v.length >= 2).sort((a, b) => b.length - a.length);
  const mask = (s: string, values: readonly string[]): string => {
    let out = s;
    for (const v of values) if (out.toLowerCase().includes(v.toLowerCase())) out = out.replace(new RegExp(escapeRegExp(v), 'gi'), '[redacted]');
    return maskPatterns(out);
  };
  const text = (s: string): string => mask(s, current());
  const fields = (f: Fields | undefined): Fields => {
    const out: Fields = {};
    let values: string[] | undefined;
    for (const [k, v] of Object.entries(f ?? {})) {
      if (PERSONAL_KEY.test(k)) continue;
      if (typeof v === 'string') {
        values ??= current();
        out[k] = mask(v, values);
      } else out[k] = v;
    }
    return out;
  };
  return { text, fields };
}

function byteLength(s: string): number {
  return new TextEncoder().encode(s).length;
}

async function defaultSend(url: string, batch: LogMessage[]): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LOGGER_LIMITS.abortMs);
  try {
    await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(batch), signal: controller.signal, keepalive: true });
  } finally {
    clearTimeout(timer);
  }
}

function defaultBeacon(url: string, batch: LogMessage[]): void {
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    navigator.sendBeacon(url, new Blob([JSON.stringify(batch)], { type: 'application/json' }));
  }
}

function defaultAnalytics(event: string, data: Fields): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('muster:analytics', { detail: { event, ...data } }));
}

export function createTelemetry(options: TelemetryOptions): AppTelemetry {
  const out = options.console ?? console;
  const now = options.now ?? Date.now;
  const send = options.send ?? defaultSend;
  const beacon = options.beacon ?? defaultBeacon;
  const analytics = options.analytics ?? defaultAnalytics;
  let personal: () => Iterable<string> = options.personalValues ?? (() => []);
  const scrub = createScrubber(() => personal());
  const remote = options.environment !== 'development' && options.loggingUrl !== undefined;
  const queue: LogMessage[] = [];
  let windowStart = now();
  let sentInWindow = 0;
  let lastFlush = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const admit = (level: Level): boolean => {
    if (now() - windowStart >= LOGGER_LIMITS.windowMs) {
      windowStart = now();
      sentInWindow = 0;
    }
    // Past the threshold only errors are kept, up to the cap.
    if (sentInWindow >= LOGGER_LIMITS.cap) return false;
    if (sentInWindow >= LOGGER_LIMITS.threshold && level !== 'error') return false;
    sentInWindow++;
    return true;
  };

  const flush = async (): Promise<void> => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (queue.length === 0 || !remote || !options.loggingUrl) return;
    const batch = queue.splice(0, queue.length);
    lastFlush = now();
    try {
      await send(options.loggingUrl, batch);
    } catch {
      // Logging never breaks the flow; a lost batch is acceptable.
    }
  };

  const schedule = (): void => {
    if (timer !== undefined) return;
    const wait = Math.max(0, LOGGER_LIMITS.flushEveryMs - (now() - lastFlush));
    timer = setTimeout(() => void flush(), wait);
  };

  const onHide = (): void => {
    if (remote && options.loggingUrl && queue.length > 0) beacon(options.loggingUrl, queue.splice(0, queue.length));
  };
  if (remote && typeof window !== 'undefined') window.addEventListener('pagehide', onHide);

  return {
    track(event, data) {
      const clean = scrub.fields(data);
      if (options.environment === 'development') out.debug(`[analytics] ${event}`, clean);
      analytics(event, clean);
    },
    log(level, message, fields) {
      // An oversize message is replaced before anything else looks at it.
      const text = byteLength(message) > LOGGER_LIMITS.sizeLimit ? OVERSIZE_NOTICE : scrub.text(message);
      const customFields = scrub.fields(fields);
      if (!remote) {
        out[level](`[${level}] ${text}`, customFields);
        return;
      }
      if (!admit(level)) return;
      queue.push({ applicationName: APPLICATION_NAME, eventDateTime: new Date(now()).toISOString(), level, message: text, customFields, stackTrace: '' });
      if (queue.length >= LOGGER_LIMITS.queue) void flush();
      else schedule();
    },
    flush,
    pending: () => [...queue],
    setPersonalValues(source) {
      personal = source;
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', onHide);
    },
  };
}
