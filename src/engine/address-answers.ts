/**
 * The address service's claim and answer (ADDR-03, ADDR-05, ADDR-22..ADDR-26), pure: the
 * provider's address fields of a block, the standardised address of an answer as a block, a
 * block as one line, and what an answer means for the addressValidation command. Shared by the
 * browser's command (src/engine/provider/commands.ts) and `npm run simulate`, which is given a status
 * and a body.
 */
import type { JsonValue, RuleEngine } from '../rules/index';
import { MATCH_LIMITS, plainText } from '../rules/operations';
import { checkBody, codesOf, encodeFailure, lacksFields } from './service-answers';
import { isObject, setPath, type AppState, type JsonObject } from './state';

/** ADDR-05: domestic and APO addresses always carry the country USA. */
export const DOMESTIC_COUNTRY = 'USA';

/** The address service's answer: the status, the codes, and the standardised address when it gives one. */
export interface AddressAnswer {
  status: number;
  codes: string[];
  /** The standardised address, in the provider's field names without prefix (addrLineTxt, cityNm, ...). */
  standardized?: JsonObject;
}

type Block = JsonObject;

function text(block: Block, field: string): string | undefined {
  const v = block[field];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** Provider field names (ADDR-03) in the form `${prefix}AddrLineTxt`, or `addrLineTxt` without a prefix. */
function nameOf(prefix: string, name: string): string {
  return prefix === '' ? name.charAt(0).toLowerCase() + name.slice(1) : `${prefix}${name}`;
}

/**
 * An address block as the provider's address fields (ADDR-03, ADDR-05): only the fields of the
 * block's own type (fields left over from another type the applicant chose first are not sent).
 * `prefix` is `mailing` or `physical` for the prospect payload, '' for the validation claim.
 */
export function providerAddress(block: Block, prefix = ''): JsonObject {
  const out: JsonObject = {};
  const put = (name: string, value: string | undefined): void => {
    if (value !== undefined) out[nameOf(prefix, name)] = value;
  };
  const type = text(block, 'addressType');
  put('AddrTypeCd', type);
  if (type === 'D') {
    put('AddrLineTxt', text(block, 'domesticAddress'));
    put('AddrLineTxt1', text(block, 'addressLine1'));
    put('CityNm', text(block, 'domesticCity'));
    put('StateCd', text(block, 'domesticState'));
    put('ZipCd', text(block, 'domesticZipCode'));
    put('ZipSupplCd', text(block, 'domesticZipSupplement'));
    put('CountryCd', DOMESTIC_COUNTRY);
  } else if (type === 'O') {
    put('AddrLineTxt', text(block, 'apoAddress'));
    put('ZipCd', text(block, 'apoZipCode'));
    put('ZipSupplCd', text(block, 'apoZipSupplement'));
    put('CountryCd', DOMESTIC_COUNTRY);
  } else if (type === 'I') {
    put('AddrLineTxt', text(block, 'internationalAddress'));
    put('CityNm', text(block, 'internationalCity'));
    put('StateCd', text(block, 'internationalProvince'));
    put('ForeignZipCd', text(block, 'internationalPostalCode'));
    put('CountryCd', text(block, 'internationalCountry'));
  }
  return out;
}

/**
 * The longest field of a suggested address (issue 22): the rules read its lines as plain text
 * with `matches`, which refuses a longer value; a suggestion with a longer field is no suggestion.
 */
export const MAX_SUGGESTED_FIELD = MATCH_LIMITS.input;

/**
 * The standardised address (provider field names, no prefix) as an address block of the same
 * type as the one the applicant typed: the typed block's fields of that type are replaced by
 * the service's where it gives them; undefined when the answer holds no address line, or when a
 * field the service gives is over MAX_SUGGESTED_FIELD characters as plain text (dropped: the
 * mismatch page follows, the journey goes on, ADDR-18, ADDR-20).
 */
export function blockFromProvider(standardized: JsonObject, entered: Block): Block | undefined {
  const line = text(standardized, 'addrLineTxt');
  if (line === undefined) return undefined;
  if (Object.values(standardized).some((v) => typeof v === 'string' && plainText(v).length > MAX_SUGGESTED_FIELD)) return undefined;
  const type = text(entered, 'addressType') ?? text(standardized, 'addrTypeCd');
  const pick = (name: string): string | undefined => text(standardized, name);
  const block: Block = { addressType: type ?? 'D' };
  const set = (field: string, value: string | undefined): void => {
    const v = value ?? text(entered, field);
    if (v !== undefined) block[field] = v;
  };
  if (type === 'O') {
    set('apoAddress', line);
    set('apoZipCode', pick('zipCd'));
    set('apoZipSupplement', pick('zipSupplCd'));
  } else if (type === 'I') {
    set('internationalCountry', pick('countryCd'));
    set('internationalAddress', line);
    set('internationalCity', pick('cityNm'));
    set('internationalPostalCode', pick('foreignZipCd'));
    set('internationalProvince', pick('stateCd'));
  } else {
    set('domesticAddress', line);
    set('addressLine1', pick('addrLineTxt1'));
    set('domesticCity', pick('cityNm'));
    set('domesticState', pick('stateCd'));
    set('domesticZipCode', pick('zipCd'));
    set('domesticZipSupplement', pick('zipSupplCd'));
  }
  return block;
}

/** An address block as one line a person reads: '12 Main St, Apt 4, Austin, TX 78701'. */
export function addressText(block: Block): string {
  const t = (f: string): string | undefined => text(block, f);
  const join = (...parts: (string | undefined)[]): string => parts.filter((p): p is string => p !== undefined).join(', ');
  const type = t('addressType');
  if (type === 'O') {
    const zip = t('apoZipCode');
    const suppl = t('apoZipSupplement');
    return join(t('apoAddress'), zip !== undefined && suppl !== undefined ? `${zip}-${suppl}` : zip);
  }
  if (type === 'I') {
    const region = [t('internationalProvince'), t('internationalPostalCode')].filter((x) => x !== undefined).join(' ');
    return join(t('internationalAddress'), t('internationalCity'), region === '' ? undefined : region, t('internationalCountry'));
  }
  const zip = t('domesticZipCode');
  const suppl = t('domesticZipSupplement');
  const stateZip = [t('domesticState'), zip !== undefined && suppl !== undefined ? `${zip}-${suppl}` : zip].filter((x) => x !== undefined).join(' ');
  return join(t('domesticAddress'), t('addressLine1'), t('domesticCity'), stateZip === '' ? undefined : stateZip);
}

/** The standardised address of an answer body: `standardizedAddress`, `suggestedAddress` or the first of `suggestions`, at the top or under `data`. */
export function standardizedOf(body: unknown): JsonObject | undefined {
  const b = body as JsonValue;
  if (!isObject(b)) return undefined;
  for (const root of [isObject(b.data) ? b.data : undefined, b]) {
    if (!root) continue;
    for (const key of ['standardizedAddress', 'suggestedAddress']) {
      const v = root[key];
      if (isObject(v)) return v;
    }
    const list = root.suggestions;
    if (Array.isArray(list) && isObject(list[0] as JsonValue)) return list[0] as JsonObject;
  }
  return undefined;
}

/** The answer of POST validations/address. A 2xx that is not a JSON object is not "valid": MalformedAnswerError, the error route (ADDR-23). */
export function addressAnswerOf(status: number, body: unknown): AddressAnswer {
  checkBody(status, body, () => lacksFields(body, ['standardizedAddress', 'suggestedAddress', 'suggestions']));
  const answer: AddressAnswer = { status, codes: codesOf(body) };
  const standardized = standardizedOf(body);
  if (standardized) answer.standardized = standardized;
  return answer;
}

/** What addressValidation decided: the outcome, the state to record, the answer's status and codes. */
export interface AddressDecision {
  outcome: 'valid' | 'suggestion' | 'mismatch' | 'error';
  patch: AppState;
  status?: number;
  codes?: string[];
}

/** ADDR-23: the error outcome of a call without a readable answer, or of an answer that is neither valid nor codes. */
export function addressFailed(failure: { status?: number | undefined; codes: string[] }): AddressDecision {
  return { outcome: 'error', patch: { 'error.hasError': true, 'error.reason': encodeFailure('ADDRESS_VALIDATION_ERROR', failure) }, ...(failure.status !== undefined ? { status: failure.status } : {}), ...(failure.codes.length > 0 ? { codes: failure.codes } : {}) };
}

/** The step a decision is made for: its record's path and contents, the block typed, its two conditions, the rules to judge them. */
export interface AddressStep {
  /** eligibility.<person>.address.validation */
  at: string;
  record: JsonObject;
  address: JsonObject;
  /** The step's `dropSuggestion` and `outcome` logic, when it gives them. */
  dropSuggestion?: JsonValue;
  outcomeLogic?: JsonValue;
  state: AppState;
  engine: RuleEngine;
  today: string;
}

/**
 * ADDR-22..ADDR-26: a 2xx without codes is valid. A 400 (or 2xx) with codes is an answer: the
 * standardised address becomes the suggestion unless `dropSuggestion` holds for it
 * (ADDR-20/ADDR-21), and the `outcome` logic says suggestion or mismatch (ADDR-26); both read the
 * record as it will be kept. Anything else is the error. Throws when the outcome logic gives
 * something else (fail closed).
 */
export function decideAddress(step: AddressStep, answer: AddressAnswer): AddressDecision {
  const { status, codes } = answer;
  const { at, address } = step;
  const record: JsonObject = { ...step.record };
  const ok = status >= 200 && status < 300;
  if (ok && codes.length === 0) return { outcome: 'valid', patch: { [at]: { ...record, outcome: 'valid', codes: [] } }, status };
  if (!(codes.length > 0 && (status === 400 || ok))) return addressFailed(answer);
  record.codes = codes;
  const suggestion = answer.standardized ? blockFromProvider(answer.standardized, address) : undefined;
  const judge = (logic: JsonValue | undefined, rec: JsonObject): JsonValue | undefined => (logic === undefined ? undefined : step.engine.evaluate(logic, setPath(step.state, at, rec), { today: step.today }));
  if (suggestion) {
    if (judge(step.dropSuggestion, { ...record, suggestion }) === true) record.suggestionDropped = true;
    else record.suggestion = suggestion;
  }
  const judged = judge(step.outcomeLogic, record);
  if (judged !== undefined && judged !== 'suggestion' && judged !== 'mismatch') throw new Error(`the step's outcome logic gave ${JSON.stringify(judged)}, not suggestion or mismatch`);
  const outcome = isObject(record.suggestion) && (judged ?? 'suggestion') === 'suggestion' ? 'suggestion' : 'mismatch';
  if (outcome === 'suggestion' && isObject(record.suggestion)) record.suggested = addressText(record.suggestion);
  else delete record.suggestion;
  return { outcome, patch: { [at]: { ...record, outcome } }, status, codes };
}

/** The step as decideAddress reads it: its `block`, `address` and `person` arguments evaluated, its two conditions as given (JSON-Logic, judged on the record). */
export function addressStep(input: { person: string; block: JsonValue | undefined; address: JsonObject; args: JsonObject; state: AppState; engine: RuleEngine; today: string }): AddressStep {
  const own = (name: string): JsonValue | undefined => (Object.prototype.hasOwnProperty.call(input.args, name) ? input.args[name] : undefined);
  const dropSuggestion = own('dropSuggestion');
  const outcomeLogic = own('outcome');
  return {
    at: `eligibility.${input.person}.address.validation`,
    record: { block: typeof input.block === 'string' ? input.block : 'mailing', entered: addressText(input.address) },
    address: input.address,
    ...(dropSuggestion !== undefined ? { dropSuggestion } : {}),
    ...(outcomeLogic !== undefined ? { outcomeLogic } : {}),
    state: input.state,
    engine: input.engine,
    today: input.today,
  };
}
