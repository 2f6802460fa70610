/**
 * The marketing visitor ids the prospect sends when the page has them (PAY-02: `AdobeEcid`,
 * `TealiumVisitorId` in `marketingIdentifiers`; flows/payload.json reads them at
 * `session.adobeEcid` and `session.tealiumVisitorId`). Muster loads no analytics library of its
 * own: the host page's libraries leave their ids in first-party cookies, or in their globals,
 * and this module reads them from there. Where neither is, nothing is written and nothing is sent.
 *
 * - Adobe Experience Cloud id: the `AMCV_<org>@AdobeOrg` cookie (the Visitor API's), its `MCMID`
 *   entry (`...|MCMID|<ecid>|...`); else `_satellite.getVisitorId().getMarketingCloudVisitorID()`
 *   of the tag manager, when that global is there.
 * - Tealium visitor id: the `utag_main` cookie's `v_id:` entry (`v_id:<id>$_sn:3$...`); else
 *   `utag.data.tealium_visitor_id`, or `utag.data['cp.utag_main_v_id']`.
 * - Only an id of letters, digits, `-` and `_` (at most 100) is taken: a cookie's other content
 *   never reaches the payload.
 *
 * Loaded with the analytics chunk once the applicant's first move is painted (boot.ts): no first
 * screen carries it. The libraries may set their cookies after the page loads, so every later
 * state change looks again until both ids are in the state. docs/decisions.md, "Payload fields
 * and reference labels (issue 19)".
 */
import { getPath, type AppState } from '../engine/state';
import type { JsonValue } from '../rules/index';

export interface VisitorIds {
  adobeEcid?: string;
  tealiumVisitorId?: string;
}

/** Where the ids are read: the page's cookies (`document.cookie`) and its globals (`window`). */
export interface VisitorIdSource {
  cookie(): string;
  globals(): unknown;
}

const ID = /^[A-Za-z0-9_-]{1,100}$/;

const idOf = (value: unknown): string | undefined => (typeof value === 'string' && ID.test(value) ? value : undefined);

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The cookies as name -> value (both URI-decoded), the first of each name. */
function cookies(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = decode(part.slice(0, eq).trim());
    if (!out.has(name)) out.set(name, decode(part.slice(eq + 1).trim()));
  }
  return out;
}

const field = (value: unknown, key: string): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);

/** Calls a method of a global object, if it is one; a throwing library gives undefined. */
function call(target: unknown, method: string): unknown {
  const fn = field(target, method);
  if (typeof fn !== 'function') return undefined;
  try {
    return (fn as (this: unknown) => unknown).call(target);
  } catch {
    return undefined;
  }
}

function adobeEcid(jar: Map<string, string>, globals: unknown): string | undefined {
  for (const [name, value] of jar) {
    if (!/^AMCV_.+@AdobeOrg$/.test(name)) continue;
    const parts = value.split('|');
    const at = parts.indexOf('MCMID');
    const id = at >= 0 ? idOf(parts[at + 1]) : undefined;
    if (id) return id;
  }
  return idOf(call(call(field(globals, '_satellite'), 'getVisitorId'), 'getMarketingCloudVisitorID'));
}

function tealiumVisitorId(jar: Map<string, string>, globals: unknown): string | undefined {
  const main = jar.get('utag_main');
  if (main !== undefined) {
    for (const entry of main.split('$')) {
      if (!entry.startsWith('v_id:')) continue;
      const id = idOf(entry.slice(5).split(';')[0]);
      if (id) return id;
    }
  }
  const data = field(field(globals, 'utag'), 'data');
  return idOf(field(data, 'tealium_visitor_id')) ?? idOf(field(data, 'cp.utag_main_v_id'));
}

/** The ids the page has now. A source that throws (no document, a cookie getter refused) has none. */
export function readVisitorIds(source: VisitorIdSource): VisitorIds {
  let jar = new Map<string, string>();
  let globals: unknown;
  try {
    jar = cookies(source.cookie());
  } catch {
    // no cookies: the globals may still have the ids
  }
  try {
    globals = source.globals();
  } catch {
    globals = undefined;
  }
  const adobe = adobeEcid(jar, globals);
  const tealium = tealiumVisitorId(jar, globals);
  return { ...(adobe ? { adobeEcid: adobe } : {}), ...(tealium ? { tealiumVisitorId: tealium } : {}) };
}

/** The page's own cookies and globals (the browser). */
export const PAGE_SOURCE: VisitorIdSource = {
  cookie: () => (typeof document === 'undefined' ? '' : document.cookie),
  globals: () => (typeof window === 'undefined' ? undefined : window),
};

export interface VisitorIdStore {
  getSnapshot(): { state: AppState };
  subscribe(listener: () => void): () => void;
  patch(values: Record<string, JsonValue | undefined>): void;
}

const PATHS = { adobeEcid: 'session.adobeEcid', tealiumVisitorId: 'session.tealiumVisitorId' } as const;

/**
 * Writes the page's visitor ids into the state's session slice now, and again after each later
 * state change (on a microtask, outside the change's own listeners) until both are there.
 * Returns the unsubscribe.
 */
export function watchVisitorIds(store: VisitorIdStore, source: VisitorIdSource = PAGE_SOURCE, later: (fn: () => void) => void = queueMicrotask): () => void {
  const complete = (state: AppState): boolean => Object.values(PATHS).every((p) => typeof getPath(state, p) === 'string');
  const sync = (): void => {
    const state = store.getSnapshot().state;
    const found = readVisitorIds(source);
    const patch: Record<string, JsonValue> = {};
    for (const [name, path] of Object.entries(PATHS) as [keyof VisitorIds, string][]) {
      const id = found[name];
      if (id !== undefined && getPath(state, path) !== id) patch[path] = id;
    }
    if (Object.keys(patch).length > 0) store.patch(patch);
  };
  sync();
  if (complete(store.getSnapshot().state)) return () => undefined;
  let pending = false;
  const unsubscribe = store.subscribe(() => {
    if (pending) return;
    pending = true;
    later(() => {
      pending = false;
      sync();
      if (complete(store.getSnapshot().state)) unsubscribe();
    });
  });
  return unsubscribe;
}
