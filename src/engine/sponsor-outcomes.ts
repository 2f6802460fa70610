/**
 * What the sponsor service's answers mean (SPON-04..SPON-12, SPON-30..SPON-32, doc 1 §8): the
 * outcome of a search, a create or an update, the state it records and the session values it
 * keeps. Shared by the browser's commands (src/engine/provider/commands.ts) and `npm run
 * simulate`, which is given the service's status and body, so the two cannot disagree. Where a
 * code decides the route, the documents decide it (the sponsor-search module's outcome edges,
 * rules sponsor.*). Pure: no network, no session.
 */
import { brandFields, sponsorEnvelope, type SponsorStatus } from './sponsor-request';
import { checkBody, codesOf, dataOf, lacksFields } from './service-answers';
import { getPath, isObject, type AppState, type JsonObject } from './state';

export interface SponsorAnswer {
  status: number;
  codes: string[];
  sponsorCustId?: string;
  partyIdTypeCd?: string;
  /** ROUTE-17: whether the sponsor found serves or served (`sponsorMilitaryInd` Y or N of the search's answer); absent when the answer does not say. */
  military?: boolean;
  message?: string;
}

/**
 * The sponsor service's answer (SPON-22): codes, sponsorCustId and the sponsor's party id type,
 * at the top or under `data`. A 2xx whose body is not a JSON object, or (`needsCustId`: a
 * search's or create's) 2xx with neither a sponsorCustId nor codes, throws MalformedAnswerError.
 */
export function sponsorAnswerOf(status: number, body: unknown, needsCustId = false): SponsorAnswer {
  checkBody(status, body, () => lacksFields(body, ['sponsorCustId', 'message']));
  const data = dataOf(body);
  const out: SponsorAnswer = { status, codes: codesOf(body) };
  if (typeof data.sponsorCustId === 'string' && data.sponsorCustId !== '') out.sponsorCustId = data.sponsorCustId;
  const typeKey = Object.keys(data).find((k) => /^sponsor.*PartyIdTypeCd$/.test(k));
  const type = typeKey ? data[typeKey] : undefined;
  if (typeof type === 'string') out.partyIdTypeCd = type;
  const militaryInd = data.sponsorMilitaryInd;
  if (militaryInd === 'Y' || militaryInd === 'N') out.military = militaryInd === 'Y';
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string') out.message = message;
  if (needsCustId) checkBody(status, body, () => (out.sponsorCustId === undefined && out.codes.length === 0 ? 'no sponsorCustId' : undefined));
  return out;
}

/** A command's decision: its outcome, the state to record, the answer's status and codes, the session values to keep. */
export interface SponsorDecision {
  outcome: string;
  patch: AppState;
  status?: number;
  codes?: string[];
  session?: Record<string, string>;
}

/** Whether a call's result is already a decision (a failure decided) rather than an answer to judge. */
export const isSponsorDecision = (v: SponsorAnswer | SponsorDecision): v is SponsorDecision => 'outcome' in v;

/** A call that got no readable answer: its status when there was one (408 for a timeout), codes, message. */
export interface CallFailure {
  status?: number;
  codes: string[];
  message: string;
}

const ok = (status: number): boolean => status >= 200 && status < 300;
const joined = (...parts: (string | number | undefined)[]): string => parts.filter((p) => p !== undefined && p !== '').join('|');
/** `|`-joined codes, or the message, or nothing (doc 1 §8: "status|message or codes"). */
const detail = (answer: SponsorAnswer): string => (answer.codes.length > 0 ? answer.codes.join('|') : (answer.message ?? ''));

function decision(outcome: string, patch: AppState, answer?: Pick<SponsorAnswer, 'status' | 'codes'>, session?: Record<string, string>): SponsorDecision {
  return { outcome, patch, ...(answer ? { status: answer.status, ...(answer.codes.length > 0 ? { codes: answer.codes } : {}) } : {}), ...(session ? { session } : {}) };
}

/** An error outcome: the reason (doc 1 §8 encoding) and the sponsor's error state (SPON-10). */
export function sponsorFailure(reason: string, answer?: Pick<SponsorAnswer, 'status' | 'codes'>): SponsorDecision {
  return decision('error', { 'sponsor.isError': true, 'error.hasError': true, 'error.reason': reason }, answer);
}

/** The party id type the answer gives, else the one the envelope sent. */
function typeOf(envelope: JsonObject, brand: string, answer: SponsorAnswer): string | undefined {
  const sent = envelope.sponsor as JsonObject;
  const { partyType } = brandFields(brand);
  return answer.partyIdTypeCd ?? (typeof sent[partyType] === 'string' ? (sent[partyType] as string) : undefined);
}

function sponsorData(envelope: JsonObject, custId: string, typeCd: string | undefined): JsonObject {
  const sent = envelope.sponsor as JsonObject;
  return {
    sponsorCustId: custId,
    ...(typeCd ? { sponsorPartyIdTypeCd: typeCd } : {}),
    ...(typeof sent.sponsorRelationshipType === 'string' ? { sponsorRelationshipType: sent.sponsorRelationshipType } : {}),
  };
}

/** SPON-10: a search that got no readable answer. */
export function searchFailed(f: CallFailure): SponsorDecision {
  return sponsorFailure(f.status !== undefined ? joined('SPONSOR_SEARCH_ERROR', f.status, f.codes.join('|') || f.message) : 'SPONSOR_SEARCH_ERROR|NO_RESPONSE');
}

/** SPON-04..SPON-10: what a search's answer means, for the envelope that was sent. */
export function decideSearch(envelope: JsonObject, brand: string, answer: SponsorAnswer): SponsorDecision {
  const spouse = (envelope.sponsor as JsonObject).sponsorRelationshipType === 'S';
  // SPON-04: found and eligible; the sponsor is stored.
  if (ok(answer.status) && answer.codes.length === 0 && answer.sponsorCustId) {
    return decision(
      'found',
      {
        'sponsor.isEligible': true,
        'sponsor.sponsorExists': true,
        'sponsor.codes': [],
        'sponsor.sponsorData': sponsorData(envelope, answer.sponsorCustId, typeOf(envelope, brand, answer)),
        // ROUTE-17: the spouse member's milestone (military, non-military, or eligible when the answer does not say).
        ...(answer.military !== undefined ? { 'sponsor.militaryStatus': answer.military ? 'military' : 'nonMilitary' } : {}),
      },
      answer,
    );
  }
  // SPON-07: ineligible with codes (a spouse's 400 with codes too); the codes route (module edges).
  if ((ok(answer.status) || (answer.status === 400 && spouse)) && answer.codes.length > 0) {
    return decision('ineligible', { 'sponsor.isEligible': false, 'sponsor.codes': answer.codes }, answer);
  }
  // SPON-08: a spouse's 404 is the sponsor-not-found state; SPON-09: a non-spouse's 404 goes on with the error text encoded.
  if (answer.status === 404) {
    return decision('notFound', { 'sponsor.sponsorExists': false, 'sponsor.codes': spouse ? [] : [joined('SPONSOR_SEARCH_ERROR', 404, detail(answer))] }, answer);
  }
  // SPON-10: anything else (a 2xx without the sponsor's id, another status) is the error route.
  return sponsorFailure(joined('SPONSOR_SEARCH_ERROR', answer.status, detail(answer) || (ok(answer.status) ? 'no sponsorCustId' : '')), answer);
}

/** SPON-11: a create or update that got no readable answer (a 500 is NO_RESPONSE too). */
export function createFailed(f: CallFailure): SponsorDecision {
  return sponsorFailure(f.status !== undefined && f.status !== 500 ? joined('SPONSOR_CREATE_OR_UPDATE_ERROR', f.status, f.codes.join('|')) : 'SPONSOR_CREATE_OR_UPDATE_ERROR|NO_RESPONSE');
}

/** SPON-11/SPON-12: a create or update answer that is not a success; undefined for a success. */
export function createRefused(answer: SponsorAnswer): SponsorDecision | undefined {
  if (ok(answer.status) && answer.codes.length > 0) return sponsorFailure(joined('SPONSOR_CREATE_OR_UPDATE_CODES', answer.codes.join('|')), answer);
  if (answer.status === 400 && answer.codes.length > 0) return decision('codes', { 'sponsor.codes': answer.codes }, answer);
  if (answer.status === 500) return sponsorFailure('SPONSOR_CREATE_OR_UPDATE_ERROR|NO_RESPONSE', answer);
  if (!ok(answer.status)) return sponsorFailure(joined('SPONSOR_CREATE_OR_UPDATE_ERROR', answer.status, answer.codes.join('|')), answer);
  return undefined;
}

/** SPON-05: what a create's answer means; the session keeps the sponsor's ids. */
export function decideCreate(envelope: JsonObject, brand: string, answer: SponsorAnswer): SponsorDecision {
  const refused = createRefused(answer);
  if (refused) return refused;
  if (!answer.sponsorCustId) return sponsorFailure(joined('SPONSOR_CREATE_OR_UPDATE_ERROR', answer.status, 'no sponsorCustId'), answer);
  const typeCd = typeOf(envelope, brand, answer);
  // SPON-05: the sponsor and the session ids; a created sponsor of the brand's type is flagged found.
  return decision(
    'created',
    {
      'sponsor.isCreated': true,
      'sponsor.codes': [],
      'sponsor.sponsorGuid': answer.sponsorCustId,
      ...(typeCd === brand ? { 'sponsor.sponsorExists': true } : {}),
      ...(typeCd ? { 'session.sponsorTypeCd': typeCd } : {}),
      'sponsor.sponsorData': sponsorData(envelope, answer.sponsorCustId, typeCd),
    },
    answer,
    { sponsorGuid: answer.sponsorCustId, sponsorId: answer.sponsorCustId, ...(typeCd ? { sponsorTypeCd: typeCd } : {}) },
  );
}

/** SPON-06, SPON-30: what an update's answer means (the in-flow update, SPON-31, is judged by createRefused first). */
export function decideUpdate(envelope: JsonObject, brand: string, answer: SponsorAnswer, custId: string): SponsorDecision {
  const refused = createRefused(answer);
  if (refused) return refused;
  const sentType = (envelope.sponsor as JsonObject)[brandFields(brand).partyType];
  // SPON-06: another party type than the one sent is the spouse-mismatch flag.
  const spouseMismatch = answer.partyIdTypeCd !== undefined && typeof sentType === 'string' && answer.partyIdTypeCd !== sentType;
  return decision(
    'created',
    {
      'sponsor.isCreated': true,
      'sponsor.codes': [],
      'sponsor.sponsorData.sponsorCustId': answer.sponsorCustId ?? custId,
      'sponsor.sponsorData.spouseMismatch': spouseMismatch,
      ...(answer.partyIdTypeCd ? { 'sponsor.sponsorData.sponsorPartyIdTypeCd': answer.partyIdTypeCd } : {}),
    },
    answer,
  );
}

/** What a sponsor step's envelope is built from: the state, the step's evaluated arguments, the provider's spelling (config.json `sponsorRequest`). */
export interface SponsorStepInput {
  state: AppState;
  /** The step's `person` argument: whose details (default: the triage variant, spouse or parent; else sponsor). */
  person?: string | undefined;
  relationshipType?: string | undefined;
  ctznLocCd?: string | undefined;
  sendSsn?: boolean;
  productId: string;
  /** The prospect's customer id, when there is one. */
  guid?: string | undefined;
  /** The sponsor's customer id the session holds (a resumed session). */
  sessionSponsorGuid?: string | undefined;
  request: { brand: string; memberNumberOrder: readonly number[] };
}

function stateText(state: AppState, path: string): string | undefined {
  const v = getPath(state, path);
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** Whose details the request carries: the step's `person`, else the triage variant (spouse or parent), else sponsor. */
export function sponsorPerson(state: AppState, given: string | undefined): string {
  if (given !== undefined && /^[a-z]+$/.test(given)) return given;
  const variant = stateText(state, 'triage.variant');
  return variant !== undefined && variant !== 'self' && /^[a-z]+$/.test(variant) ? variant : 'sponsor';
}

/** The sponsor's customer id: the state's, else the session's. */
export function sponsorCustIdOf(input: Pick<SponsorStepInput, 'state' | 'sessionSponsorGuid'>): string | undefined {
  return stateText(input.state, 'sponsor.sponsorData.sponsorCustId') ?? input.sessionSponsorGuid;
}

/** The envelope a sponsor step sends (SPON-13/SPON-14/SPON-30). */
export function stepEnvelope(status: SponsorStatus, input: SponsorStepInput): JsonObject {
  const info = getPath(input.state, `eligibility.${sponsorPerson(input.state, input.person)}.personalInfo`);
  return sponsorEnvelope({
    status,
    productId: input.productId,
    inquirerCustId: input.guid,
    person: isObject(info) ? info : {},
    relationshipType: input.relationshipType,
    sponsorCustId: sponsorCustIdOf(input),
    brand: input.request.brand,
    memberNumberOrder: input.request.memberNumberOrder,
    ctznLocCd: input.ctznLocCd,
    applicantSsn: stateText(input.state, 'eligibility.self.personalInfo.ssn'),
    updateSendsSsn: input.sendSsn === true,
  });
}
