/**
 * The sponsor commands (ROUTE-19 /sponsor-search and /sponsor-create; SPON-03..SPON-12,
 * SPON-30..SPON-32, doc 1 §8): each calls the sponsor service with the envelope of SPON-13 and
 * reports an outcome with the answer's status and codes. Where a code decides the route, the
 * documents decide it: the sponsor-search module's outcome edges and the rules
 * sponsor.spouseMismatchCode, sponsor.spouseIneligibleCodes, sponsor.spouseMismatchFlag. Which
 * call a step makes (create or update) is the step's `mode` argument, chosen by the module's
 * branch on rule sponsor.actionMode (SPON-01); nothing here reads product ids.
 *
 * Arguments a step gives (JSON-Logic on the state): `relationshipType` (rule
 * sponsor.relationshipType), `ctznLocCd` (rule sponsor.inquirerCitizenship), `person` (whose
 * details: default the triage variant), and for sponsorCreate `mode` (create or update),
 * `sendSsn` (rule sponsor.updateSendsSsn, SPON-30) and `inFlow` (SPON-31: also update the
 * prospect's sponsor when there is a prospect).
 */
import { getPath, isObject, type AppState, type JsonObject } from '../engine/state';
import type { CommandContext, CommandHandler, CommandOutcome } from './commands';
import { failureOf } from './http';
import { arg, guidOf, ok, productIdOf, str } from './command-kit';
import { brandFields, sponsorEnvelope, type SponsorStatus } from './sponsor-request';
import type { SponsorAnswer } from './sponsors';

function argText(ctx: CommandContext, name: string): string | undefined {
  const v = arg(ctx, name);
  return typeof v === 'string' && v !== '' ? v : undefined;
}

const result = (outcome: string, patch: AppState, answer?: Pick<SponsorAnswer, 'status' | 'codes'>): CommandOutcome => ({
  kind: 'result',
  result: { outcome, patch, ...(answer ? { status: answer.status, ...(answer.codes.length > 0 ? { codes: answer.codes } : {}) } : {}) },
});

/** An error outcome: the reason (doc 1 §8 encoding) and the sponsor's error state (SPON-10). */
const failure = (reason: string, answer?: Pick<SponsorAnswer, 'status' | 'codes'>): CommandOutcome =>
  result('error', { 'sponsor.isError': true, 'error.hasError': true, 'error.reason': reason }, answer);

/** Whose details the request carries: the step's `person`, else the triage variant (spouse or parent). */
function sponsorPerson(ctx: CommandContext): string {
  const given = argText(ctx, 'person');
  if (given !== undefined && /^[a-z]+$/.test(given)) return given;
  const variant = str(ctx.state, 'triage.variant');
  return variant !== undefined && variant !== 'self' && /^[a-z]+$/.test(variant) ? variant : 'sponsor';
}

/** The envelope for this step (SPON-13/SPON-14/SPON-30). */
export function envelopeFor(ctx: CommandContext, status: SponsorStatus): JsonObject {
  const info = getPath(ctx.state, `eligibility.${sponsorPerson(ctx)}.personalInfo`);
  const { brand, memberNumberOrder } = ctx.config.sponsorRequest;
  return sponsorEnvelope({
    status,
    productId: productIdOf(ctx),
    inquirerCustId: guidOf(ctx),
    person: isObject(info) ? info : {},
    relationshipType: argText(ctx, 'relationshipType'),
    sponsorCustId: str(ctx.state, 'sponsor.sponsorData.sponsorCustId') ?? ctx.session.getString('sponsorGuid'),
    brand,
    memberNumberOrder,
    ctznLocCd: argText(ctx, 'ctznLocCd'),
    applicantSsn: str(ctx.state, 'eligibility.self.personalInfo.ssn'),
    updateSendsSsn: arg(ctx, 'sendSsn') === true,
  });
}

/** `|`-joined codes, or the message, or nothing (doc 1 §8: "status|message or codes"). */
const detail = (answer: SponsorAnswer): string => (answer.codes.length > 0 ? answer.codes.join('|') : (answer.message ?? ''));
const joined = (...parts: (string | number | undefined)[]): string => parts.filter((p) => p !== undefined && p !== '').join('|');

/** SPON-03..SPON-10: search for the sponsor. */
const sponsorSearch: CommandHandler = {
  async run(ctx) {
    const envelope = envelopeFor(ctx, 'search');
    let answer: SponsorAnswer;
    try {
      answer = await ctx.services.sponsors.search(envelope);
    } catch (err) {
      const f = failureOf(err);
      return failure(f.status !== undefined ? joined('SPONSOR_SEARCH_ERROR', f.status, f.codes.join('|') || f.message) : 'SPONSOR_SEARCH_ERROR|NO_RESPONSE');
    }
    const spouse = (envelope.sponsor as JsonObject).sponsorRelationshipType === 'S';
    const sent = envelope.sponsor as JsonObject;
    const { partyType } = brandFields(ctx.config.sponsorRequest.brand);
    // SPON-04: found and eligible; the sponsor is stored.
    if (ok(answer.status) && answer.codes.length === 0 && answer.sponsorCustId) {
      const partyIdType = answer.partyIdTypeCd ?? (typeof sent[partyType] === 'string' ? (sent[partyType] as string) : undefined);
      return result('found', {
        'sponsor.isEligible': true,
        'sponsor.sponsorExists': true,
        'sponsor.codes': [],
        'sponsor.sponsorData': {
          sponsorCustId: answer.sponsorCustId,
          ...(partyIdType ? { sponsorPartyIdTypeCd: partyIdType } : {}),
          ...(typeof sent.sponsorRelationshipType === 'string' ? { sponsorRelationshipType: sent.sponsorRelationshipType } : {}),
        },
      }, answer);
    }
    // SPON-07: ineligible with codes (a spouse's 400 with codes too); the codes route (module edges).
    if ((ok(answer.status) || (answer.status === 400 && spouse)) && answer.codes.length > 0) {
      return result('ineligible', { 'sponsor.isEligible': false, 'sponsor.codes': answer.codes }, answer);
    }
    // SPON-08: a spouse's 404 is the sponsor-not-found state; SPON-09: a non-spouse's 404 goes on with the error text encoded.
    if (answer.status === 404) {
      return result('notFound', { 'sponsor.sponsorExists': false, 'sponsor.codes': spouse ? [] : [joined('SPONSOR_SEARCH_ERROR', 404, detail(answer))] }, answer);
    }
    // SPON-10: anything else (a 2xx without the sponsor's id, another status) is the error route.
    return failure(joined('SPONSOR_SEARCH_ERROR', answer.status, detail(answer) || (ok(answer.status) ? 'no sponsorCustId' : '')), answer);
  },
};

/** SPON-11/SPON-12: a create or update answer that is not a success. */
function createFailure(answer: SponsorAnswer): CommandOutcome | undefined {
  if (ok(answer.status) && answer.codes.length > 0) return failure(joined('SPONSOR_CREATE_OR_UPDATE_CODES', answer.codes.join('|')), answer);
  if (answer.status === 400 && answer.codes.length > 0) return result('codes', { 'sponsor.codes': answer.codes }, answer);
  if (answer.status === 500) return failure('SPONSOR_CREATE_OR_UPDATE_ERROR|NO_RESPONSE', answer);
  if (!ok(answer.status)) return failure(joined('SPONSOR_CREATE_OR_UPDATE_ERROR', answer.status, answer.codes.join('|')), answer);
  return undefined;
}

function thrown(err: unknown): CommandOutcome {
  const f = failureOf(err);
  return failure(f.status !== undefined && f.status !== 500 ? joined('SPONSOR_CREATE_OR_UPDATE_ERROR', f.status, f.codes.join('|')) : 'SPONSOR_CREATE_OR_UPDATE_ERROR|NO_RESPONSE');
}

/** SPON-05, SPON-06, SPON-11, SPON-12, SPON-30..SPON-32: create the sponsor, or update the one created (the step's `mode`). */
const sponsorCreate: CommandHandler = {
  async run(ctx) {
    const mode = argText(ctx, 'mode');
    if (mode !== 'create' && mode !== 'update') throw new Error('the step gives no mode "create" or "update" (rule sponsor.actionMode chooses the step)');
    const { brand } = ctx.config.sponsorRequest;
    const { partyType } = brandFields(brand);
    if (mode === 'create') {
      const envelope = envelopeFor(ctx, 'create');
      let answer: SponsorAnswer;
      try {
        answer = await ctx.services.sponsors.create(envelope);
      } catch (err) {
        return thrown(err);
      }
      const failed = createFailure(answer);
      if (failed) return failed;
      if (!answer.sponsorCustId) return failure(joined('SPONSOR_CREATE_OR_UPDATE_ERROR', answer.status, 'no sponsorCustId'), answer);
      const sent = envelope.sponsor as JsonObject;
      const typeCd = answer.partyIdTypeCd ?? (typeof sent[partyType] === 'string' ? (sent[partyType] as string) : undefined);
      // SPON-05: the sponsor and the session ids; a created sponsor of the brand's type is flagged found.
      ctx.session.set({ sponsorGuid: answer.sponsorCustId, sponsorId: answer.sponsorCustId, ...(typeCd ? { sponsorTypeCd: typeCd } : {}) });
      return result('created', {
        'sponsor.isCreated': true,
        'sponsor.codes': [],
        'sponsor.sponsorGuid': answer.sponsorCustId,
        ...(typeCd === brand ? { 'sponsor.sponsorExists': true } : {}),
        ...(typeCd ? { 'session.sponsorTypeCd': typeCd } : {}),
        'sponsor.sponsorData': {
          sponsorCustId: answer.sponsorCustId,
          ...(typeCd ? { sponsorPartyIdTypeCd: typeCd } : {}),
          ...(typeof sent.sponsorRelationshipType === 'string' ? { sponsorRelationshipType: sent.sponsorRelationshipType } : {}),
        },
      }, answer);
    }

    // The update (SPON-30): PUT sponsors/{sponsorCustId}.
    const custId = str(ctx.state, 'sponsor.sponsorData.sponsorCustId') ?? ctx.session.getString('sponsorGuid');
    if (!custId) return failure('SPONSOR_CREATE_OR_UPDATE_ERROR|NO_SPONSOR_CUST_ID');
    const envelope = envelopeFor(ctx, 'updateSponsor');
    let answer: SponsorAnswer;
    try {
      answer = await ctx.services.sponsors.update(custId, envelope);
    } catch (err) {
      return thrown(err);
    }
    const failed = createFailure(answer);
    if (failed) return failed;
    const sentType = (envelope.sponsor as JsonObject)[partyType];
    // SPON-06: another party type than the one sent is the spouse-mismatch flag.
    const spouseMismatch = answer.partyIdTypeCd !== undefined && typeof sentType === 'string' && answer.partyIdTypeCd !== sentType;
    // SPON-31/SPON-32: the prospect's sponsor, with the same sponsor object, when there is a prospect.
    const guid = guidOf(ctx);
    if (arg(ctx, 'inFlow') === true && guid) {
      let inFlow: SponsorAnswer;
      try {
        inFlow = await ctx.services.sponsors.updateInFlow(guid, { sponsor: envelope.sponsor as JsonObject }, ctx.session.getString('jwtKey'));
      } catch (err) {
        return thrown(err);
      }
      const inFlowFailed = createFailure(inFlow);
      if (inFlowFailed) return inFlowFailed;
    }
    return result('created', {
      'sponsor.isCreated': true,
      'sponsor.codes': [],
      'sponsor.sponsorData.sponsorCustId': answer.sponsorCustId ?? custId,
      'sponsor.sponsorData.spouseMismatch': spouseMismatch,
      ...(answer.partyIdTypeCd ? { 'sponsor.sponsorData.sponsorPartyIdTypeCd': answer.partyIdTypeCd } : {}),
    }, answer);
  },
};

export const sponsorCommands: Record<'sponsorSearch' | 'sponsorCreate', CommandHandler> = { sponsorSearch, sponsorCreate };
