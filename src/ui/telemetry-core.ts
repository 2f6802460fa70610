/**
 * Telemetry's working part (issue 10, CONT-25, CONST-05), loaded on demand by src/ui/telemetry.ts
 * with the first event or message: the first screen's script carries none of it.
 *
 * Never personal data: field names that denote personal data are dropped, values that look like
 * dates, e-mail addresses or long numbers are masked, and every personal value the app holds in
 * memory (names, birth dates in their written forms, SSN with or without dashes, ...) is masked
 * wherever it appears: messages, fields, stacks, event names.
 *
 * In development messages go to the console. Elsewhere they are batched and POSTed to the
 * logging service with the limits of CONST-05: a queue of 10, at most one timed flush a minute,
 * 100 messages an hour (500 counting errors), 145000 bytes a message (else the notice), a 10 s
 * abort, nothing older than 86400 s; what is queued leaves with sendBeacon on pagehide.
 * Analytics events go to the collector seam: the page's data layer `window.musterAnalytics`.
 */
import type { AppTelemetry, LogMessage, TelemetryOptions } from './telemetry';

export const APPLICATION_NAME = 'ent-eligibility-modular-app';
export const LOGGER_LIMITS = {
  queue: 10,
  sizeLimit: 145000,
  flushEveryMs: 60_000,
  threshold: 100,
  cap: 500,
  windowMs: 3_600_000,
  abortMs: 10_000,
  /** CONST-05's time-out: a message older than this is never sent (docs/decisions.md). */
  maxAgeMs: 86_400_000,
} as const;
/** The data layer keeps this many events (a collector that never comes must not grow the page). */
export const DATA_LAYER_LIMIT = 500;
export const OVERSIZE_NOTICE = "NOTICE: your Log's data surpassed the size limit.";

type Fields = Record<string, string | number | boolean>;
type Level = LogMessage['level'];

/** Field names that denote personal data: their values are never logged. */
const PERSONAL_KEY = /name|dob|birth|ssn|social|tax|phone|email|mail|address|addr|street|zip|postal|city|member.?(number|nr|id)|number|gender|marital|citizen/i;

/** Mask what looks like personal data in free text: dates, e-mail addresses, long numbers. */
export function maskPatterns(text: string): string {
  return text
    .replace(/[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,24}/g, '[email]')
    .replace(/\b\d{4}-\d{1,2}-\d{1,2}\b/g, '[date]')
    .replace(/\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/g, '[date]')
    .replace(/\b\d{1,2}\/\d{4}\b/g, '[date]')
    .replace(/\b\d{3}[- ]?\d{2}[- ]?\d{4}\b/g, '[number]')
    .replace(/\+?\d[\d\s().-]{6,}\d/g, '[number]');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The other ways a stored value may be written: a yyyy-MM-dd date as typed (VAL-10's forms), an SSN with or without dashes. */
function writtenForms(v: string): string[] {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (d) {
    const [, y, m, day] = d as unknown as [string, string, string, string];
    const mm = String(Number(m));
    return [v, `${m}/${day}/${y}`, `${mm}/${Number(day)}/${y}`, `${m}/${y}`, `${mm}/${y}`, `${m}${day}${y}`];
  }
  const n = /^(\d{3})[- ]?(\d{2})[- ]?(\d{4})$/.exec(v);
  return n ? [v, `${n[1]}${n[2]}${n[3]}`, `${n[1]}-${n[2]}-${n[3]}`] : [v];
}

export function createScrubber(personalValues: () => Iterable<string>): { text(s: string): string; fields(f: Fields | undefined): Fields } {
  // The personal values are collected once per message or event, longest first.
  const current = (): string[] =>
    [...personalValues()]
      .flatMap((v) => (typeof v === 'string' ? writtenForms(v.trim()) : []))
      .filter((v) => v.length >= 2)
      .sort((a, b) => b.length - a.length);
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

/** One POST of the batch as JSON, aborted after `abortMs`. */
export async function postBatch(url: string, batch: readonly LogMessage[], abortMs: number, fetcher: typeof fetch = fetch): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), abortMs);
  try {
    const body = JSON.stringify(batch);
    // A keepalive request may carry at most 64 KiB; a larger batch goes as an ordinary request.
    const response = await fetcher(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal: controller.signal, keepalive: body.length < 60_000 });
    if (!response.ok) throw new Error(`logging service answered ${response.status}`);
  } finally {
    clearTimeout(timer);
  }
}

/** A beacon carries at most 64 KiB: a batch the browser refuses goes message by message. */
function defaultBeacon(url: string, batch: LogMessage[]): void {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  const beacon = (b: LogMessage[]): boolean => navigator.sendBeacon(url, new Blob([JSON.stringify(b)], { type: 'application/json' }));
  if (!beacon(batch) && batch.length > 1) for (const m of batch) beacon([m]);
}

/** The collector seam: the page's data layer, which the collector's tag reads (and wraps `push` to hear what comes later). */
function defaultAnalytics(event: string, data: Fields): void {
  if (typeof window === 'undefined') return;
  const layer = (window.musterAnalytics ??= []);
  if (layer.push({ ...data, event }) > DATA_LAYER_LIMIT) layer.shift();
}

export function createCoreTelemetry(options: TelemetryOptions): AppTelemetry {
  const out = options.console ?? console;
  const now = options.now ?? Date.now;
  const send = options.send ?? ((u: string, b: LogMessage[]) => postBatch(u, b, LOGGER_LIMITS.abortMs));
  const beacon = options.beacon ?? defaultBeacon;
  const analytics = options.analytics ?? defaultAnalytics;
  let personal: () => Iterable<string> = options.personalValues ?? (() => []);
  const scrub = createScrubber(() => personal());
  const url = options.environment !== 'development' ? options.loggingUrl : undefined;
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
  const fresh = (batch: LogMessage[]): LogMessage[] => batch.filter((m) => now() - Date.parse(m.eventDateTime) < LOGGER_LIMITS.maxAgeMs);

  const flush = async (): Promise<void> => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    const batch = fresh(queue.splice(0, queue.length));
    if (batch.length === 0 || !url) return;
    lastFlush = now();
    try {
      await send(url, batch);
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
    const batch = fresh(queue.splice(0, queue.length));
    if (url && batch.length > 0) beacon(url, batch);
  };
  if (url && typeof window !== 'undefined') window.addEventListener('pagehide', onHide);

  return {
    track(name, data) {
      // The name is masked too: a caller that builds it from text must not leak through it.
      const event = scrub.text(name);
      const clean = scrub.fields(data);
      if (!url) out.debug(`[analytics] ${event}`, clean);
      analytics(event, clean);
    },
    log(level, message, fields, error) {
      // An oversize message is replaced before anything else looks at it; so is one whose
      // fields and stack together pass the limit (the notice goes alone).
      let text = byteLength(message) > LOGGER_LIMITS.sizeLimit ? OVERSIZE_NOTICE : scrub.text(message);
      let customFields = scrub.fields(fields);
      // The stack's frames and the error's name, never its message: a message may quote what the
      // applicant typed before the app held it (a widget that throws on its input).
      const stack = error instanceof Error ? [error.name, ...(error.stack ?? '').split('\n').filter((l) => /^\s+at \S|@\S+:\d+:\d+$/.test(l))].join('\n') : '';
      let stackTrace = stack && byteLength(stack) <= LOGGER_LIMITS.sizeLimit ? scrub.text(stack) : '';
      if (byteLength(text + JSON.stringify(customFields) + stackTrace) > LOGGER_LIMITS.sizeLimit) {
        text = OVERSIZE_NOTICE;
        customFields = {};
        stackTrace = '';
      }
      if (!url) {
        out[level](`[${level}] ${text}`, customFields, ...(stackTrace ? [stackTrace] : []));
        return;
      }
      if (!admit(level)) return;
      queue.push({ applicationName: APPLICATION_NAME, eventDateTime: new Date(now()).toISOString(), level, message: text, customFields, stackTrace });
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
