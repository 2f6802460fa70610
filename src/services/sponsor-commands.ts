/**
 * The sponsor commands (ROUTE-19 /sponsor-search and /sponsor-create; SPON-03..SPON-12,
 * SPON-30..SPON-32, doc 1 §8): each builds the envelope of SPON-13, calls the sponsor service,
 * and reports the outcome src/engine/sponsor-outcomes.ts decides from the answer (the same
 * decision `npm run simulate` makes from a status and body). Which call a step makes (create or
 * update) is the step's `mode` argument, chosen by the module's branch on rule
 * sponsor.actionMode (SPON-01); nothing here reads product ids.
 *
 * Arguments a step gives (JSON-Logic on the state): `relationshipType` (rule
 * sponsor.relationshipType), `ctznLocCd` (rule sponsor.inquirerCitizenship), `person` (whose
 * details: default the triage variant), and for sponsorCreate `mode` (create or update),
 * `sendSsn` (rule sponsor.updateSendsSsn, SPON-30) and `inFlow` (SPON-31: also update the
 * prospect's sponsor when there is a prospect).
 */
import type { JsonObject } from '../engine/state';
import type { CommandContext, CommandHandler, CommandOutcome } from './commands';
import { failureOf } from './http';
import { arg, guidOf, productIdOf } from './command-kit';
import type { SponsorStatus } from '../engine/sponsor-request';
import {
  createFailed,
  createRefused,
  decideCreate,
  decideSearch,
  decideUpdate,
  isSponsorDecision,
  searchFailed,
  sponsorCustIdOf,
  sponsorFailure,
  stepEnvelope,
  type SponsorAnswer,
  type SponsorDecision,
  type SponsorStepInput,
} from '../engine/sponsor-outcomes';

function argText(ctx: CommandContext, name: string): string | undefined {
  const v = arg(ctx, name);
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** What the step's envelope is built from (src/engine/sponsor-outcomes.ts stepEnvelope). */
export function stepInput(ctx: CommandContext): SponsorStepInput {
  return {
    state: ctx.state,
    person: argText(ctx, 'person'),
    relationshipType: argText(ctx, 'relationshipType'),
    ctznLocCd: argText(ctx, 'ctznLocCd'),
    sendSsn: arg(ctx, 'sendSsn') === true,
    productId: productIdOf(ctx),
    guid: guidOf(ctx),
    sessionSponsorGuid: ctx.session.getString('sponsorGuid'),
    request: ctx.config.sponsorRequest,
  };
}

/** The envelope for this step (SPON-13/SPON-14/SPON-30). */
export function envelopeFor(ctx: CommandContext, status: SponsorStatus): JsonObject {
  return stepEnvelope(status, stepInput(ctx));
}

/** A decision as the command's outcome; the session values it keeps are kept. */
function outcome(ctx: CommandContext, d: SponsorDecision): CommandOutcome {
  if (d.session) ctx.session.set(d.session);
  return { kind: 'result', result: { outcome: d.outcome, patch: d.patch, ...(d.status !== undefined ? { status: d.status } : {}), ...(d.codes ? { codes: d.codes } : {}) } };
}

/** The answer of a call, or the failure's decision when it got none it can read. */
async function call(make: () => Promise<SponsorAnswer>, failed: (f: ReturnType<typeof failureOf>) => SponsorDecision): Promise<SponsorAnswer | SponsorDecision> {
  try {
    return await make();
  } catch (err) {
    return failed(failureOf(err));
  }
}

/** SPON-03..SPON-10: search for the sponsor. */
const sponsorSearch: CommandHandler = {
  async run(ctx) {
    const envelope = envelopeFor(ctx, 'search');
    const answer = await call(() => ctx.services.sponsors.search(envelope, ctx.signal), searchFailed);
    return outcome(ctx, isSponsorDecision(answer) ? answer : decideSearch(envelope, ctx.config.sponsorRequest.brand, answer));
  },
};

/** SPON-05, SPON-06, SPON-11, SPON-12, SPON-30..SPON-32: create the sponsor, or update the one created (the step's `mode`). */
const sponsorCreate: CommandHandler = {
  async run(ctx) {
    const mode = argText(ctx, 'mode');
    if (mode !== 'create' && mode !== 'update') throw new Error('the step gives no mode "create" or "update" (rule sponsor.actionMode chooses the step)');
    const { brand } = ctx.config.sponsorRequest;
    if (mode === 'create') {
      const envelope = envelopeFor(ctx, 'create');
      const answer = await call(() => ctx.services.sponsors.create(envelope, ctx.signal), createFailed);
      return outcome(ctx, isSponsorDecision(answer) ? answer : decideCreate(envelope, brand, answer));
    }
    // The update (SPON-30): PUT sponsors/{sponsorCustId}.
    const input = stepInput(ctx);
    const custId = sponsorCustIdOf(input);
    if (!custId) return outcome(ctx, sponsorFailure('SPONSOR_CREATE_OR_UPDATE_ERROR|NO_SPONSOR_CUST_ID'));
    const envelope = stepEnvelope('updateSponsor', input);
    const answer = await call(() => ctx.services.sponsors.update(custId, envelope, ctx.signal), createFailed);
    if (isSponsorDecision(answer)) return outcome(ctx, answer);
    const refused = createRefused(answer);
    if (refused) return outcome(ctx, refused);
    // SPON-31/SPON-32: the prospect's sponsor, with the same sponsor object, when there is a prospect.
    const guid = input.guid;
    if (arg(ctx, 'inFlow') === true && guid) {
      const inFlow = await call(() => ctx.services.sponsors.updateInFlow(guid, { sponsor: envelope.sponsor as JsonObject }, ctx.session.getString('jwtKey'), ctx.signal), createFailed);
      const inFlowRefused = isSponsorDecision(inFlow) ? inFlow : createRefused(inFlow);
      if (inFlowRefused) return outcome(ctx, inFlowRefused);
    }
    return outcome(ctx, decideUpdate(envelope, brand, answer, custId));
  },
};

export const sponsorCommands: Record<'sponsorSearch' | 'sponsorCreate', CommandHandler> = { sponsorSearch, sponsorCreate };
