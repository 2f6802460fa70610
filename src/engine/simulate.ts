/**
 * Walks a product's flow with no UI: the contract of `npm run simulate` (issue 2 §6). At
 * each panel it takes the answers it needs from the input; it stops at the first panel that
 * lacks a required answer, at the first milestone (unless throughMilestones), at a command
 * with no response, at the end, or at an error.
 *
 * A command's response is an outcome, or what the service answers (`{"status", "body"}`): a
 * command with an outcome table then decides as the browser's does, with the same functions
 * (src/engine/lifecycle.ts), and the stop lists the lifecycle statuses sent (docs/authoring.md).
 */
import type { JsonValue } from '../rules/index';
import {
  availableAnswers,
  bindPath,
  current,
  forward,
  resolveFlow,
  startFlow,
  submitAnswer,
  FlowError,
  type FlowContext,
  type StepView,
} from './flow';
import { completeCommand, confirmReview } from './flow-moves';
import { askAgain } from './answers';
import { stepOf, toErrorRoute } from './flow';
import { leafFields, reviewConsent } from './review';
import { answerAliases, normalizeAnswerMap, normalizeInitialState } from './answer-aliases';
import type { FormPanel } from './formats.generated';
import { checkForm as runChecks, isSuppressed, normalizeFormData, suppressedFields, withoutSuppressed } from './form-check';
import { messageVars, schemaMessageKey, UNKNOWN_MESSAGE_KEYS, type SchemaErrorRef } from './form-messages';
import type { DocumentSet } from './loader';
import { getPath, isObject, withoutNulls, type AppState, type JsonObject } from './state';
import { buildPayload } from './payload';
import { detourSent, lifecycleStatus, planSend, stateAnswer } from './lifecycle';
import { newSessionSlices, withSlices, type EntryValues } from './session-start';
import { commandRegistry, runCommand, type CommandOutcome } from './provider/commands';
import { DriverStop, runSync, type ProviderAnswer } from './provider/io';
import { memorySession } from './provider/memory-session';
import type { ServiceConfig, SessionValues } from '../shared/ports';

export interface SimulateInput {
  product?: string;
  sequence?: string;
  today: string;
  answers?: JsonObject;
  responses?: JsonObject;
  assume?: 'success';
  panel?: string;
  /** Initial state slices: session, config flags, prefilled data (over what the session start gives). */
  state?: JsonObject;
  /** What the entry URL gives, as boot reads it (SESS-02): version, action, promotionCode, utmSource, citizenshipLocationCode. */
  entry?: EntryValues;
}

/** A request a command made on the walk, as the browser would make it, and what answered it (a status, or `failure`). */
export interface SimulatedRequest {
  command: string;
  method: string;
  path: string;
  /** The lifecycle status a prospect request carries. */
  status?: string;
  body?: JsonValue;
  /** The headers the browser sends with it (SUB-13's, the token, the customer id, ADDR-22's claim). */
  headers?: Record<string, string>;
  /** What answered it: the service's answer from the responses, or no answer (a timeout or a network error). */
  answer: { status: number; body?: JsonValue } | { fault: 'timeout' | 'network' };
}

export interface Visit {
  module: string;
  step: string;
  variant: string;
}

export interface SimulateStop {
  kind: 'panel' | 'milestone' | 'command' | 'end' | 'error';
  module?: string;
  step?: string;
  variant?: string;
  /** The path under /aem/milestone/ when the stop is a milestone, else null. */
  milestone: string | null;
  command?: string;
  reasons: string[];
  retriage: string | null;
  message?: string;
  /** The answer keys the stopping panel needs. */
  needs?: string[];
  /** The answers the stopping panel refuses: the answer key and the message as the applicant would read it. */
  errors?: { field: string; message: string }[];
  /** The last prospect payload a command that sends one (`"sends": "prospect"`) would have sent on the walk (flows/payload.json). */
  payload?: JsonObject;
  /** The lifecycle statuses those commands sent, in order (a status SUB-10 holds back is not listed). */
  statuses?: string[];
  /** Where the applicant goes when the walk leaves the app (a command with `leavesApp`): the URL the browser goes to, a CTA redirect's included. */
  destination?: string;
  /** Every request the walk's commands made to the provider's services, in order (the browser makes the same: tests/e2e differential). */
  requests?: SimulatedRequest[];
}

export interface SimulateResult {
  product: string;
  visited: Visit[];
  stop: SimulateStop;
  /** The final state, for tests (not printed by the tool). */
  state?: AppState;
}

/**
 * Checks form data against the panel's schema: which required fields are missing, which values
 * are invalid (prose), and, when the checker can say, the invalid values' errors (field, keyword,
 * params) so the stop can give each the message the form would show.
 */
export type FormChecker = (panel: FormPanel, data: JsonObject) => { missing: string[]; invalid: string[]; errors?: SchemaErrorRef[] };

/** A content key's text with {placeholders} filled; a key content lacks is VAL-02's 'Unknown validation error'. */
function messageText(docs: DocumentSet, key: string | undefined, vars: Record<string, string> = {}): string {
  for (const k of [key, ...UNKNOWN_MESSAGE_KEYS]) {
    const text = k === undefined ? undefined : docs.content.get(k)?.text;
    if (typeof text === 'string') return text.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
  }
  return 'Unknown validation error';
}

/** Top-level `required` only; the Node tool passes a full JSON Schema checker. */
export const requiredOnlyChecker: FormChecker = (panel, data) => {
  const required = Array.isArray(panel.schema.required) ? (panel.schema.required as string[]) : [];
  return { missing: required.filter((f) => data[f] === undefined), invalid: [] };
};

const MAX_STEPS = 500;

/** The answer key of a field for a variant: `militaryService`, `spouse.militaryService`. */
export function answerKey(field: string, variant: string): string {
  return variant === 'self' ? field : `${variant}.${field}`;
}

/** A `{"status": 201, "body": {...}}` response (an HTTP answer), 'invalid' for a bad status, or undefined for an outcome response. */
function httpAnswer(response: JsonValue | undefined): { status: number; body: JsonValue | undefined; fault?: 'timeout' | 'network' } | 'invalid' | undefined {
  if (isObject(response) && (response.fault === 'timeout' || response.fault === 'network')) return { status: 0, body: undefined, fault: response.fault };
  if (!isObject(response) || 'outcome' in response || !('status' in response)) return undefined;
  const status = response.status;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) return 'invalid';
  return { status, body: response.body };
}

function str(state: AppState, path: string): string | undefined {
  const v = getPath(state, path);
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export interface SimulateOptions {
  throughMilestones?: boolean;
  /** config.json `sponsorRequest` (the provider's brand spelling): the sponsor commands' answers are read with it. */
  sponsorRequest?: { brand: string; memberNumberOrder: readonly number[] };
  checkForm?: FormChecker;
  /** Told of every edge taken (coverage). */
  onEdge?: FlowContext['onEdge'];
  /** config.json `destinations` (DEST-02): the named pages a leave step's `destination` argument may name. */
  destinations?: Record<string, string>;
  /** config.json as the commands read it (the join-start URL of a CTA redirect, destinations, the sponsor request). */
  config?: Partial<Pick<ServiceConfig, 'joinStartUrl' | 'destinations' | 'sponsorRequest'>>;
}

export function simulate(docs: DocumentSet, input: SimulateInput, options: SimulateOptions = {}): SimulateResult {
  const ctx: FlowContext = { today: input.today, ...(options.onEdge ? { onEdge: options.onEdge } : {}) };
  const checkForm = options.checkForm ?? requiredOnlyChecker;
  // TRI-05: older notations of an answer ('someone else') count as its value.
  const aliases = answerAliases(docs);
  const answers: JsonObject = normalizeAnswerMap(aliases, input.answers ?? {});
  const responses = input.responses ?? {};
  const consumed = new Set<string>();
  const usedResponses = new Map<string, number>();
  let payload: JsonObject | undefined;
  const statuses: string[] = [];
  const requests: SimulatedRequest[] = [];
  const visited: Visit[] = [];
  const { flow, diagnostics } = resolveFlow(docs, input.product, input.sequence);
  const productId = flow?.productId ?? input.product ?? '';
  const stopWith = (state: AppState | undefined, view: Partial<StepView> & { kind: SimulateStop['kind'] }, extra: Partial<SimulateStop> = {}): SimulateResult => {
    const reasons = state ? getPath(state, 'eligibility.reasons') : undefined;
    const retriage = state ? getPath(state, 'flow.retriage') : undefined;
    const stop: SimulateStop = {
      kind: view.kind,
      ...(view.module !== undefined ? { module: view.module } : {}),
      ...(view.step !== undefined ? { step: view.step } : {}),
      ...(view.variant !== undefined ? { variant: view.variant } : {}),
      milestone: view.milestone ?? null,
      ...(view.command !== undefined ? { command: view.command } : {}),
      reasons: Array.isArray(reasons) ? (reasons as string[]) : [],
      retriage: typeof retriage === 'string' ? retriage : null,
      ...(payload ? { payload } : {}),
      ...(statuses.length > 0 ? { statuses: [...statuses] } : {}),
      ...(requests.length > 0 ? { requests: [...requests] } : {}),
      // On the error route, why the walk went there (the reason the trap's log carries).
      ...(state && getPath(state, 'error.hasError') === true && typeof getPath(state, 'error.reason') === 'string' ? { message: getPath(state, 'error.reason') as string } : {}),
      ...extra,
    };
    return { product: productId, visited, stop, ...(state ? { state } : {}) };
  };
  if (!flow) return stopWith(undefined, { kind: 'error' }, { message: diagnostics.map((d) => d.message).join('; ') });
  // What the browser's session holds (the token, the customer id, the goto URL: SUB-29, SESS-08), the
  // runtime config the commands read, the requests they made, and a clock that moves only when a command pauses.
  const initialSession = isObject(input.state?.session) ? input.state.session : {};
  const seeded: SessionValues = {};
  for (const key of ['jwtKey', 'gotoURL', 'potentialCustomerGuid', 'sponsorGuid'] as const) if (typeof initialSession[key] === 'string') seeded[key] = initialSession[key];
  const session = memorySession(seeded);
  const serviceConfig: ServiceConfig = {
    apiBaseUrl: '',
    joinStartUrl: options.config?.joinStartUrl ?? '/join/start/',
    ...(options.config?.destinations ?? options.destinations ? { destinations: options.config?.destinations ?? options.destinations } : {}),
    get sponsorRequest() {
      const given = options.config?.sponsorRequest ?? options.sponsorRequest;
      if (!given) throw new Error('reading a sponsor answer needs config.json "sponsorRequest" (brand and member-number order)');
      return { brand: given.brand, memberNumberOrder: [...given.memberNumberOrder] };
    },
  };
  const quiet = { log: (): void => undefined, track: (): void => undefined };
  let clock = 0;
  let ids = 0;

  let state: AppState;
  try {
    // As the browser's boot starts a session: the product's config flags and the entry's values (src/engine/session-start.ts), under what the input gives.
    const initial = withSlices(newSessionSlices(flow, input.entry ?? {}, undefined), normalizeInitialState(aliases, input.state));
    state = startFlow(flow, ctx, { initial, ...(input.panel !== undefined ? { panel: input.panel } : {}) });
  } catch (err) {
    return stopWith(undefined, { kind: 'error' }, { message: (err as Error).message });
  }

  /** Whether the command a retry would run again (error.from) has a response left in its list. */
  const responseLeft = (s: AppState): boolean => {
    const from = getPath(s, 'error.from');
    if (!isObject(from) || !flow) return false;
    const step = typeof from.position === 'number' && typeof from.module === 'string' && typeof from.step === 'string' ? stepOf(flow, { position: from.position, module: from.module, step: from.step }) : undefined;
    const name = step?.kind === 'command' ? step.command : undefined;
    const given = name !== undefined ? responses[name] : undefined;
    return Array.isArray(given) && (usedResponses.get(name as string) ?? 0) < given.length;
  };
  for (let count = 0; count < MAX_STEPS; count++) {
    // As the browser's store does on every state it shows (issue 20): a step whose answers are gone goes back to the panel that asked them.
    state = askAgain(flow, state, ctx);
    const view = current(flow, state);
    const errorReason = getPath(state, 'error.reason');
    if (view.kind === 'end') return stopWith(state, view);
    if (view.kind === 'error') return stopWith(state, view, { message: typeof errorReason === 'string' ? errorReason : 'flow error' });
    visited.push({ module: view.module, step: view.step, variant: view.variant });
    // An error recorded by a rule or command lands on the error route; report it as an error stop
    // unless the walk is meant to go through it.
    if (view.position < 0 && typeof errorReason === 'string' && errorReason.startsWith('FLOW_ERROR')) {
      return stopWith(state, { ...view, kind: 'error' }, { message: errorReason });
    }
    try {
      if (view.kind === 'milestone') {
        const step = stepOf(flow, view);
        const terminal = (step?.next ?? []).length === 0;
        if (!options.throughMilestones || terminal) return stopWith(state, view);
        // Try again (`@retry`, ERR-42) runs the failed command again: only while its list of responses has one left for it.
        if ((step?.next ?? []).every((e) => e.to === '@retry') && !responseLeft(state)) return stopWith(state, view);
        state = forward(flow, state, ctx);
        continue;
      }
      if (view.kind === 'command') {
        const name = view.command ?? '';
        const command = docs.commands.get(name)?.command;
        const given = responses[name];
        // A list of responses answers successive requests of the same command (its runs, a 202's polls, the in-flow sponsor update).
        const list = Array.isArray(given);
        const peek = (): JsonValue | undefined => (list ? given[usedResponses.get(name) ?? 0] : given);
        const take = (): JsonValue | undefined => {
          if (!list) return given;
          const i = usedResponses.get(name) ?? 0;
          usedResponses.set(name, i + 1);
          return given[i];
        };
        const next = peek();
        const nextHttp = httpAnswer(next);
        if (nextHttp === 'invalid') return stopWith(state, { ...view, kind: 'error' }, { message: `response for ${name}: "status" must be an HTTP status (a number from 100 to 599)` });
        // An outcome given instead of the service's answer (an author's shortcut, or `assume: success`): the walk takes it as decided.
        const callsNoService = stateAnswer(name) !== undefined || command?.leavesApp === true;
        const outcomeGiven = next !== undefined && nextHttp === undefined ? take() : next === undefined && !callsNoService && input.assume === 'success' && command ? command.success : undefined;
        if (outcomeGiven !== undefined && !callsNoService) {
          const result = typeof outcomeGiven === 'string' ? { outcome: outcomeGiven } : isObject(outcomeGiven) ? (outcomeGiven as unknown as { outcome: string; codes?: string[]; status?: number; patch?: AppState }) : undefined;
          if (!result || typeof result.outcome !== 'string') return stopWith(state, { ...view, kind: 'error' }, { message: `response for ${name} needs an "outcome"` });
          if (command && !command.outcomes.includes(result.outcome)) {
            return stopWith(state, { ...view, kind: 'error' }, { message: `command ${name} has no outcome "${result.outcome}" (outcomes: ${command.outcomes.join(', ')})` });
          }
          if (command?.sends === 'prospect') {
            // What the command would send now: an outcome says nothing of the customer id, so the walk takes it that the earlier create gave one.
            const guid = str(state, 'individuals.guid');
            const lastStatus = str(state, 'individuals.lastStatus');
            let status: string | undefined;
            try {
              status = name === 'callDetour' ? (detourSent(guid, session.getString('jwtKey'), lastStatus) ? 'detour' : undefined) : lifecycleStatus(flow, name, view.args ?? {}, state, input.today, guid);
              const plan = status === undefined ? undefined : planSend(status, { customerId: guid ?? 'unknown', ...(lastStatus ? { lastStatus } : {}) });
              if (status !== undefined && plan && 'method' in plan) {
                payload = buildPayload(docs, state, { today: input.today, productId, status, config: flow.product.config });
                statuses.push(status);
              }
            } catch (err) {
              return stopWith(state, { ...view, kind: 'error' }, { message: `command ${name}: ${(err as Error).message}` });
            }
            if (name === 'callDetour' || status === 'abandon') session.remove('jwtKey');
          }
          state = completeCommand(flow, state, result, ctx);
          continue;
        }
        // Otherwise the command runs as in the browser (src/engine/provider/commands.ts), its requests answered by the responses.
        let left: string | undefined;
        let outcome: CommandOutcome;
        try {
          outcome = runSync(
            runCommand(commandRegistry, { command: name, args: view.args ?? {}, state, flow, today: input.today, config: serviceConfig, session, telemetry: quiet, leave: (url) => (left = url) }),
            (effect) => {
              if (effect.kind === 'now') return clock;
              if (effect.kind === 'id') return `simulate-key-${++ids}`;
              if (effect.kind === 'sleep') {
                clock += effect.ms;
                return undefined;
              }
              const r = effect.request;
              const response = take();
              const http = httpAnswer(response);
              const polling = r.lifecycle === 'poll';
              // SUB-27: polls the list does not answer keep waiting, until polling gives up (40011).
              const answer: ProviderAnswer =
                http === undefined && response === undefined && polling
                  ? { kind: 'answer', status: 202, body: {} }
                  : http === undefined || http === 'invalid'
                    ? (() => {
                        throw new DriverStop(response === undefined ? `no response left for ${name}: ${r.method} ${r.path}` : `response for ${name} (${r.method} ${r.path}) must be the service's answer {"status", "body"}`);
                      })()
                    : http.fault !== undefined
                      ? http.fault === 'timeout'
                        ? { kind: 'failure', status: 408, codes: [], message: 'TIMEOUT', timeout: true }
                        : { kind: 'failure', codes: [], message: 'ERR_NETWORK', timeout: false }
                      : { kind: 'answer', status: http.status, body: http.body };
              // The runner tags what a request is in the prospect's lifecycle (a status sent, or a poll).
              const status = typeof r.lifecycle === 'object' ? r.lifecycle.status : undefined;
              requests.push({ command: name, method: r.method, path: r.path, ...(status !== undefined ? { status } : {}), ...(r.body !== undefined ? { body: r.body } : {}), headers: r.headers, answer: http?.fault !== undefined ? { fault: http.fault } : { status: answer.kind === 'answer' ? answer.status : 0, ...(http?.body !== undefined ? { body: http.body } : {}) } });
              if (status !== undefined && isObject(r.body)) {
                statuses.push(status);
                payload = r.body;
              }
              return answer;
            },
          );
        } catch (err) {
          if (err instanceof DriverStop) return stopWith(state, view, { message: err.message });
          throw err;
        }
        if (outcome.kind === 'left') return stopWith(state, view, { message: `leaves the app by ${name}`, ...(left !== undefined ? { destination: left } : {}) });
        if (outcome.kind === 'error') {
          // As the browser's command step (src/app/command-step.ts): the error route, or, already on it, on to the trap.
          const success = command?.success;
          if (view.position < 0) {
            if (!success) return stopWith(state, { ...view, kind: 'error' }, { message: outcome.reason });
            state = completeCommand(flow, state, { outcome: success }, ctx);
          } else state = toErrorRoute(flow, state, outcome.reason, ctx);
          continue;
        }
        state = completeCommand(flow, state, outcome.result, ctx);
        continue;
      }
      // A panel.
      const panel = view.panel;
      if (!panel) return stopWith(state, { ...view, kind: 'error' }, { message: 'panel missing' });
      if (panel.kind === 'question') {
        const key = answerKey(panel.field, view.variant);
        const value = answers[key];
        if (value === undefined || consumed.has(key)) return stopWith(state, view, { needs: [key] });
        consumed.add(key);
        if (typeof value !== 'string') return stopWith(state, { ...view, kind: 'error' }, { message: `answer ${key} must be a string` });
        const offered = availableAnswers(flow, panel, state, ctx).some((a) => 'value' in a && a.value === value) || (panel.linkButtons ?? []).some((b) => b.answer === value);
        if (!offered) {
          const list = availableAnswers(flow, panel, state, ctx).flatMap((a) => ('value' in a ? [a.value] : []));
          return stopWith(state, { ...view, kind: 'error' }, { message: `panel ${panel.id} does not offer "${value}" for ${key} here (offered: ${list.join(', ')})` });
        }
        state = submitAnswer(flow, state, value, ctx);
        continue;
      }
      if (panel.kind === 'review') {
        // A check-your-answers page asks nothing: like a milestone, it is a stop unless the walk goes through.
        if (!options.throughMilestones) return stopWith(state, view);
        // The applicant's consent, where the page asks it and it is not ticked yet: the answer keyed by the consent path's last name (`consentAcquired`), true to tick.
        const asked = reviewConsent(flow, panel, state, ctx);
        if (asked && !asked.given) {
          const key = answerKey(asked.consent.path.split('.').pop() as string, view.variant);
          if (answers[key] !== true || consumed.has(key)) return stopWith(state, view, { needs: [key] });
          consumed.add(key);
        }
        state = confirmReview(flow, state, asked !== undefined, ctx);
        continue;
      }
      // Top-level fields, with those that show under a condition (dependencies, if/then).
      // What this person is not asked (VAL-16) is neither taken from the answers nor required.
      const suppressed = suppressedFields(docs, panel, state, ctx);
      const fields = [...new Set([...Object.keys((panel.schema.properties ?? {}) as object), ...leafFields(panel.schema as JsonValue).map((f) => f.split('.')[0] as string)])].filter((f) => !isSuppressed(f, suppressed));
      // As the browser does, the form starts from what is stored at its bind path (a field given on an earlier panel of the same data).
      const stored = getPath(state, bindPath(panel, view.variant));
      const data: JsonObject = isObject(stored) ? withoutNulls(stored) : {};
      const keys: string[] = [];
      for (const field of fields) {
        const key = answerKey(field, view.variant);
        keys.push(key);
        if (answers[key] !== undefined && !consumed.has(key)) data[field] = answers[key] as JsonValue;
      }
      // As the form screen does: normalised, then the schema, then the panel's checks (src/engine/form-check.ts).
      const cleaned = withoutSuppressed(normalizeFormData(panel, data), suppressed);
      const result = checkForm(panel, cleaned);
      const missing = result.missing.filter((f) => !isSuppressed(f, suppressed));
      const invalid = result.invalid;
      const schemaErrors = result.errors?.filter((e) => !isSuppressed(e.field, suppressed));
      if (missing.length > 0) return stopWith(state, view, { needs: missing.map((f) => answerKey(f, view.variant)) });
      if (invalid.length > 0 && schemaErrors === undefined) return stopWith(state, { ...view, kind: 'error' }, { message: `invalid answers on ${panel.id}: ${invalid.join('; ')}` });
      const refused = [
        ...(schemaErrors ?? []).map((e) => ({ field: e.field, message: messageText(docs, schemaMessageKey(panel, e), messageVars(e.params)) })),
        ...runChecks(docs, panel, cleaned, state, ctx)
          .filter((e) => !isSuppressed(e.field, suppressed))
          .map((e) => ({ field: e.field, message: messageText(docs, e.message) })),
      ];
      if (refused.length > 0) {
        const errors = refused.map((e) => ({ field: answerKey(e.field, view.variant), message: e.message }));
        return stopWith(state, view, { errors, message: `invalid answers on ${panel.id}: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}` });
      }
      for (const k of keys) if (answers[k] !== undefined) consumed.add(k);
      state = submitAnswer(flow, state, cleaned, ctx);
    } catch (err) {
      if (err instanceof FlowError) return stopWith(state, { ...view, kind: 'error' }, { message: err.message });
      throw err;
    }
  }
  return stopWith(state, { kind: 'error' }, { message: `the walk passed ${MAX_STEPS} steps: a cycle?` });
}
