/**
 * Prefill (PAY-36, SESS-01, SESS-03): the applicant's known details, left in the session
 * namespace by the page that sent them here with action=prefill, read into the flow's state.
 *
 * - `prefillStatus` is '', `success` or `failed` (PAY-36). `failed` shows the prefill failure
 *   banner on the applicant's own basic-info panels (UI-21: the panels' `heldError`, rule
 *   `prefill.failureShown`).
 * - `prefillDetails` is a list of key/value pairs (PAY-08), or the same as one object. The keys
 *   PAY-36 names map into `personalInfo` under the form's field names: firstName, lastName,
 *   phone (phoneNumber, digits only), email (emailAddress). `physicalAddress` and
 *   `mailingAddress` hold an address block (an object, or a JSON string of one) with the address
 *   form's field names (schemas/fields/address.json); they map into the address panel's
 *   `physical` and `mailing` blocks. Anything else, and any value that is not a string, is
 *   ignored.
 * - What was read is also kept as the pairs the prefill gave, `{key, value}` with the value as
 *   applied (the trimmed text, the phone's digits, the address block's form fields), at
 *   `individuals.prefillDetails` (PAY-34): the prospect sends it as `prefillDetails` (PAY-08).
 *   Nothing is kept when nothing was read.
 * - The details are personal data: once read into memory the key is removed from session
 *   storage (the app never keeps personal data at rest), so a reload shows those fields empty
 *   like any other personal answer.
 *
 * Loaded on demand: only a session that arrives with prefill details needs it.
 */
import type { JsonValue } from '../rules/index';
import { getPath, isObject, setPath, type AppState, type JsonObject } from '../engine/state';

const PERSONAL: Record<string, { field: string; digits?: true }> = {
  firstName: { field: 'firstName' },
  lastName: { field: 'lastName' },
  phone: { field: 'phoneNumber', digits: true },
  email: { field: 'emailAddress' },
};

const ADDRESSES: Record<string, string> = { physicalAddress: 'physical', mailingAddress: 'mailing' };

/** The address form's fields (schemas/fields/address.json): nothing else is copied from an address block. */
const ADDRESS_FIELDS = new Set([
  'addressType',
  'domesticAddress',
  'addressLine1',
  'domesticCity',
  'domesticState',
  'domesticZipCode',
  'domesticZipSupplement',
  'apoAddress',
  'apoZipCode',
  'apoZipSupplement',
  'internationalCountry',
  'internationalAddress',
  'internationalCity',
  'internationalPostalCode',
  'internationalProvince',
]);

const MAX_VALUE = 200;

/** The details as a key -> value map, from the list of pairs or an object (or their JSON text). */
export function prefillPairs(details: JsonValue | undefined): Map<string, JsonValue> {
  let value = details;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as JsonValue;
    } catch {
      return new Map();
    }
  }
  const out = new Map<string, JsonValue>();
  if (Array.isArray(value)) {
    for (const pair of value) {
      if (!isObject(pair)) continue;
      const key = pair.key ?? pair.name;
      if (typeof key === 'string' && pair.value !== undefined) out.set(key, pair.value as JsonValue);
    }
  } else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) out.set(k, v as JsonValue);
  }
  return out;
}

function text(value: JsonValue | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  return v !== '' && v.length <= MAX_VALUE ? v : undefined;
}

function addressBlock(value: JsonValue | undefined): JsonObject | undefined {
  let block = value;
  if (typeof block === 'string') {
    try {
      block = JSON.parse(block) as JsonValue;
    } catch {
      return undefined;
    }
  }
  if (!isObject(block)) return undefined;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(block)) {
    const t = text(v as JsonValue);
    if (ADDRESS_FIELDS.has(k) && t !== undefined) out[k] = t;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The state with the prefill details mapped into the applicant's own personalInfo and address. */
export function applyPrefill(state: AppState, details: JsonValue | undefined): { state: AppState; fields: number } {
  const pairs = prefillPairs(details);
  let s = state;
  let fields = 0;
  const personal: JsonObject = {};
  const read: JsonObject[] = [];
  for (const [key, { field, digits }] of Object.entries(PERSONAL)) {
    let v = text(pairs.get(key));
    if (v !== undefined && digits) v = v.replace(/\D/g, '') || undefined;
    if (v !== undefined) {
      personal[field] = v;
      read.push({ key, value: v });
      fields++;
    }
  }
  if (Object.keys(personal).length > 0) {
    const existing = getPath(s, 'eligibility.self.personalInfo');
    s = setPath(s, 'eligibility.self.personalInfo', { ...(isObject(existing) ? existing : {}), ...personal });
  }
  for (const [key, block] of Object.entries(ADDRESSES)) {
    const address = addressBlock(pairs.get(key));
    if (!address) continue;
    s = setPath(s, `eligibility.self.address.${block}`, address);
    read.push({ key, value: address });
    fields += Object.keys(address).length;
  }
  if (read.length > 0) s = setPath(s, 'individuals.prefillDetails', read);
  return { state: s, fields };
}
