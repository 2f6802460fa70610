/**
 * Content fragments by key (doc 1 §7, CONT-08..CONT-11): GET {base}public/objects/{key}
 * unauthenticated, {base}objects/{key} authenticated, Accept JSON; a POST with a
 * replacementMap body when one is given. The answer's `data` is the fragment. A timeout is
 * logged as a warning and retried once (CONT-09, POLICIES.content); the screen makes up to 3
 * attempts (CONT-12). A network error or an error status is not retried here.
 *
 * This is the one call a first screen can make (the entry milestone's content), so it uses the
 * browser's fetch rather than the services' axios client (src/services/http.ts): axios stays
 * off the first screen's path (its budget, README "Measured"). The policy is the same table's
 * (src/services/endpoints.ts POLICIES.content: CONST-01's generic 10 s, one retry on a timeout).
 */
import type { JsonValue } from '../rules/index';
import type { Telemetry } from '../shared/ports';
import { absoluteBase, POLICIES } from './endpoints';

export class ContentLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentLoadError';
  }
}

export interface FragmentOptions {
  authenticated: boolean;
  /** Signed in: the member's access token, sent as `Authorization: Bearer` (AUTH-03). */
  accessToken?: string;
  replacementMap?: Record<string, string>;
}

class Timeout extends Error {
  constructor() {
    super('ECONNABORTED');
  }
}

export function createFragmentService(contentBaseUrl: string, telemetry: Pick<Telemetry, 'log'>, options: { fetch?: typeof fetch; timeoutMs?: number } = {}) {
  const base = absoluteBase(contentBaseUrl);
  const timeoutMs = options.timeoutMs ?? POLICIES.content.timeout;
  const request = async (url: string, init: RequestInit): Promise<Response> => {
    const doFetch = options.fetch ?? ((input: string, i: RequestInit) => fetch(input, i));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Timeout()), timeoutMs);
    try {
      return await doFetch(url, { ...init, signal: controller.signal });
    } catch (err) {
      throw controller.signal.aborted ? new Timeout() : err;
    } finally {
      clearTimeout(timer);
    }
  };

  return async function fetchFragment(key: string | undefined, fragmentOptions: FragmentOptions): Promise<JsonValue> {
    if (key === undefined || key === '' || !/^[A-Za-z0-9._-]+$/.test(key)) throw new ContentLoadError('invalid WCM key name');
    const kind = fragmentOptions.authenticated ? 'authenticated' : 'non-authenticated';
    const url = new URL(`${fragmentOptions.authenticated ? '' : 'public/'}objects/${encodeURIComponent(key)}`, base).href;
    const bearer: Record<string, string> = fragmentOptions.authenticated && fragmentOptions.accessToken ? { Authorization: `Bearer ${fragmentOptions.accessToken}` } : {};
    const init: RequestInit = fragmentOptions.replacementMap
      ? { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...bearer }, body: JSON.stringify({ replacementMap: fragmentOptions.replacementMap }) }
      : { method: 'GET', headers: { Accept: 'application/json', ...bearer } };
    const fail = (reason: string): ContentLoadError => {
      const message = `Error requesting ${kind} WCM object for key: ${key} - ${reason}`;
      telemetry.log('error', message, { key });
      return new ContentLoadError(message);
    };
    let response: Response;
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          response = await request(url, init);
          break;
        } catch (err) {
          if (!(err instanceof Timeout) || attempt > POLICIES.content.retries) throw err;
          telemetry.log('warn', 'content request timed out: retrying once', { key });
        }
      }
    } catch (err) {
      throw fail(err instanceof Error ? err.message : String(err));
    }
    if (response.status < 200 || response.status >= 300) throw fail(String(response.status));
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw fail('not JSON');
    }
    return body !== null && typeof body === 'object' && 'data' in body ? ((body as { data?: JsonValue }).data ?? null) : null;
  };
}
