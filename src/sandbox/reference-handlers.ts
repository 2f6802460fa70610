/**
 * The sandbox's reference-data service (doc 2 §7, REF-01..REF-22): GET
 * `member-eligibility/domain-values/...` answers the lists of reference-data.ts (loaded on the
 * first request). Failure personas, to reach a failed list and its retry:
 *
 *   - the provinces of Antarctica (`countries/ATA/subdivisions`) answer 503 the first time in a
 *     page, then the (empty) list: choose Antarctica as an international address's country;
 *   - `POST <apiBaseUrl>sandbox/reference-failures` with `{"list": "military/branches", "times": 1,
 *     "mode": "error"}` makes the next `times` requests for that list (the path after
 *     `domain-values/`) fail: `error` answers 503 (not retried), `network` drops the connection
 *     (the client retries twice, REF-21: use times 3 to see the failure). From the browser's
 *     console: `fetch('/api/sandbox/reference-failures', {method: 'POST', body: JSON.stringify({list: 'military/branches'})})`.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';

export const REFERENCE_PREFIX = 'member-eligibility/domain-values/';

type Mode = 'error' | 'network';

export interface ReferenceSandbox {
  handlers: HttpHandler[];
  /** Make the next `times` requests for `list` fail (the tests' switch; the POST endpoint calls it). */
  failNext(list: string, times?: number, mode?: Mode): void;
}

export function createReferenceHandlers(api: (path: string) => string, wait: () => Promise<void>): ReferenceSandbox {
  const armed = new Map<string, { times: number; mode: Mode }>();
  const once = new Set<string>(['countries/ATA/subdivisions']);
  const failNext = (list: string, times = 1, mode: Mode = 'error'): void => {
    armed.set(list.replace(/^\/+|\/+$/g, ''), { times, mode });
  };
  const failure = (list: string): Mode | undefined => {
    const a = armed.get(list);
    if (a && a.times > 0) {
      a.times -= 1;
      if (a.times === 0) armed.delete(list);
      return a.mode;
    }
    if (once.delete(list)) return 'error';
    return undefined;
  };
  const base = api(REFERENCE_PREFIX);
  return {
    failNext,
    handlers: [
      http.post(api('sandbox/reference-failures'), async ({ request }) => {
        let body: { list?: unknown; times?: unknown; mode?: unknown } = {};
        try {
          body = (await request.json()) as typeof body;
        } catch {
          /* an empty body: refused below */
        }
        if (typeof body.list !== 'string' || body.list === '') return HttpResponse.json({ message: 'list is required, e.g. "military/branches"' }, { status: 400 });
        failNext(body.list, typeof body.times === 'number' ? body.times : 1, body.mode === 'network' ? 'network' : 'error');
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(`${base}*`, async ({ request }) => {
        await wait();
        const url = new URL(request.url);
        const list = decodeURIComponent(url.pathname.slice(new URL(base).pathname.length)).replace(/\/+$/, '');
        const mode = failure(list);
        if (mode === 'network') return HttpResponse.error();
        if (mode === 'error') return HttpResponse.json({ message: 'reference data unavailable' }, { status: 503 });
        const { referenceAnswer } = await import('./reference-data');
        const answer = referenceAnswer(list, url.searchParams);
        if (answer === undefined) return HttpResponse.json({ message: `no list ${list}` }, { status: 404 });
        return HttpResponse.json(answer);
      }),
    ],
  };
}
