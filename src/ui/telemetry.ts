/**
 * Telemetry (src/ui/contract.ts): analytics events and log messages, never personal data.
 *
 * This is the first screen's part: a shell that records each call with the personal values held
 * at that moment and loads the working part (telemetry-core.ts: masking, the logger's queue and
 * limits of CONST-05, the sender, the collector seam) on the first call; then every call goes
 * straight through. Messages are masked with the values held when they were logged.
 * docs/architecture.md, "Observability", has the formats and the seam.
 */
import type { Telemetry } from './contract';
import { loadChunk } from './load-chunk';

type Fields = Record<string, string | number | boolean>;
/** One analytics event as the collector receives it: the event name and its non-personal fields (`eventId` for doc 2 §9's ids). */
export type AnalyticsRecord = { event: string } & Fields;

declare global {
  interface Window {
    /** The collector seam: the data layer the collector's tag reads (docs/architecture.md). */
    musterAnalytics?: AnalyticsRecord[];
  }
}

/** One log line as the logging service receives it (CONT-25), in a JSON array (a batch). */
export interface LogMessage {
  applicationName: string;
  eventDateTime: string;
  level: 'info' | 'warn' | 'error';
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
  /** Where analytics events go (the collector seam); default the `window.musterAnalytics` data layer. */
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

type Core = typeof import('./telemetry-core');
let core: Core | undefined;
let loading: Promise<Core> | undefined;

/** Loads telemetry's working part; once loaded, new telemetry instances work synchronously (tests await this first). */
export function loadTelemetryCore(): Promise<Core> {
  // A core that cannot load (one retry: loadChunk) drops the lines waiting for it; the next line tries again (issue 13).
  return (loading ??= loadChunk(() => import('./telemetry-core')).then(
    (m) => (core = m),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  ));
}

export function createTelemetry(options: TelemetryOptions): AppTelemetry {
  let personal = options.personalValues ?? (() => []);
  // While a call waits for the core, the values it must mask are the ones held when it was made.
  let pinned: string[] | undefined;
  const make = (c: Core): AppTelemetry => c.createCoreTelemetry({ ...options, personalValues: () => pinned ?? personal() });
  let impl = core && make(core);
  let backlog: { values: string[]; run: (t: AppTelemetry) => void }[] = [];
  let disposed = false;
  const call = (run: (t: AppTelemetry) => void): void => {
    if (impl) return run(impl);
    backlog.push({ values: [...personal()], run });
    if (backlog.length > 1) return;
    loadTelemetryCore().then(
      (c) => {
        if (disposed) return;
        impl ??= make(c);
        for (const b of backlog.splice(0)) {
          pinned = b.values;
          b.run(impl);
        }
        pinned = undefined;
      },
      () => void (backlog = []),
    );
  };
  return {
    track: (event, data) => call((t) => t.track(event, data)),
    log: (level, message, fields, error) => call((t) => t.log(level, message, fields, error)),
    flush: async () => {
      if (!impl && backlog.length > 0) await loadTelemetryCore().then(() => Promise.resolve(), () => undefined);
      await impl?.flush();
    },
    pending: () => impl?.pending() ?? [],
    setPersonalValues(source) {
      personal = source;
    },
    dispose() {
      disposed = true;
      impl?.dispose();
    },
  };
}
