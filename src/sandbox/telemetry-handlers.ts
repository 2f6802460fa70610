/**
 * The sandbox's observability endpoints (issue 10, CONT-25): the logging service records every
 * batch it receives, and a read endpoint shows what the app has sent, for a test or a person:
 *
 *   POST <loggingUrl>                   the logging service: records the batch, answers 204
 *   GET  <apiBaseUrl>sandbox/telemetry  { "logs": [LogMessage...], "analytics": [event...] }
 *   DELETE the same                     forgets both
 *
 * `analytics` is the page's data layer (`window.musterAnalytics`, the collector seam of
 * src/ui/telemetry.ts), so it holds the events tracked before the sandbox started too. From the
 * browser's console: `await (await fetch('/api/sandbox/telemetry')).json()`.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';

/** The batches the logging service keeps (the oldest go first). */
export const RECORDED_LOG_LIMIT = 1000;

export interface TelemetrySandbox {
  handlers: HttpHandler[];
  /** The log messages received so far, oldest first. */
  logs(): unknown[];
}

function dataLayer(): unknown[] {
  const w = (globalThis as { window?: { musterAnalytics?: unknown[] } }).window;
  return w?.musterAnalytics ?? [];
}

export function createTelemetryHandlers(loggingUrl: string, api: (path: string) => string): TelemetrySandbox {
  const logs: unknown[] = [];
  return {
    logs: () => [...logs],
    handlers: [
      http.post(loggingUrl, async ({ request }) => {
        try {
          const body: unknown = JSON.parse(await request.text());
          logs.push(...(Array.isArray(body) ? body : [body]));
          if (logs.length > RECORDED_LOG_LIMIT) logs.splice(0, logs.length - RECORDED_LOG_LIMIT);
        } catch {
          return HttpResponse.json({ message: 'a batch is a JSON array of log messages' }, { status: 400 });
        }
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(api('sandbox/telemetry'), () => HttpResponse.json({ logs, analytics: dataLayer() })),
      http.delete(api('sandbox/telemetry'), () => {
        logs.length = 0;
        dataLayer().length = 0;
        return new HttpResponse(null, { status: 204 });
      }),
    ],
  };
}
