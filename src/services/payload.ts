/**
 * The prospect payload (doc 2 §3, PAY-*), as far as the documents collect data today: the
 * envelope, marketing identifiers, consent, and the basicInfo, phones and emailAddress
 * sections (a section is sent only when it has a value). Built in memory from the state and
 * sent; never stored. The remaining sections (addresses, military, employment, tax id...)
 * follow with the panels that collect them.
 */
import { getPath, isObject, type AppState, type JsonObject } from '../engine/state';
import type { JsonValue } from '../rules/index';

export const CHANNEL_TYPE = 'DIGITAL_MODEL';

function s(state: AppState, path: string): string | undefined {
  const v = getPath(state, path);
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function section(fields: Record<string, string | undefined>): JsonObject | undefined {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}

export function consentOf(value: JsonValue | undefined): 'AUTHORIZED' | 'REVOKED' {
  return value === true || value === 'AUTHORIZED' ? 'AUTHORIZED' : 'REVOKED';
}

export function buildProspect(state: AppState, options: { productId: string; status: string; person?: string; consent?: JsonValue }): JsonObject {
  const person = options.person ?? 'self';
  const info = `eligibility.${person}.personalInfo`;
  const potentialCustomer: JsonObject = {};
  const basicInfo = section({
    indivFirstNm: s(state, `${info}.firstName`),
    indivLastNm: s(state, `${info}.lastName`),
    indivMiddleNm: s(state, `${info}.middleName`),
    birthDt: s(state, `${info}.dob`),
    indivNmSuffixCd: s(state, `${info}.suffix`),
    ctznLocCd: s(state, `${info}.isUsCitizen`) === 'true' ? '99' : (s(state, `${info}.countryOfCitizenship`) ?? s(state, 'session.citizenshipLocationCode')),
    genderCd: s(state, `${info}.gender`),
    maritalStatusCd: s(state, `${info}.maritalStatus`),
  });
  if (basicInfo) potentialCustomer.basicInfo = basicInfo;
  const phone = s(state, `${info}.phoneNumber`)?.replace(/\D/g, '');
  const phones = section({ phoneNr: phone || undefined, phoneCountryCd: s(state, `${info}.countryCode`) });
  if (phones) potentialCustomer.phones = phones;
  const email = section({ emailAddrTxt: s(state, `${info}.emailAddress`) });
  if (email) potentialCustomer.emailAddress = email;
  const marketing = section({ PromotionCd: s(state, 'session.promotionCd'), UtmSrc: s(state, 'session.utmSource') });
  const triage = getPath(state, 'triage');
  const payload: JsonObject = {
    productId: options.productId,
    status: options.status,
    channelType: CHANNEL_TYPE,
    consentAcquired: consentOf(options.consent),
    url_params: isObject(triage) ? Object.fromEntries(Object.entries(triage).filter(([, v]) => typeof v === 'string')) : {},
    potentialCustomer,
  };
  if (marketing) payload.marketingIdentifiers = marketing;
  return payload;
}
