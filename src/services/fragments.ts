/**
 * Content fragments by key (doc 1 §7, CONT-08..CONT-11): GET {base}public/objects/{key}
 * unauthenticated, {base}objects/{key} authenticated, Accept JSON; a POST with a
 * replacementMap body when one is given. The answer's `data` is the fragment. A timeout is
 * logged as a warning and retried once (CONT-09); the screen makes up to 3 attempts (CONT-12).
 */
import type { AxiosInstance } from 'axios';
import type { JsonValue } from '../rules/index';
import type { Telemetry } from '../ui/contract';
import { createClient, failureOf, TIMEOUTS } from './http';

export class ContentLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentLoadError';
  }
}

export interface FragmentOptions {
  authenticated: boolean;
  replacementMap?: Record<string, string>;
}

export function createFragmentService(contentBaseUrl: string, telemetry: Pick<Telemetry, 'log'>, client: AxiosInstance = createClient(contentBaseUrl, TIMEOUTS.generic)) {
  return async function fetchFragment(key: string | undefined, options: FragmentOptions): Promise<JsonValue> {
    if (key === undefined || key === '' || !/^[A-Za-z0-9._-]+$/.test(key)) throw new ContentLoadError('invalid WCM key name');
    const kind = options.authenticated ? 'authenticated' : 'non-authenticated';
    const path = `${options.authenticated ? '' : 'public/'}objects/${encodeURIComponent(key)}`;
    const once = () => (options.replacementMap ? client.post(path, { replacementMap: options.replacementMap }) : client.get(path));
    let response;
    try {
      try {
        response = await once();
      } catch (err) {
        if (!failureOf(err).timeout) throw err;
        telemetry.log('warn', 'content request timed out: retrying once', { key });
        response = await once();
      }
    } catch (err) {
      const message = `Error requesting ${kind} WCM object for key: ${key} - ${failureOf(err).message}`;
      telemetry.log('error', message, { key });
      throw new ContentLoadError(message);
    }
    if (response.status < 200 || response.status >= 300) {
      const message = `Error requesting ${kind} WCM object for key: ${key} - ${response.status}`;
      telemetry.log('error', message, { key });
      throw new ContentLoadError(message);
    }
    const body = response.data as { data?: JsonValue } | null;
    return body && typeof body === 'object' && 'data' in body ? (body.data ?? null) : null;
  };
}
