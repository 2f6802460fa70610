/**
 * The address service (doc 2 §7, ADDR-22..ADDR-26): `POST validations/address` with an address
 * claim and the headers customerId, appId (`ent-eligibility-modular`) and ent-eligibility-claim.
 * A 400 with codes is an answer, not a failure (ADDR-23): the caller judges it
 * (src/services/commands.ts, command addressValidation, with the step's rules). The shared client
 * with the address policy (POLICIES.addresses: CONST-02's 30000 ms helper, not retried).
 *
 * Also the one mapping between an address block of the forms (schemas/fields/address.json:
 * addressType and the type's fields, ADDR-04) and the provider's address fields (ADDR-03:
 * AddrLineTxt, AddrLineTxt1, AddrTypeCd, CityNm, CountryCd, ForeignZipCd, StateCd, ZipCd,
 * ZipSupplCd, with a `mailing`/`physical` prefix in the prospect payload, none in the claim).
 */
import type { AxiosInstance } from 'axios';
import { isObject, type JsonObject } from '../engine/state';
import type { JsonValue } from '../rules/index';
import { checkBody, codesOf, createClient, lacksFields } from './http';
import { POLICIES } from './endpoints';

/** ADDR-22: the appId header's value. */
export const ADDRESS_APP_ID = 'ent-eligibility-modular';
/** ADDR-05: domestic and APO addresses always carry the country USA. */
export const DOMESTIC_COUNTRY = 'USA';

/** The address service's answer: the status, the codes, and the standardised address when it gives one. */
export interface AddressAnswer {
  status: number;
  codes: string[];
  /** The standardised address, in the provider's field names without prefix (addrLineTxt, cityNm, ...). */
  standardized?: JsonObject;
}

export interface AddressService {
  validate(claim: JsonObject, headers: { customerId?: string; claim?: string }): Promise<AddressAnswer>;
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
 * The standardised address (provider field names, no prefix) as an address block of the same
 * type as the one the applicant typed: the typed block's fields of that type are replaced by
 * the service's where it gives them; undefined when the answer holds no address line.
 */
export function blockFromProvider(standardized: JsonObject, entered: Block): Block | undefined {
  const line = text(standardized, 'addrLineTxt');
  if (line === undefined) return undefined;
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
  const stateZip = [t('domesticState'), t('domesticZipCode')].filter((x) => x !== undefined).join(' ');
  return join(t('domesticAddress'), t('addressLine1'), t('domesticCity'), stateZip === '' ? undefined : stateZip);
}

/** The standardised address of an answer body: `standardizedAddress`, `suggestedAddress` or the first of `suggestions`, at the top or under `data`. */
function standardizedOf(body: unknown): JsonObject | undefined {
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

export function createAddressService(apiBaseUrl: string, client: AxiosInstance = createClient(apiBaseUrl, POLICIES.addresses)): AddressService {
  return {
    async validate(claim, headers) {
      const r = await client.post('validations/address', claim, {
        headers: {
          appId: ADDRESS_APP_ID,
          ...(headers.customerId !== undefined ? { customerId: headers.customerId } : {}),
          ...(headers.claim !== undefined ? { 'ent-eligibility-claim': headers.claim } : {}),
        },
      });
      // A 2xx that is not a JSON object is not "valid": MalformedAnswerError, the error route (ADDR-23).
      checkBody(r.status, r.data, () => lacksFields(r.data, ['standardizedAddress', 'suggestedAddress', 'suggestions']));
      const answer: AddressAnswer = { status: r.status, codes: codesOf(r.data) };
      const standardized = standardizedOf(r.data);
      if (standardized) answer.standardized = standardized;
      return answer;
    },
  };
}
