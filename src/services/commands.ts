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
import type { JsonValue } from '../rules/index';
import { getPath, isObject, setPath, type AppState, type JsonObject } from '../engine/state';
import type { Flow } from '../engine/flow';
import type { CommandResult } from '../app/flow-store';
import type { RuntimeConfig } from '../app/config';
import type { SessionStore } from '../app/storage';
import type { Telemetry } from '../ui/contract';
import { createEnrollmentService, type EnrollmentAnswer, type EnrollmentService } from './enrollment';
import { createSponsorService, type SponsorService } from './sponsors';
import { sponsorCommands } from './sponsor-commands';
import { addressText, blockFromProvider, createAddressService, providerAddress, type AddressService } from './addresses';
import { encodeFailure, failureOf } from './http';
import { buildProspect, consentOf } from './payload';
import { destinationUrl, type Leave } from './navigation';

export interface Services {
  enrollment: EnrollmentService;
  sponsors: SponsorService;
  addresses: AddressService;
}

export function createServices(config: Pick<RuntimeConfig, 'apiBaseUrl'>): Services {
  return { enrollment: createEnrollmentService(config.apiBaseUrl), sponsors: createSponsorService(config.apiBaseUrl), addresses: createAddressService(config.apiBaseUrl) };
}

export interface CommandContext {
  command: string;
  args: JsonObject;
  state: AppState;
  flow: Flow;
  today: string;
  config: RuntimeConfig;
  session: SessionStore;
  telemetry: Pick<Telemetry, 'log' | 'track'>;
  services: Services;
  leave: Leave;
}

export type CommandOutcome = { kind: 'result'; result: CommandResult } | { kind: 'left'; url: string } | { kind: 'error'; reason: string };

export interface CommandHandler {
  run(ctx: CommandContext): Promise<CommandOutcome>;
  /** What the interstitial says while the command runs (UI-19, UI-20). */
  interstitial?: 'processing' | 'profile';
}

const result = (outcome: string, patch?: AppState, extra: Omit<CommandResult, 'outcome' | 'patch'> = {}): CommandOutcome => ({ kind: 'result', result: { outcome, ...(patch ? { patch } : {}), ...extra } });

function str(state: AppState, path: string): string | undefined {
  const v = getPath(state, path);
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** An argument: JSON-Logic evaluated on the state (a plain string or number evaluates to itself). */
function arg(ctx: CommandContext, name: string): JsonValue | undefined {
  if (!Object.prototype.hasOwnProperty.call(ctx.args, name)) return undefined;
  return ctx.flow.docs.ruleEngine.evaluate(ctx.args[name] as JsonValue, ctx.state, { today: ctx.today });
}

function productIdOf(ctx: CommandContext): string {
  return str(ctx.state, 'session.productId') ?? ctx.flow.productId;
}

function guidOf(ctx: CommandContext): string | undefined {
  return str(ctx.state, 'individuals.guid') ?? ctx.session.getString('potentialCustomerGuid');
}

/** The lifecycle status (doc 2 §4): the step's `status` argument, else detour on an error, update with a guid, else the product's initial status. */
function lifecycleStatus(ctx: CommandContext): string {
  const given = arg(ctx, 'status');
  if (typeof given === 'string' && given !== '') return given;
  if (getPath(ctx.state, 'error.hasError') === true) return 'detour';
  if (guidOf(ctx)) return 'update';
  return ctx.flow.product.config?.initialStatus ?? 'create';
}

/** Send the prospect with a status: POST to create without a guid, PUT otherwise. Records the guid and tokens. */
async function sendStatus(ctx: CommandContext, status: string): Promise<{ answer: EnrollmentAnswer; patch: AppState }> {
  const guid = guidOf(ctx);
  const payload = buildProspect(ctx.state, { productId: productIdOf(ctx), status, consent: ctx.session.get('consent') });
  const answer = guid ? await ctx.services.enrollment.update(guid, payload, ctx.session.getString('jwtKey')) : await ctx.services.enrollment.create(payload);
  const patch: AppState = {};
  const newGuid = answer.customerId ?? guid;
  if (answer.status >= 200 && answer.status < 300) {
    if (newGuid) patch['individuals.guid'] = newGuid;
    patch['individuals.lastStatus'] = status;
    ctx.session.set({
      ...(newGuid ? { potentialCustomerGuid: newGuid } : {}),
      ...(answer.jwtKey ? { jwtKey: answer.jwtKey } : {}),
    });
    if (!guid && answer.customerId) ctx.telemetry.track('customer_created', { status });
  }
  return { answer, patch };
}

const ok = (status: number): boolean => status >= 200 && status < 300;

function failurePatch(reason: string): AppState {
  return { 'error.hasError': true, 'error.reason': reason };
}

export const commandRegistry: Record<string, CommandHandler> = {
  /** SUB-01..SUB-08: the prospect with the lifecycle status of the module just finished. */
  moduleUpdate: {
    async run(ctx) {
      const status = lifecycleStatus(ctx);
      try {
        const { answer, patch } = await sendStatus(ctx, status);
        if (ok(answer.status) || answer.status === 202) return result('success', patch, { status: answer.status });
        return result('error', { ...patch, ...failurePatch(encodeFailure('PAYLOAD_ERROR', answer)) }, { status: answer.status, codes: answer.codes });
      } catch (err) {
        return result('error', failurePatch(encodeFailure('PAYLOAD_ERROR', failureOf(err))));
      }
    },
  },

  /** SUB-17..SUB-21: 201 goes next; 200 with codes is judged; a member number means the pilot page. */
  payloadSubmit: {
    async run(ctx) {
      const status = lifecycleStatus(ctx);
      let sent;
      try {
        sent = await sendStatus(ctx, status);
      } catch (err) {
        return result('error', failurePatch(encodeFailure('PAYLOAD_ERROR', failureOf(err))));
      }
      const { answer, patch } = sent;
      const codes = answer.codes;
      const found = { 'individuals.memberFound': { isFound: codes.length > 0, codes } };
      if (answer.status === 201 || (ok(answer.status) && codes.length === 0)) return result('next', { ...patch, ...found }, { status: answer.status });
      if (answer.status === 200) {
        const fail = (): CommandOutcome => result('error', { ...patch, ...found, ...failurePatch(encodeFailure('PAYLOAD_ERROR', answer)) }, { status: answer.status, codes });
        if (codes.includes('50017') || codes.includes('50003')) return fail();
        if (answer.memberNumber) {
          ctx.session.set({ ...(answer.registrationToken ? { jwtKey: answer.registrationToken } : {}), ...(answer.productUrl ? { productRedirect: answer.productUrl } : {}) });
          return result('pilotRedirect', { ...patch, ...found }, { status: 200, codes });
        }
        if (codes.every((c) => ['50012', '50013', '50015', '50016'].includes(c))) return result('next', { ...patch, ...found }, { status: 200, codes });
        return fail();
      }
      return result('error', { ...patch, ...failurePatch(encodeFailure('PAYLOAD_ERROR', answer)) }, { status: answer.status, codes });
    },
  },

  /** SUB-23: exactly one code 50012 goes to proofing; 50015 continues; anything else is an error. */
  memberFoundRedirect: {
    async run(ctx) {
      const raw = getPath(ctx.state, 'individuals.memberFound.codes');
      const codes = Array.isArray(raw) ? raw.map(String) : [];
      if (codes.length === 1 && codes[0] === '50012') return result('proofing', undefined, { codes });
      if (codes.includes('50015')) return result('continue', undefined, { codes });
      return result('error', failurePatch(['MEMBER_FOUND_ERROR', ...codes].join('|')), { codes });
    },
  },

  /** EXIT-09: keep the hand-over values in session, then go to the product's destination. */
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
      const url = ctx.session.getString('gotoURL') ?? destinationUrl(ctx.flow.product.destinationURL, productIdOf(ctx));
      if (!url) return { kind: 'error', reason: 'LEAVE_APP_ERROR|NO_DESTINATION' };
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

  /** FLOW-14: send status detour for an error state (when there is a prospect), then the trap. Never fails. */
  callDetour: {
    async run(ctx) {
      const guid = guidOf(ctx);
      if (!guid || !ctx.session.getString('jwtKey') || str(ctx.state, 'individuals.lastStatus') === 'detour') return result('done');
      try {
        const { answer } = await sendStatus(ctx, 'detour');
        if (!ok(answer.status)) ctx.telemetry.log('warn', 'detour status not accepted', { status: answer.status });
      } catch (err) {
        ctx.telemetry.log('warn', 'detour status not sent', { reason: failureOf(err).message });
      }
      return result('done', { 'individuals.lastStatus': 'detour' });
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
      const at = `eligibility.${person}.address.validation`;
      const record: JsonObject = { block: typeof block === 'string' ? block : 'mailing', entered: addressText(address) };
      let answer;
      try {
        answer = await ctx.services.addresses.validate(providerAddress(address), { customerId: guidOf(ctx), claim: ctx.session.getString('jwtKey') });
      } catch (err) {
        return result('error', failurePatch(encodeFailure('ADDRESS_VALIDATION_ERROR', failureOf(err))));
      }
      const { status, codes } = answer;
      if (ok(status) && codes.length === 0) return result('valid', { [at]: { ...record, outcome: 'valid', codes: [] } }, { status });
      if (!(codes.length > 0 && (status === 400 || ok(status)))) {
        return result('error', failurePatch(encodeFailure('ADDRESS_VALIDATION_ERROR', answer)), { status, codes });
      }
      record.codes = codes;
      const suggestion = answer.standardized ? blockFromProvider(answer.standardized, address) : undefined;
      // The rules see the record as it will be kept: <at>.{codes, suggestion}.
      const judge = (name: string, rec: JsonObject): JsonValue | undefined =>
        Object.prototype.hasOwnProperty.call(ctx.args, name) ? ctx.flow.docs.ruleEngine.evaluate(ctx.args[name] as JsonValue, setPath(ctx.state, at, rec), { today: ctx.today }) : undefined;
      if (suggestion) {
        if (judge('dropSuggestion', { ...record, suggestion }) === true) record.suggestionDropped = true;
        else record.suggestion = suggestion;
      }
      const judged = judge('outcome', record);
      if (judged !== undefined && judged !== 'suggestion' && judged !== 'mismatch') throw new Error(`the step's outcome logic gave ${JSON.stringify(judged)}, not suggestion or mismatch`);
      const outcome = isObject(record.suggestion) && (judged ?? 'suggestion') === 'suggestion' ? 'suggestion' : 'mismatch';
      if (outcome === 'suggestion' && isObject(record.suggestion)) record.suggested = addressText(record.suggestion);
      else delete record.suggestion;
      return result(outcome, { [at]: { ...record, outcome } }, { status, codes });
    },
  },

  /** UI-20: the module is complete while the profile is created. */
  completeModule: {
    interstitial: 'profile',
    async run(ctx) {
      try {
        const { answer, patch } = await sendStatus(ctx, typeof arg(ctx, 'status') === 'string' ? (arg(ctx, 'status') as string) : 'complete');
        if (!ok(answer.status)) return result('done', { ...patch, ...failurePatch(encodeFailure('PAYLOAD_ERROR', answer)) }, { status: answer.status });
        return result('done', patch, { status: answer.status });
      } catch (err) {
        return result('done', failurePatch(encodeFailure('PAYLOAD_ERROR', failureOf(err))));
      }
    },
  },
};

/** Runs the current command step. Never throws: a failure is `{ kind: 'error' }`. */
export async function runCommand(registry: Record<string, CommandHandler>, ctx: CommandContext): Promise<CommandOutcome> {
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
