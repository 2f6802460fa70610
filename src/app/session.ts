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
