/**
 * The sponsor request (doc 2 §3 "Sponsor request", SPON-13..SPON-21, SPON-30): the envelope the
 * sponsor service's search, create and update calls carry. Pure: the handlers
 * (src/engine/provider/commands.ts, and simulate) give it the sponsor's form data, what the documents decided (the
 * relationship code, the citizenship code, whether the update carries the SSN) and the
 * provider's spelling from config.json (`sponsorRequest`: brand and member-number order).
 */
import { toIsoDate } from '../rules/index';
import type { JsonObject } from './state';

/** doc 2 §3: the channel every request names. */
export const CHANNEL_TYPE = 'DIGITAL_MODEL';
/** SPON-18: the relationship codes whose sponsor's party-id type is the brand (parent, stepparent, legal guardian, spouse). */
const BRAND_TYPED = new Set(['P', 'B', 'G', 'S']);

export type SponsorStatus = 'search' | 'create' | 'updateSponsor';

export interface SponsorRequestInput {
  /** SPON-29 (adopted default): the envelope's status tells a search from a create on the shared POST; the update sends updateSponsor (SPON-30). */
  status: SponsorStatus;
  productId: string;
  /** The prospect's customer id, when there is one. */
  inquirerCustId?: string | undefined;
  /** The sponsor's details: the search form's data, or the relative's basic info (eligibility.<person>.personalInfo). */
  person: JsonObject;
  /** SPON-21: P, B, G or S (rule sponsor.relationshipType). */
  relationshipType?: string | undefined;
  /** The sponsor's customer id, once a search or create returned it. */
  sponsorCustId?: string | undefined;
  /** config.json `sponsorRequest`. */
  brand: string;
  memberNumberOrder: readonly number[];
  /** basicInfo.ctznLocCd of the potential-customer block (rule sponsor.inquirerCitizenship). */
  ctznLocCd?: string | undefined;
  /** The applicant's SSN (eligibility.self.personalInfo.ssn), any punctuation. */
  applicantSsn?: string | undefined;
  /** The update carries the applicant's SSN (SPON-30: quote flows only, rule sponsor.updateSendsSsn). Search and create carry it when known (SPON-13). */
  updateSendsSsn?: boolean;
}

const digits = (v: string): string => v.replace(/\D/g, '');

function text(o: JsonObject, key: string): string | undefined {
  const v = o[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** SPON-16/SPON-17: digit i of the result is digit order[i] of the nine-digit member number; anything else is not a member number (undefined). */
export function rearrangeMemberNumber(memberNumber: string, order: readonly number[]): string | undefined {
  const d = digits(memberNumber);
  if (d.length !== 9 || order.length !== 9) return undefined;
  return order.map((i) => d.charAt(i)).join('');
}

/** The field names the provider spells with its brand (SPON-14). */
export function brandFields(brand: string): { partyId: string; partyType: string } {
  return { partyId: `sponsor${brand}PartyTdId`, partyType: `sponsor${brand}PartyIdTypeCd` };
}

/** SPON-19: four digits are the last 4 (sponsorSocialLast4); otherwise the full number (sponsorSocialSecurityNr), digits only. */
function ssnFields(value: string | undefined): JsonObject {
  if (value === undefined) return {};
  const d = digits(value);
  if (d === '') return {};
  return d.length === 4 ? { sponsorSocialLast4: d } : { sponsorSocialSecurityNr: d };
}

/** The `sponsor` object: every field of SPON-14 that has a value (search and create), or the update's four (SPON-30). */
export function sponsorFields(input: SponsorRequestInput): JsonObject {
  const p = input.person;
  const { partyId, partyType } = brandFields(input.brand);
  const memberNumber = text(p, 'memberNumber');
  const out: JsonObject = {};
  const put = (k: string, v: string | undefined): void => {
    if (v !== undefined && v !== '') out[k] = v;
  };
  if (input.status !== 'updateSponsor') {
    put('sponsorFirstNm', text(p, 'firstName'));
    put('sponsorLastNm', text(p, 'lastName'));
    const dob = text(p, 'dob');
    // SPON-15: yyyy-MM-dd, whichever accepted notation the form kept.
    put('sponsorBirthDate', dob !== undefined ? (toIsoDate(dob) ?? undefined) : undefined);
  }
  put('sponsorRelationshipType', input.relationshipType);
  put('sponsorCustId', input.sponsorCustId);
  put(partyId, memberNumber !== undefined ? rearrangeMemberNumber(memberNumber, input.memberNumberOrder) : undefined);
  if (input.relationshipType !== undefined && BRAND_TYPED.has(input.relationshipType)) put(partyType, input.brand);
  if (input.status !== 'updateSponsor') {
    Object.assign(out, ssnFields(text(p, 'ssnLast4') ?? text(p, 'ssn')));
    put('sponsorEmail', text(p, 'emailAddress'));
    put('sponsorPostalCode', text(p, 'zipCode') ?? text(p, 'postalCode'));
    const phone = text(p, 'phoneNumber');
    put('sponsorPhone', phone !== undefined ? digits(phone) : undefined);
    put('sponsorCountryOfCitizenship', text(p, 'countryOfCitizenship'));
  }
  return out;
}

/** The envelope of SPON-13 (search and create) and SPON-30 (update). A block of the potential-customer part is sent only with a value in it. */
export function sponsorEnvelope(input: SponsorRequestInput): JsonObject {
  const envelope: JsonObject = { channelType: CHANNEL_TYPE };
  if (input.inquirerCustId) envelope.inquirerCustId = input.inquirerCustId;
  envelope.productId = input.productId;
  envelope.status = input.status;
  envelope.sponsor = sponsorFields(input);
  const customer: JsonObject = {};
  if (input.ctznLocCd) customer.basicInfo = { ctznLocCd: input.ctznLocCd };
  const ssn = input.applicantSsn ? digits(input.applicantSsn) : '';
  const sendsSsn = input.status === 'updateSponsor' ? input.updateSendsSsn === true : true;
  if (ssn !== '' && sendsSsn) customer.taxIdentification = { socialSecurityNr: ssn };
  if (Object.keys(customer).length > 0) envelope['sponsor-potential-customer'] = customer;
  return envelope;
}
