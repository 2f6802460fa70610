/**
 * The command registry (ROUTE-19): the named effects command steps run, each a service call
 * or a navigation. A command reports an outcome from its catalogue entry (flows/commands.json)
 * and state to record; the engine's completeCommand then moves on by the outcome edges.
 *
 * Product knowledge stays in the documents: a step's `args` may hold JSON-Logic, evaluated on
 * the state, e.g. moduleUpdate `{"status": ...}` (the lifecycle status of doc 2 §4) or
 * ctaRedirect `{"queryId": ...}` (EXIT-10). A command that throws, or reports an outcome its
 * catalogue entry does not list, is a failure: the app sends the applicant to the error route.
 */
import { isObject, type AppState, type JsonObject } from '../engine/state';
import type { Flow } from '../engine/flow';
import type { CommandResult, ServiceConfig, SessionPort, Telemetry } from '../shared/ports';
import { createEnrollmentService, type EnrollmentAnswer, type EnrollmentService } from './enrollment';
import { createSponsorService, type SponsorService } from './sponsors';
import { sponsorCommands } from './sponsor-commands';
import { createAddressService, type AddressService } from './addresses';
import { addressFailed, addressStep, decideAddress, providerAddress, type AddressAnswer } from '../engine/address-answers';
import { failureOf, type ServiceFailure } from './http';
import { arg, guidOf, ok, productIdOf, str } from './command-kit';
import { buildPayload, consentOf } from '../engine/payload';
import { destinationUrl, type Leave } from './navigation';
import { describeCodes, type TableAnswer } from '../engine/outcome-table';
import { acceptedPatch, detourSent, lifecycleStatus, malformedResult, memberFoundAnswer, prospectTableAnswer, tableAnswer, tableResult } from '../engine/lifecycle';

export interface Services {
  enrollment: EnrollmentService;
  sponsors: SponsorService;
  addresses: AddressService;
}

export function createServices(config: Pick<ServiceConfig, 'apiBaseUrl'>): Services {
  return { enrollment: createEnrollmentService(config.apiBaseUrl), sponsors: createSponsorService(config.apiBaseUrl), addresses: createAddressService(config.apiBaseUrl) };
}

export interface CommandContext {
  command: string;
  args: JsonObject;
  state: AppState;
  flow: Flow;
  today: string;
  config: ServiceConfig;
  session: SessionPort;
  telemetry: Pick<Telemetry, 'log' | 'track'>;
  services: Services;
  leave: Leave;
  /** Aborted when the flow has moved on from the command step: its requests are given up (issue 10, Failures). */
  signal?: AbortSignal;
}

export type CommandOutcome = { kind: 'result'; result: CommandResult } | { kind: 'left'; url: string } | { kind: 'error'; reason: string };

export interface CommandHandler {
  run(ctx: CommandContext): Promise<CommandOutcome>;
  /** What the interstitial says while the command runs (UI-19, UI-20). */
  interstitial?: 'processing' | 'profile';
}

const result = (outcome: string, patch?: AppState, extra: Omit<CommandResult, 'outcome' | 'patch'> = {}): CommandOutcome => ({ kind: 'result', result: { outcome, ...(patch ? { patch } : {}), ...extra } });

/** The lifecycle status (doc 2 §4, SUB-01..SUB-09): the step's `status` argument, else the catalogue's default (rule lifecycle.status); shared with simulate (src/engine/lifecycle.ts). */
function statusToSend(ctx: CommandContext): string {
  return lifecycleStatus(ctx.flow, ctx.command, ctx.args, ctx.state, ctx.today, guidOf(ctx));
}

type Sent = { answer: EnrollmentAnswer; patch: AppState; payload: JsonObject } | { skipped: string; patch: AppState };

/**
 * Send the prospect with a status (SUB-10..SUB-16): the enrollment service POSTs a create, PUTs
 * the rest, and sends nothing without a customer id or after abandon. The held token is the
 * default header (SUB-29): taken from the session, and the one returned kept there.
 */
async function sendStatus(ctx: CommandContext, status: string): Promise<Sent> {
  const guid = guidOf(ctx);
  const known = { ...(guid ? { customerId: guid } : {}), ...(str(ctx.state, 'individuals.lastStatus') ? { lastStatus: str(ctx.state, 'individuals.lastStatus') } : {}) };
  const payload = buildPayload(ctx.flow.docs, ctx.state, { today: ctx.today, productId: productIdOf(ctx), status, config: ctx.flow.product.config });
  const tokens = ctx.services.enrollment.tokens;
  const held = ctx.session.getString('jwtKey');
  if (held) tokens.set(held);
  const answer = await ctx.services.enrollment.send(status, payload, known, ctx.signal);
  if ('skipped' in answer) {
    ctx.telemetry.log('warn', 'lifecycle status not sent', { status, why: answer.skipped });
    return { skipped: answer.skipped, patch: {} };
  }
  const patch = acceptedPatch(status, answer, guid);
  const newGuid = answer.customerId ?? guid;
  if (ok(answer.status)) {
    const token = tokens.get();
    ctx.session.set({ ...(newGuid ? { potentialCustomerGuid: newGuid } : {}), ...(token ? { jwtKey: token } : {}) });
    if (!guid && answer.customerId) ctx.telemetry.track('customer_created', { status });
  }
  // SUB-29: the token is cleared on abandon.
  if (status === 'abandon') ctx.session.remove('jwtKey');
  return { answer, patch, payload: payload as JsonObject };
}

/**
 * Decide the outcome by the command's outcome table (flows/commands.json `outcomeTable`), keep
 * the row's session values, log the codes with their meanings (flows/service-codes.json), and
 * record the row's error reason (the error route follows, FLOW-14). An answer no row takes is an
 * error (ERR-43).
 */
function byTable(ctx: CommandContext, answer: TableAnswer, patch: AppState): CommandOutcome {
  // The decision is src/engine/lifecycle.ts's, which simulate also uses.
  const decided = tableResult(ctx.flow, ctx.command, ctx.state, answer, patch, ctx.today);
  if (answer.codes.length > 0) ctx.telemetry.log('info', 'service codes', { command: ctx.command, codes: describeCodes(ctx.flow.docs.serviceCodes?.value, answer.codes).join(', ') });
  if (decided.kind === 'error') return decided;
  if (Object.keys(decided.session).length > 0) ctx.session.set(decided.session as SessionValuesOf<typeof ctx.session>);
  return result(decided.outcome, decided.patch, { ...(decided.status !== undefined ? { status: decided.status } : {}), ...(decided.codes ? { codes: decided.codes } : {}) });
}

type SessionValuesOf<S extends { set: (v: never) => unknown }> = Parameters<S['set']>[0];

/** moduleUpdate, payloadSubmit, completeModule: send the lifecycle status, then the outcome table decides. */
async function sendByTable(ctx: CommandContext): Promise<CommandOutcome> {
  const status = statusToSend(ctx);
  let sent: Sent;
  try {
    sent = await sendStatus(ctx, status);
  } catch (err) {
    const failure = failureOf(err);
    if (failure.malformed !== undefined) return malformedByTable(ctx, failure);
    return byTable(ctx, tableAnswer({ codes: failure.codes, ...(failure.status !== undefined ? { status: failure.status } : {}), message: failure.message }), {});
  }
  if ('skipped' in sent) {
    // SUB-10: nothing was sent; the flow goes on by the command's success outcome.
    const success = ctx.flow.docs.commands.get(ctx.command)?.command.success;
    if (!success) throw new Error(`command "${ctx.command}" has no success outcome`);
    return result(success);
  }
  return byTable(ctx, prospectTableAnswer(sent.answer, sent.payload), sent.patch);
}

/** A 2xx whose body cannot be read: the table's catch-all row decides (src/engine/lifecycle.ts malformedResult, shared with simulate). */
function malformedByTable(ctx: CommandContext, failure: ServiceFailure): CommandOutcome {
  const decided = malformedResult(ctx.flow, ctx.command, failure);
  ctx.telemetry.log('warn', 'malformed service answer', { command: ctx.command, reason: decided.kind === 'error' ? decided.reason : String(decided.patch['error.reason']) });
  if (decided.kind === 'error') return decided;
  return result(decided.outcome, decided.patch, { ...(decided.status !== undefined ? { status: decided.status } : {}), ...(decided.codes ? { codes: decided.codes } : {}) });
}


export const commandRegistry: Record<string, CommandHandler> = {
  /** SUB-01..SUB-09: the prospect with the lifecycle status of the module just finished; the outcome by the catalogue's table. */
  moduleUpdate: {
    run: sendByTable,
  },

  /** SUB-17..SUB-22: the outcome table of flows/commands.json (adopted order SUB-21). */
  payloadSubmit: {
    run: sendByTable,
  },

  /**
   * SUB-23: the member-found codes of the last answer (individuals.memberFound.codes) judged by
   * the outcome table, which also says what is kept: `answer.memberFoundJwtKey` (the last
   * answer's member-found token) and `answer.productUrl` (the product's destination, URL-encoded).
   */
  memberFoundRedirect: {
    async run(ctx) {
      const destination = ctx.session.getString('gotoURL') ?? destinationUrl(ctx.flow.product.destinationURL, productIdOf(ctx));
      return byTable(ctx, memberFoundAnswer(ctx.state, destination), {});
    },
  },

  /**
   * EXIT-09: keep the hand-over values in session, then go to the product's destination; with a
   * `destination` argument, to that named page of config.json `destinations` instead (DEST-02,
   * DEST-15: the proofing page of SUB-23, the join-opportunity pilot page of SUB-20).
   */
  leaveApp: {
    async run(ctx) {
      const s = ctx.state;
      ctx.session.set({
        ...(str(s, 'triage.variant') ? { variant: str(s, 'triage.variant') } : {}),
        ...(str(s, 'session.citizenshipLocationCode') ? { citizenshipLocationCode: str(s, 'session.citizenshipLocationCode') } : {}),
        ...(str(s, 'session.prefillStatus') ? { prefillStatus: str(s, 'session.prefillStatus') } : {}),
        ...(str(s, 'session.promotionCd') ? { promotionCd: str(s, 'session.promotionCd') } : {}),
        ...(str(s, 'session.utmSource') ? { utmSource: str(s, 'session.utmSource') } : {}),
        consent: consentOf(ctx.session.get('consent')),
      });
      const named = arg(ctx, 'destination');
      if (named !== undefined && (typeof named !== 'string' || named === '')) throw new Error('the argument "destination" is not a destination name');
      const url = named !== undefined ? destinationUrl(ctx.config.destinations?.[named], productIdOf(ctx)) : (ctx.session.getString('gotoURL') ?? destinationUrl(ctx.flow.product.destinationURL, productIdOf(ctx)));
      if (!url) return { kind: 'error', reason: `LEAVE_APP_ERROR|NO_DESTINATION${named !== undefined ? `|${named}` : ''}` };
      ctx.leave(url);
      return { kind: 'left', url };
    },
  },

  /** EXIT-10: clear the session and go to /join/start/?productId=&queryId=. */
  ctaRedirect: {
    async run(ctx) {
      // The queryId rule is the documents' (rule exit.ctaQueryId, EXIT-10); without one, fail closed.
      const queryId = arg(ctx, 'queryId');
      if (typeof queryId !== 'string' || queryId === '') throw new Error('the step gives no queryId argument');
      const query = new URLSearchParams({ productId: productIdOf(ctx), queryId });
      const url = `${ctx.config.joinStartUrl}?${query.toString()}`;
      ctx.session.clear();
      ctx.leave(url);
      return { kind: 'left', url };
    },
  },

  /**
   * FLOW-14: send status detour for an error state (when there is a prospect with a token, and
   * detour was not the last status), then the trap. Never fails. The token is cleared after it:
   * every error that reaches the error route clears it (SUB-30).
   */
  callDetour: {
    async run(ctx) {
      const guid = guidOf(ctx);
      const send = detourSent(guid, ctx.session.getString('jwtKey'), str(ctx.state, 'individuals.lastStatus'));
      if (send) {
        try {
          const sent = await sendStatus(ctx, 'detour');
          if ('answer' in sent && !ok(sent.answer.status)) ctx.telemetry.log('warn', 'detour status not accepted', { status: sent.answer.status });
        } catch (err) {
          ctx.telemetry.log('warn', 'detour status not sent', { reason: failureOf(err).message });
        }
      }
      ctx.session.remove('jwtKey');
      return result('done', send ? { 'individuals.lastStatus': 'detour' } : undefined);
    },
  },

  /** SPON-01..SPON-12, SPON-30..SPON-32: sponsor-commands.ts. */
  ...sponsorCommands,

  /**
   * ADDR-22..ADDR-26: validate one address block (args `block`, `address`). A 2xx without codes
   * is valid. A 400 (or 2xx) with codes is an answer: the standardised address becomes the
   * suggestion unless the step's `dropSuggestion` condition holds for it (ADDR-20/ADDR-21), and
   * the step's `outcome` logic (a named rule: which codes mean a ZIP mismatch, ADDR-26) says
   * suggestion or mismatch; both read the record about to be kept at
   * eligibility.<person>.address.validation (`person` argument, default self: personal data stays
   * with the person's, never in storage). Anything else is ADDRESS_VALIDATION_ERROR|STATUS_{n} or
   * |NO_RESPONSE (ADDR-23).
   */
  addressValidation: {
    async run(ctx) {
      const block = arg(ctx, 'block');
      const address = arg(ctx, 'address');
      if (!isObject(address)) throw new Error('the step gives no address block (argument "address")');
      const person = arg(ctx, 'person') ?? 'self';
      if (typeof person !== 'string' || !/^[a-z]+$/.test(person)) throw new Error('the argument "person" is not a person');
      let answer: AddressAnswer;
      try {
        answer = await ctx.services.addresses.validate(providerAddress(address), { customerId: guidOf(ctx), claim: ctx.session.getString('jwtKey') }, ctx.signal);
      } catch (err) {
        const failed = addressFailed(failureOf(err));
        return result(failed.outcome, failed.patch, { ...(failed.status !== undefined ? { status: failed.status } : {}), ...(failed.codes ? { codes: failed.codes } : {}) });
      }
      const decided = decideAddress(addressStep({ person, block, address, args: ctx.args, state: ctx.state, engine: ctx.flow.docs.ruleEngine, today: ctx.today }), answer);
      return result(decided.outcome, decided.patch, { ...(decided.status !== undefined ? { status: decided.status } : {}), ...(decided.codes ? { codes: decided.codes } : {}) });
    },
  },

  /** UI-20: the module is complete while the profile is created (a 202 is polled, SUB-26/27); the outcome by the catalogue's table. */
  completeModule: {
    interstitial: 'profile',
    run: sendByTable,
  },
};

/** Runs the current command step. Never throws: a failure is `{ kind: 'error' }`. */
export async function runCommand(registry: Record<string, CommandHandler>, ctx: CommandContext): Promise<CommandOutcome> {
  // EXIT-05, SUB-10: once the applicant has exited (the abandon status), no command runs: nothing
  // is sent after the abandon, and no hand-off races the exit's way home. The applicant has left.
  const app = ctx.state.app;
  if (isObject(app) && app.abandonStatus === true) return { kind: 'left', url: '' };
  const handler = Object.prototype.hasOwnProperty.call(registry, ctx.command) ? registry[ctx.command] : undefined;
  if (!handler) return { kind: 'error', reason: `COMMAND_ERROR|${ctx.command}|not in the command registry` };
  let outcome: CommandOutcome;
  try {
    outcome = await handler.run(ctx);
  } catch (err) {
    return { kind: 'error', reason: `COMMAND_ERROR|${ctx.command}|${err instanceof Error ? err.message : String(err)}` };
  }
  if (outcome.kind === 'result') {
    const declared: readonly string[] = ctx.flow.docs.commands.get(ctx.command)?.command.outcomes ?? [];
    if (!declared.includes(outcome.result.outcome)) {
      return { kind: 'error', reason: `COMMAND_ERROR|${ctx.command}|outcome "${outcome.result.outcome}" is not one of ${declared.join(', ')}` };
    }
  }
  return outcome;
}
