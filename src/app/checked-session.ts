/**
 * The session as commands write it (issue 22): a value that another page follows as a URL is
 * checked before it is stored, with the documents' URL check (src/engine/url-problem.ts: a path
 * on this site, or `https:` on one of config.json's `allowedHosts`). Today that is
 * `productRedirect`, which an outcome table row keeps from the enrollment service's answer
 * (flows/commands.json: the pilot's `productUrl`, SUB-20; the proofing page's encoded product
 * URL, SUB-23). A refused value is not stored (a stale one is removed) and a warning names the
 * key, never the value. Loaded with the command step, never on a first screen.
 */
import type { SessionKey, SessionPort, SessionValues, Telemetry } from '../shared/ports';
import { urlProblem } from '../engine/url-problem';

/** The session keys whose value is a URL a page follows. */
export const URL_SESSION_KEYS: readonly SessionKey[] = ['productRedirect'];

/**
 * Why a product URL may not be kept, or undefined. SUB-23's row keeps it encoded
 * (`encodeURIComponent`, `%2Fmy%2Fhome`): a value with no `/` or `:` of its own that holds a
 * percent escape is checked once decoded.
 */
export function productUrlProblem(value: string, hosts: readonly string[]): string | undefined {
  const problem = urlProblem(value, hosts);
  if (problem === undefined || /[/:]/.test(value) || !/%[0-9A-Fa-f]{2}/.test(value)) return problem;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return 'it is not a valid encoded URL';
  }
  return urlProblem(decoded, hosts);
}

/** `session` with URL values checked on `set`. */
export function checkedSession(session: SessionPort, hosts: readonly string[], telemetry: Pick<Telemetry, 'log'>): SessionPort {
  return {
    get: (key) => session.get(key),
    getString: (key) => session.getString(key),
    remove: (...keys) => session.remove(...keys),
    clear: () => session.clear(),
    set: (values: SessionValues) => {
      const refused: SessionKey[] = [];
      for (const key of URL_SESSION_KEYS) {
        const value = values[key];
        if (value === undefined) continue;
        const problem = typeof value === 'string' ? productUrlProblem(value, hosts) : 'not a string';
        if (problem === undefined) continue;
        refused.push(key);
        // What is wrong, before its advice (the value itself is not logged).
        telemetry.log('warn', 'session URL refused', { key, reason: problem.split(':')[0] ?? problem });
      }
      const ok = session.set(Object.fromEntries(Object.entries(values).filter(([key]) => !refused.includes(key as SessionKey))) as SessionValues);
      if (refused.length > 0) session.remove(...refused);
      return ok;
    },
  };
}
