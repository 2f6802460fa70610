/**
 * Session start (doc 1 §4 "Session start", SESS-01..SESS-19, ROUTE-07, ROUTE-08): what the
 * entry URL's query and the stored session decide. Pure functions; boot.ts applies them.
 */
import type { SessionValues } from './storage';

export type EntryAction = 'resume' | 'prefill';

export interface EntryQuery {
  /** `product` or `productId` (ROUTE-08). */
  product?: string;
  version?: string;
  goto?: string;
  action?: EntryAction;
  promotionCode?: string;
  utmSource?: string;
  /** SESS-19 (reading adopted): an optional query parameter, format-checked. */
  citizenshipLocationCode?: string;
  /** Non-production only (ROUTE-07). */
  panel?: string;
  /** Non-production only: `demo=1` switches demo mode on (PROD-11). */
  demo?: boolean;
  /** Support variant: the caller chosen in the portal (AUTH-18). */
  caller?: string;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Control characters (C0 and DEL), which no entry value may hold. */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

function clean(value: string | null, pattern: RegExp = /^.{1,200}$/): string | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  return v !== '' && !hasControlCharacters(v) && pattern.test(v) ? v : undefined;
}

/** SESS-18 (suggested default): 2-3 uppercase letters or digits, or 99. */
export function validCitizenshipLocationCode(code: string): boolean {
  return /^[A-Z0-9]{2,3}$/.test(code);
}

/** Reads the entry query. Unknown parameters are ignored (SESS-19). */
export function parseEntryQuery(search: string, nonProduction: boolean): EntryQuery {
  const q = new URLSearchParams(search);
  const out: EntryQuery = {};
  const product = clean(q.get('productId'), ID) ?? clean(q.get('product'), ID);
  if (product) out.product = product;
  const version = clean(q.get('version'), /^[A-Za-z0-9._-]{1,32}$/);
  if (version) out.version = version;
  const goto = q.get('goto');
  if (goto !== null && goto !== '') out.goto = goto;
  const action = q.get('action');
  if (action === 'resume' || action === 'prefill') out.action = action;
  const promotion = clean(q.get('promotion_code'), /^[A-Za-z0-9._-]{1,64}$/);
  if (promotion) out.promotionCode = promotion;
  const utm = clean(q.get('utm_source'), /^[A-Za-z0-9._~ -]{1,100}$/);
  if (utm) out.utmSource = utm;
  const ctzn = clean(q.get('citizenshipLocationCode'));
  if (ctzn && validCitizenshipLocationCode(ctzn)) out.citizenshipLocationCode = ctzn;
  const caller = clean(q.get('caller'), ID);
  if (caller) out.caller = caller;
  if (nonProduction) {
    const panel = clean(q.get('panel'), ID);
    if (panel) out.panel = panel;
    if (q.get('demo') === '1' || q.get('demo') === 'true') out.demo = true;
  }
  return out;
}

/**
 * Characters no goto may hold, in any of its decoded forms: controls (C0, DEL, C1), format
 * characters (zero-width, bidi overrides, BOM), unassigned and private-use code points, lone
 * surrogates, every Unicode separator and space (U+2028, U+2029, NBSP, U+3000 ...) and
 * backslashes (browsers read `/\evil` as `//evil`). The plain space is the one exception, and
 * only in a decoded form (`a%20b`): the value as given is printable ASCII without spaces.
 */
const GOTO_FORBIDDEN = /[\p{C}\p{Zl}\p{Zp}\\]|(?! )[\p{Zs}\s]/u;

/** How many layers of percent-encoding the check looks through (a double-encoded `//` is `%252F%252F`). */
const GOTO_DECODE_LAYERS = 3;

/**
 * A path that stays a path on this origin: starts with one `/`, holds nothing forbidden, and
 * still has this origin and a path not starting with `//` once a URL parser has resolved its
 * dot segments (`/..//host` resolves to `//host`).
 */
function safePathForm(value: string, origin: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || GOTO_FORBIDDEN.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return false;
  }
  return url.origin === origin && url.username === '' && url.password === '' && !url.pathname.startsWith('//');
}

/**
 * The goto safety check (SESS-08, SESS-09; issue 13): only a same-origin path is accepted.
 * Returns the absolute same-origin URL to navigate to, or undefined.
 *
 * - The value as given must be printable ASCII (a real path is percent-encoded), start with a
 *   single `/`, and hold no backslash: no scheme (`javascript:`, `data:`, `https:`), no
 *   protocol-relative `//host`, no `/\host`, no Unicode whitespace or separator (U+2028).
 * - Each percent-decoded form (up to three layers) must pass the same check, so an encoded or
 *   double-encoded `//`, backslash, control character or separator is refused too, whoever
 *   decodes it later. A value whose decoding fails (a stray `%`), or that is still encoded after
 *   three layers, is refused.
 * - Every form is also resolved as a URL against this origin: same origin, no user info, and a
 *   path that does not start with `//` (a dot segment can collapse `/.//host` to `//host`).
 */
export function safeGoto(raw: string | undefined, origin: string): string | undefined {
  if (raw === undefined || raw === '' || raw.length > 2000) return undefined;
  if (!/^[\x21-\x7e]+$/.test(raw) || !safePathForm(raw, origin)) return undefined;
  let layer = raw;
  for (let i = 0; layer.includes('%'); i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return undefined;
    }
    if (decoded === layer) break;
    // Encoded more deeply than anyone needs: refuse rather than guess what a later reader decodes.
    if (i === GOTO_DECODE_LAYERS) return undefined;
    if (!safePathForm(decoded, origin)) return undefined;
    layer = decoded;
  }
  return new URL(raw, origin).href;
}

/** SESS-04 (suggested default): the stored values that must all be present to resume. */
export const RESUME_KEYS = ['productId', 'moduleSequenceId', 'modulePositionIndex', 'potentialCustomerGuid', 'jwtKey'] as const;

/** SESS-03: resume when the stored session holds every resume key and the action is resume or prefill. */
export function canResume(stored: SessionValues, action: EntryAction | undefined): boolean {
  if (action !== 'resume' && action !== 'prefill') return false;
  return RESUME_KEYS.every((k) => {
    const v = stored[k];
    return (typeof v === 'string' && v !== '') || (typeof v === 'number' && Number.isInteger(v) && v >= 0);
  });
}

/** SESS-10/11: redirect once when the referrer does not match, unless resuming or already redirected. */
export function referrerRedirect(options: {
  expected: string | undefined;
  redirectTo: string | undefined;
  referrer: string;
  resuming: boolean;
  alreadyRedirected: boolean;
  entryUrl: string;
}): string | undefined {
  if (!options.expected || options.resuming || options.alreadyRedirected) return undefined;
  if (options.referrer.startsWith(options.expected)) return undefined;
  return options.redirectTo ?? options.entryUrl;
}
