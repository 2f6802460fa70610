/**
 * The one command runner (ROUTE-19, issue 19): the orchestration of every command a step runs —
 * the prospect's lifecycle statuses (module update, payload submit, complete module, detour),
 * member-found, leave-app, the CTA redirect, the sponsor search, create and update, the address
 * check — written once, as steps over the seam of ./io.ts. The browser runs them with the one
 * HTTP client (src/services/commands.ts); `npm run simulate` with the scripted responses
 * (src/engine/simulate.ts). Nothing here knows a product: the statuses, outcome tables, reason
 * codes and destinations are the documents'.
 *
 * A command reports an outcome of its catalogue entry (flows/commands.json) and state to record;
 * the engine's completeCommand then moves on by the outcome edges. A command that throws, or
 * reports an outcome its entry does not list, is a failure: the error route follows.
 */
import type { JsonValue } from '../../rules/index';
import type { Flow } from '../flow';
import { getPath, isObject, type AppState, type JsonObject } from '../state';
import type { CommandResult, ServiceConfig, SessionPort, SessionValues, Telemetry } from '../../shared/ports';
import { buildPayload } from '../payload';
import { destinationUrl } from '../destination';
import { describeCodes, type TableAnswer } from '../outcome-table';
import { acceptedPatch, commandArg, detourSent, lifecycleStatus, malformedResult, memberFoundAnswer, ok, prospectTableAnswer, tableAnswer, tableResult, type EnrollmentAnswer } from '../lifecycle';
import { addressAnswerOf, addressFailed, addressStep, decideAddress, providerAddress } from '../address-answers';
import { MalformedAnswerError, malformedFailure } from '../service-answers';
import {
  createFailed,
  createRefused,
  decideCreate,
  decideSearch,
  decideUpdate,
  searchFailed,
  sponsorAnswerOf,
  sponsorCustIdOf,
  sponsorFailure,
  stepEnvelope,
  type CallFailure as SponsorCallFailure,
  type SponsorAnswer,
  type SponsorDecision,
  type SponsorStepInput,
} from '../sponsor-outcomes';
import type { SponsorStatus } from '../sponsor-request';
import { sendStatus } from './enrollment';
import { DriverStop, newId, request, type CallFailure, type ProviderAnswer, type ProviderRequest, type Step } from './io';

/** What a command reads and acts on. The browser's session store and simulate's memory session are both a SessionPort. */
export interface RunContext {
  command: string;
  args: JsonObject;
  state: AppState;
  flow: Flow;
  today: string;
  config: ServiceConfig;
  session: SessionPort;
  telemetry: Pick<Telemetry, 'log' | 'track'>;
  /** Leaves the app for a URL (a full page navigation in the browser; simulate records it). */
  leave: (url: string) => void;
}

/**
 * A command's end: a result the flow moves on by, the app left for a URL (`resumable`: the
 * applicant may come back with action=resume and goes on after this step, FLOW-07), or an error.
 */
export type CommandOutcome = { kind: 'result'; result: CommandResult } | { kind: 'left'; url: string; resumable?: boolean } | { kind: 'error'; reason: string };

export interface CommandHandler {
  run(ctx: RunContext): Step<CommandOutcome>;
  /** What the interstitial says while the command runs (UI-19, UI-20). */
  interstitial?: 'processing' | 'profile';
}

/** ADDR-22: the appId header's value. */
export const ADDRESS_APP_ID = 'ent-eligibility-modular';

// ---- what every command reads the same way ----

/** A non-empty string at `path` of the state. */
export function str(state: AppState, path: string): string | undefined {
  const v = getPath(state, path);
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** A step argument: the step's own, else the catalogue's default (`defaultArgs`), JSON-Logic evaluated on the state. */
export function arg(ctx: RunContext, name: string): JsonValue | undefined {
  return commandArg(ctx.flow, ctx.command, ctx.args, name, ctx.state, ctx.today);
}

function argText(ctx: RunContext, name: string): string | undefined {
  const v = arg(ctx, name);
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export function productIdOf(ctx: Pick<RunContext, 'state' | 'flow'>): string {
  return str(ctx.state, 'session.productId') ?? ctx.flow.productId;
}

/** The prospect's customer id: the state's, else the session's (a resumed session). */
export function guidOf(ctx: Pick<RunContext, 'state' | 'session'>): string | undefined {
  return str(ctx.state, 'individuals.guid') ?? ctx.session.getString('potentialCustomerGuid');
}

const result = (outcome: string, patch?: AppState, extra: Omit<CommandResult, 'outcome' | 'patch'> = {}): CommandOutcome => ({ kind: 'result', result: { outcome, ...(patch ? { patch } : {}), ...extra } });

/** A decision (sponsor, address, table) as the command's outcome. */
function decided(d: { outcome: string; patch: AppState; status?: number | undefined; codes?: string[] | undefined }): CommandOutcome {
  return result(d.outcome, d.patch, { ...(d.status !== undefined ? { status: d.status } : {}), ...(d.codes ? { codes: d.codes } : {}) });
}

/** A request's failure without the marker. */
function failureOf(a: Extract<ProviderAnswer, { kind: 'failure' }>): CallFailure {
  const { kind: _kind, ...failure } = a;
  return failure;
}

// ---- the prospect's lifecycle (doc 2 §4) ----

type Sent = { kind: 'sent'; answer: EnrollmentAnswer; patch: AppState; payload: JsonObject } | { kind: 'skipped' } | { kind: 'failed'; failure: CallFailure };

/** The member-found codes already recorded by an earlier answer of this prospect (SUB-23 reads the submit's and the completion's together). */
function memberFoundCodes(state: AppState): string[] {
  const raw = getPath(state, 'individuals.memberFound.codes');
  return Array.isArray(raw) ? raw.map(String) : [];
}

/**
 * Send the prospect with a status (SUB-10..SUB-16): POST a create, PUT the rest, nothing without
 * a customer id or after abandon. The held token is the `jwtkey` header (SUB-29); the one an
 * accepted answer returns is kept in the session, with the customer id.
 */
export function* sendProspect(ctx: RunContext, status: string): Step<Sent> {
  const guid = guidOf(ctx);
  const payload = buildPayload(ctx.flow.docs, ctx.state, { today: ctx.today, productId: productIdOf(ctx), status, config: ctx.flow.product.config }) as JsonObject;
  const token = ctx.session.getString('jwtKey');
  // Issue 22: one key for the prospect's create until one is accepted, kept in the session, so Try again and Start again after a lost answer send the same create.
  let idempotencyKey: string | undefined;
  if (!guid && (status === 'create' || status === 'modified-create')) {
    idempotencyKey = ctx.session.getString('createKey') ?? (yield* newId());
    ctx.session.set({ createKey: idempotencyKey });
  }
  const sent = yield* sendStatus(status, payload, { customerId: guid, lastStatus: str(ctx.state, 'individuals.lastStatus'), token, idempotencyKey });
  // SUB-29: the token is cleared on abandon, whatever the answer.
  if (status === 'abandon') ctx.session.remove('jwtKey');
  if (sent.kind === 'skipped') {
    ctx.telemetry.log('warn', 'lifecycle status not sent', { status, why: sent.why });
    return { kind: 'skipped' };
  }
  if (sent.kind === 'failed') return sent;
  const { answer } = sent;
  const patch = acceptedPatch(status, answer, guid, memberFoundCodes(ctx.state));
  const newGuid = answer.customerId ?? guid;
  if (ok(answer.status) && status !== 'abandon') {
    const kept = answer.jwtKey ?? token;
    ctx.session.set({ ...(newGuid ? { potentialCustomerGuid: newGuid } : {}), ...(kept ? { jwtKey: kept } : {}) });
    if (answer.customerId) ctx.session.remove('createKey');
    if (!guid && answer.customerId) ctx.telemetry.track('customer_created', { status });
  }
  return { kind: 'sent', answer, patch, payload };
}

/**
 * Decide the outcome by the command's outcome table (flows/commands.json `outcomeTable`), keep
 * the row's session values, log the codes with their meanings (flows/service-codes.json), and
 * record the row's error reason (the error route follows, FLOW-14). An answer no row takes is an
 * error (ERR-43).
 */
function byTable(ctx: RunContext, answer: TableAnswer, patch: AppState): CommandOutcome {
  const d = tableResult(ctx.flow, ctx.command, ctx.state, answer, patch, ctx.today);
  if (answer.codes.length > 0) ctx.telemetry.log('info', 'service codes', { command: ctx.command, codes: describeCodes(ctx.flow.docs.serviceCodes?.value, answer.codes).join(', ') });
  if (d.kind === 'error') return d;
  if (Object.keys(d.session).length > 0) ctx.session.set(d.session as SessionValues);
  return decided(d);
}

/** moduleUpdate, payloadSubmit, completeModule: send the lifecycle status, then the outcome table decides. */
function* sendByTable(ctx: RunContext): Step<CommandOutcome> {
  const status = lifecycleStatus(ctx.flow, ctx.command, ctx.args, ctx.state, ctx.today, guidOf(ctx));
  const sent = yield* sendProspect(ctx, status);
  if (sent.kind === 'skipped') {
    // SUB-10: nothing was sent; the flow goes on by the command's success outcome.
    const success = ctx.flow.docs.commands.get(ctx.command)?.command.success;
    if (!success) throw new Error(`command "${ctx.command}" has no success outcome`);
    return result(success);
  }
  if (sent.kind === 'failed') {
    const f = sent.failure;
    if (f.malformed !== undefined) {
      // A 2xx whose body cannot be read: the table's catch-all row decides (src/engine/lifecycle.ts malformedResult).
      const d = malformedResult(ctx.flow, ctx.command, f);
      ctx.telemetry.log('warn', 'malformed service answer', { command: ctx.command, reason: d.kind === 'error' ? d.reason : String(d.patch['error.reason']) });
      return d.kind === 'error' ? d : decided(d);
    }
    return byTable(ctx, tableAnswer({ codes: f.codes, ...(f.status !== undefined ? { status: f.status } : {}), message: f.message }), {});
  }
  return byTable(ctx, prospectTableAnswer(sent.answer, sent.payload), sent.patch);
}

/** EXIT-05..EXIT-08: the abandon status, sent by Exit (not a step) when there is a prospect with a token and detour was not the last status. */
export function* sendAbandon(ctx: RunContext): Step<{ sent: boolean; status?: number }> {
  const sent = yield* sendProspect(ctx, 'abandon');
  if (sent.kind === 'sent') return { sent: ok(sent.answer.status), status: sent.answer.status };
  return { sent: false, ...(sent.kind === 'failed' && sent.failure.status !== undefined ? { status: sent.failure.status } : {}) };
}

// ---- the sponsor (SPON-01..SPON-12, SPON-30..SPON-32) ----

/** What the step's envelope is built from (src/engine/sponsor-outcomes.ts stepEnvelope). */
function stepInput(ctx: RunContext): SponsorStepInput {
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

/** A sponsor call: the answer read (a 2xx it cannot read is a failure), or the failure's decision. */
function* sponsorCall(r: ProviderRequest, needsCustId: boolean, failed: (f: SponsorCallFailure) => SponsorDecision): Step<SponsorAnswer | SponsorDecision> {
  const a = yield* request(r);
  if (a.kind === 'failure') return failed(failureOf(a));
  try {
    return sponsorAnswerOf(a.status, a.body, needsCustId);
  } catch (err) {
    if (err instanceof MalformedAnswerError) return failed(malformedFailure(err));
    throw err;
  }
}

const isDecision = (v: SponsorAnswer | SponsorDecision): v is SponsorDecision => 'outcome' in v;

function sponsorOutcome(ctx: RunContext, d: SponsorDecision): CommandOutcome {
  if (d.session) ctx.session.set(d.session as SessionValues);
  return decided(d);
}

const SPONSORS = 'member-eligibility/sponsors';

/** SPON-03..SPON-10: search for the sponsor (POST member-eligibility/sponsors, SPON-28). */
function* sponsorSearch(ctx: RunContext): Step<CommandOutcome> {
  const envelope = stepEnvelope('search', stepInput(ctx));
  const answer = yield* sponsorCall({ service: 'sponsors', method: 'POST', path: SPONSORS, body: envelope, headers: {} }, true, searchFailed);
  return sponsorOutcome(ctx, isDecision(answer) ? answer : decideSearch(envelope, ctx.config.sponsorRequest.brand, answer));
}

/** SPON-05, SPON-06, SPON-11, SPON-12, SPON-30..SPON-32: create the sponsor, or update the one created (the step's `mode`, chosen by rule sponsor.actionMode). */
function* sponsorCreate(ctx: RunContext): Step<CommandOutcome> {
  const mode = argText(ctx, 'mode');
  if (mode !== 'create' && mode !== 'update') throw new Error('the step gives no mode "create" or "update" (rule sponsor.actionMode chooses the step)');
  const { brand } = ctx.config.sponsorRequest;
  const input = stepInput(ctx);
  if (mode === 'create') {
    const envelope = stepEnvelope('create' satisfies SponsorStatus, input);
    const answer = yield* sponsorCall({ service: 'sponsors', method: 'POST', path: SPONSORS, body: envelope, headers: {} }, true, createFailed);
    return sponsorOutcome(ctx, isDecision(answer) ? answer : decideCreate(envelope, brand, answer));
  }
  // The update (SPON-30): PUT sponsors/{sponsorCustId}.
  const custId = sponsorCustIdOf(input);
  if (!custId) return sponsorOutcome(ctx, sponsorFailure('SPONSOR_CREATE_OR_UPDATE_ERROR|NO_SPONSOR_CUST_ID'));
  const envelope = stepEnvelope('updateSponsor', input);
  const answer = yield* sponsorCall({ service: 'sponsors', method: 'PUT', path: `${SPONSORS}/${encodeURIComponent(custId)}`, body: envelope, headers: {} }, false, createFailed);
  if (isDecision(answer)) return sponsorOutcome(ctx, answer);
  const refused = createRefused(answer);
  if (refused) return sponsorOutcome(ctx, refused);
  // SPON-31/SPON-32: the prospect's sponsor, with the same sponsor object, when there is a prospect.
  const guid = input.guid;
  if (arg(ctx, 'inFlow') === true && guid) {
    const token = ctx.session.getString('jwtKey');
    const inFlow = yield* sponsorCall(
      { service: 'sponsors', method: 'PUT', path: `enrollment/customers/${encodeURIComponent(guid)}/sponsor`, body: { sponsor: envelope.sponsor as JsonObject }, headers: { customerId: guid, ...(token ? { jwtkey: token } : {}) } },
      false,
      createFailed,
    );
    const inFlowRefused = isDecision(inFlow) ? inFlow : createRefused(inFlow);
    if (inFlowRefused) return sponsorOutcome(ctx, inFlowRefused);
  }
  return sponsorOutcome(ctx, decideUpdate(envelope, brand, answer, custId));
}

// ---- the address check (ADDR-22..ADDR-26) ----

/**
 * Validate one address block (args `block`, `address`, `person`) with POST validations/address
 * and the headers customerId, appId and ent-eligibility-claim (ADDR-22). A 2xx without codes is
 * valid; a 400 (or 2xx) with codes is an answer the step's conditions judge; anything else is
 * ADDRESS_VALIDATION_ERROR (ADDR-23).
 */
function* addressValidation(ctx: RunContext): Step<CommandOutcome> {
  const address = arg(ctx, 'address');
  if (!isObject(address)) throw new Error('the step gives no address block (argument "address")');
  const person = arg(ctx, 'person') ?? 'self';
  if (typeof person !== 'string' || !/^[a-z]+$/.test(person)) throw new Error('the argument "person" is not a person');
  const customerId = guidOf(ctx);
  const claim = ctx.session.getString('jwtKey');
  const a = yield* request({
    service: 'addresses',
    method: 'POST',
    path: 'validations/address',
    body: providerAddress(address),
    headers: { appId: ADDRESS_APP_ID, ...(customerId !== undefined ? { customerId } : {}), ...(claim !== undefined ? { 'ent-eligibility-claim': claim } : {}) },
  });
  if (a.kind === 'failure') return decided(addressFailed(failureOf(a)));
  let answer;
  try {
    answer = addressAnswerOf(a.status, a.body);
  } catch (err) {
    if (err instanceof MalformedAnswerError) return decided(addressFailed(malformedFailure(err)));
    throw err;
  }
  return decided(decideAddress(addressStep({ person, block: arg(ctx, 'block'), address, args: ctx.args, state: ctx.state, engine: ctx.flow.docs.ruleEngine, today: ctx.today }), answer));
}

// ---- leaving ----

/** A value the hand-off keeps: a string, or a boolean as 'true' / 'false'. */
function handOffValue(v: JsonValue | undefined): string | undefined {
  if (typeof v === 'boolean') return String(v);
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/**
 * EXIT-09: keep the hand-over values in session, then go to the product's destination; with a
 * `destination` argument, to that named page of config.json `destinations` instead (DEST-02,
 * DEST-15: the proofing page of SUB-23, the join-opportunity pilot page of SUB-20). The consent
 * kept is the one the applicant gave (argument `consent`, by default rule payload.consentAcquired,
 * the same the prospect carries, PAY-06); the spouse flags are the arguments `spouseSponsor` and
 * `spouseMismatch` (the catalogue's defaults).
 */
// eslint-disable-next-line require-yield -- a command that calls no service is still a step of the runner
function* leaveApp(ctx: RunContext): Step<CommandOutcome> {
  const s = ctx.state;
  const consent = arg(ctx, 'consent');
  const values: SessionValues = {
    ...(str(s, 'triage.variant') ? { variant: str(s, 'triage.variant') } : {}),
    ...(str(s, 'session.citizenshipLocationCode') ? { citizenshipLocationCode: str(s, 'session.citizenshipLocationCode') } : {}),
    ...(str(s, 'session.prefillStatus') ? { prefillStatus: str(s, 'session.prefillStatus') } : {}),
    ...(str(s, 'session.promotionCd') ? { promotionCd: str(s, 'session.promotionCd') } : {}),
    ...(str(s, 'session.utmSource') ? { utmSource: str(s, 'session.utmSource') } : {}),
    consent: consent === 'AUTHORIZED' || consent === true ? 'AUTHORIZED' : 'REVOKED',
  };
  const spouseSponsor = handOffValue(arg(ctx, 'spouseSponsor'));
  const spouseMismatch = handOffValue(arg(ctx, 'spouseMismatch'));
  if (spouseSponsor !== undefined) values.spouseSponsor = spouseSponsor;
  if (spouseMismatch !== undefined) values.spouseMismatch = spouseMismatch;
  ctx.session.set(values);
  const named = ctx.args.destination;
  if (named !== undefined && (typeof named !== 'string' || named === '')) throw new Error('the argument "destination" is not a destination name');
  const url = named !== undefined ? destinationUrl(ctx.config.destinations?.[named], productIdOf(ctx)) : (ctx.session.getString('gotoURL') ?? destinationUrl(ctx.flow.product.destinationURL, productIdOf(ctx)));
  if (!url) return { kind: 'error', reason: `LEAVE_APP_ERROR|NO_DESTINATION${named !== undefined ? `|${named}` : ''}` };
  ctx.leave(url);
  // A quote applicant comes back from the quote page (action=resume) and goes on after this step (FLOW-07, DEST-04/05).
  return { kind: 'left', url, resumable: true };
}

/** EXIT-10: clear the session and go to /join/start/?productId=&queryId= (the queryId is the documents' rule exit.ctaQueryId). */
// eslint-disable-next-line require-yield -- a command that calls no service is still a step of the runner
function* ctaRedirect(ctx: RunContext): Step<CommandOutcome> {
  const queryId = arg(ctx, 'queryId');
  if (typeof queryId !== 'string' || queryId === '') throw new Error('the step gives no queryId argument');
  const query = new URLSearchParams({ productId: productIdOf(ctx), queryId });
  const url = `${ctx.config.joinStartUrl}?${query.toString()}`;
  ctx.session.clear();
  ctx.leave(url);
  return { kind: 'left', url };
}

/**
 * SUB-23: the member-found codes of the prospect's answers (individuals.memberFound.codes: the
 * submit's and the completion's together) judged by the outcome table, which also says what is
 * kept: `answer.memberFoundJwtKey` and `answer.productUrl` (the product's destination, encoded).
 */
// eslint-disable-next-line require-yield -- a command that calls no service is still a step of the runner
function* memberFoundRedirect(ctx: RunContext): Step<CommandOutcome> {
  const destination = ctx.session.getString('gotoURL') ?? destinationUrl(ctx.flow.product.destinationURL, productIdOf(ctx));
  return byTable(ctx, memberFoundAnswer(ctx.state, destination), {});
}

/**
 * FLOW-14: send status detour for an error state (when there is a prospect with a token, and
 * detour was not the last status), then the trap. Never fails. The token is cleared after it
 * (SUB-30), unless the route offers Try again (arg `keepToken`): the command run again needs it.
 */
function* callDetour(ctx: RunContext): Step<CommandOutcome> {
  const send = detourSent(guidOf(ctx), ctx.session.getString('jwtKey'), str(ctx.state, 'individuals.lastStatus'));
  if (send) {
    const sent = yield* sendProspect(ctx, 'detour');
    if (sent.kind === 'sent' && !ok(sent.answer.status)) ctx.telemetry.log('warn', 'detour status not accepted', { status: sent.answer.status });
    if (sent.kind === 'failed') ctx.telemetry.log('warn', 'detour status not sent', { reason: sent.failure.message });
  }
  // Arg `keepToken` (rule lifecycle.retryOffered): a route that offers Try again keeps the token, so the command run again is accepted.
  if (arg(ctx, 'keepToken') !== true) ctx.session.remove('jwtKey');
  return result('done', send ? { 'individuals.lastStatus': 'detour' } : undefined);
}

export const commandRegistry: Readonly<Record<string, CommandHandler>> = {
  moduleUpdate: { run: sendByTable },
  payloadSubmit: { run: sendByTable },
  completeModule: { run: sendByTable, interstitial: 'profile' },
  callDetour: { run: callDetour },
  memberFoundRedirect: { run: memberFoundRedirect },
  leaveApp: { run: leaveApp },
  ctaRedirect: { run: ctaRedirect },
  sponsorSearch: { run: sponsorSearch },
  sponsorCreate: { run: sponsorCreate },
  addressValidation: { run: addressValidation },
};

/** The registry's handler for a command, if any. */
export function handlerOf(registry: Readonly<Record<string, CommandHandler>>, command: string): CommandHandler | undefined {
  return Object.prototype.hasOwnProperty.call(registry, command) ? registry[command] : undefined;
}

/** Runs the current command step. Never throws (but for a driver's own stop): a failure is `{ kind: 'error' }`. */
export function* runCommand(registry: Readonly<Record<string, CommandHandler>>, ctx: RunContext): Step<CommandOutcome> {
  // EXIT-05, SUB-10: once the applicant has exited (the abandon status), no command runs: nothing
  // is sent after the abandon, and no hand-off races the exit's way home. The applicant has left.
  const app = ctx.state.app;
  if (isObject(app) && app.abandonStatus === true) return { kind: 'left', url: '' };
  const handler = handlerOf(registry, ctx.command);
  if (!handler) return { kind: 'error', reason: `COMMAND_ERROR|${ctx.command}|not in the command registry` };
  let outcome: CommandOutcome;
  try {
    outcome = yield* handler.run(ctx);
  } catch (err) {
    if (err instanceof DriverStop) throw err;
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
