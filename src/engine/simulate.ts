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
import { completeCommand } from './flow-moves';
import { leafFields } from './review';
import { answerAliases, normalizeAnswerMap, normalizeInitialState } from './answer-aliases';
import type { FormPanel } from './formats.generated';
import { checkForm as runChecks, isSuppressed, normalizeFormData, suppressedFields, withoutSuppressed } from './form-check';
import { messageVars, schemaMessageKey, UNKNOWN_MESSAGE_KEYS, type SchemaErrorRef } from './form-messages';
import type { DocumentSet } from './loader';
import { getPath, isObject, withoutNulls, type AppState, type JsonObject } from './state';
import { buildPayload } from './payload';
import { destinationUrl } from './destination';
import { MalformedAnswerError, malformedFailure } from './service-answers';
import { SERVICE_DECISIONS, type ServiceDecision } from './service-decisions';
import {
  acceptedPatch,
  commandArg,
  detourSent,
  enrollmentAnswerOf,
  lifecycleStatus,
  malformedResult,
  ok,
  planSend,
  polled,
  pollingTimeoutAnswer,
  prospectTableAnswer,
  readEnrollmentAnswer,
  stateAnswer,
  tableResult,
  type EnrollmentAnswer,
} from './lifecycle';

export interface SimulateInput {
  product?: string;
  sequence?: string;
  today: string;
  answers?: JsonObject;
  responses?: JsonObject;
  assume?: 'success';
  panel?: string;
  /** Initial state slices: session, config flags, prefilled data. */
  state?: JsonObject;
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
  /** Where the applicant goes when the walk leaves the app (a command with `leavesApp`): the URL as the browser's leaveApp computes it. */
  destination?: string;
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
function httpAnswer(response: JsonValue | undefined): { status: number; body: JsonValue | undefined } | 'invalid' | undefined {
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
}

/** Where a leave step goes, as the browser's leaveApp decides (src/services/commands.ts): a named page of config.json, else the session's goto URL, else the product's destination. */
function leaveUrl(flow: NonNullable<ReturnType<typeof resolveFlow>['flow']>, view: StepView, state: AppState, productId: string, destinations: Record<string, string> | undefined): string | undefined {
  const named = view.args?.destination;
  if (typeof named === 'string') return destinationUrl(destinations?.[named], productId);
  return str(state, 'session.gotoURL') ?? destinationUrl(flow.product.destinationURL, productId);
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
  // What the browser's session holds for the enrollment service: the token (SUB-29).
  const initialToken = getPath(input.state ?? {}, 'session.jwtKey');
  let token: string | undefined = typeof initialToken === 'string' && initialToken !== '' ? initialToken : undefined;
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
      ...extra,
    };
    return { product: productId, visited, stop, ...(state ? { state } : {}) };
  };
  if (!flow) return stopWith(undefined, { kind: 'error' }, { message: diagnostics.map((d) => d.message).join('; ') });
  const leaving = (view: StepView, state: AppState): Partial<SimulateStop> => {
    const url = leaveUrl(flow, view, state, productId, options.destinations);
    return { message: `leaves the app by ${view.command ?? 'a command'}`, ...(url !== undefined ? { destination: url } : {}) };
  };

  let state: AppState;
  try {
    state = startFlow(flow, ctx, { initial: normalizeInitialState(aliases, input.state), ...(input.panel !== undefined ? { panel: input.panel } : {}) });
  } catch (err) {
    return stopWith(undefined, { kind: 'error' }, { message: (err as Error).message });
  }

  /** Whether the command a retry would run again (error.from) has a response left in its list. */
  const responseLeft = (s: AppState): boolean => {
    const from = getPath(s, 'error.from');
    if (!isObject(from) || !flow) return false;
    const step = flow.modules[from.position as number]?.graph.steps[from.step as string];
    const name = step?.kind === 'command' ? step.command : undefined;
    const given = name !== undefined ? responses[name] : undefined;
    return Array.isArray(given) && (usedResponses.get(name as string) ?? 0) < given.length;
  };
  for (let count = 0; count < MAX_STEPS; count++) {
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
        const step = flow.modules[view.position]?.graph.steps[view.step] ?? flow.extraModules.get(view.module)?.graph.steps[view.step];
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
        // A list of responses answers successive runs of the same command (and a 202's polls).
        const list = Array.isArray(given);
        const take = (): JsonValue | undefined => {
          if (!list) return given;
          const i = usedResponses.get(name) ?? 0;
          usedResponses.set(name, i + 1);
          return given[i];
        };
        const putBack = (): void => {
          if (list) usedResponses.set(name, (usedResponses.get(name) ?? 1) - 1);
        };
        let response = take();
        const answerFromState = stateAnswer(name);
        if (response === undefined && answerFromState && command?.outcomeTable) {
          // A command that calls no service (memberFoundRedirect): its table reads the state, as in the browser. (The
          // product URL it keeps in the session is not part of the stop, so the walk does not compute it.)
          const decided = tableResult(flow, name, state, answerFromState(state, undefined), {}, input.today);
          if (decided.kind === 'error') return stopWith(state, { ...view, kind: 'error' }, { message: decided.reason });
          state = completeCommand(flow, state, decided, ctx);
          continue;
        }
        if (response === undefined && input.assume === 'success' && command) response = command.success;
        if (response === undefined) return stopWith(state, view);
        const http = httpAnswer(response);
        if (http === 'invalid') return stopWith(state, { ...view, kind: 'error' }, { message: `response for ${name}: "status" must be an HTTP status (a number from 100 to 599)` });
        let sending: { status: string; payload: JsonObject } | undefined;
        if (command?.sends === 'prospect') {
          // What the command would send now (src/engine/lifecycle.ts, as the browser's command decides it).
          const guid = str(state, 'individuals.guid');
          const lastStatus = str(state, 'individuals.lastStatus');
          let status: string | undefined;
          try {
            status = name === 'callDetour' ? (detourSent(guid, token, lastStatus) ? 'detour' : undefined) : lifecycleStatus(flow, name, view.args ?? {}, state, input.today, guid);
          } catch (err) {
            return stopWith(state, { ...view, kind: 'error' }, { message: `command ${name}: ${(err as Error).message}` });
          }
          // SUB-10. An outcome response says nothing of the customer id: the walk takes it that the earlier create gave one.
          const plan = status === undefined ? undefined : planSend(status, { customerId: guid ?? (http ? undefined : 'unknown'), lastStatus });
          if (status !== undefined && plan && 'method' in plan) {
            try {
              sending = { status, payload: buildPayload(docs, state, { today: input.today, productId, status, config: flow.product.config }) };
            } catch (err) {
              return stopWith(state, { ...view, kind: 'error' }, { message: `command ${name}: the prospect payload cannot be built: ${(err as Error).message}` });
            }
            payload = sending.payload;
            statuses.push(status);
            if (status === 'abandon') token = undefined;
            if (http) {
              let answer: EnrollmentAnswer;
              try {
                // As the browser's service reads it: a 2xx body it cannot read is malformed (the table's catch-all row, the error route).
                answer = polled(plan.method, status, http.status) ? enrollmentAnswerOf(http.status, http.body) : readEnrollmentAnswer(http.status, http.body, plan.method === 'POST');
                // SUB-26/27: the 202 of a complete is polled; the next responses of the list are the polls' answers, and when they run out polling gives up (40011).
                if (polled(plan.method, status, answer.status)) {
                  do {
                    const next = list ? httpAnswer(take()) : undefined;
                    answer = next && next !== 'invalid' ? (next.status === 202 ? enrollmentAnswerOf(202, next.body) : readEnrollmentAnswer(next.status, next.body)) : pollingTimeoutAnswer();
                  } while (answer.status === 202);
                }
              } catch (err) {
                if (!(err instanceof MalformedAnswerError)) throw err;
                if (name === 'callDetour') {
                  token = undefined;
                  state = completeCommand(flow, state, { outcome: 'done' }, ctx);
                  continue;
                }
                const decided = malformedResult(flow, name, malformedFailure(err));
                if (decided.kind === 'error') return stopWith(state, { ...view, kind: 'error' }, { message: decided.reason });
                state = completeCommand(flow, state, decided, ctx);
                continue;
              }
              if (ok(answer.status) && answer.jwtKey) token = answer.jwtKey;
              if (status === 'abandon') token = undefined;
              if (name === 'callDetour') {
                token = undefined;
                state = completeCommand(flow, state, { outcome: 'done', patch: { 'individuals.lastStatus': 'detour' } }, ctx);
                continue;
              }
              const decided = tableResult(flow, name, state, prospectTableAnswer(answer, sending.payload), acceptedPatch(status, answer, guid), input.today);
              if (decided.kind === 'error') return stopWith(state, { ...view, kind: 'error' }, { message: decided.reason });
              if (decided.session.jwtKey !== undefined) token = decided.session.jwtKey;
              state = completeCommand(flow, state, decided, ctx);
              continue;
            }
          } else if (http) {
            // Nothing is sent (SUB-10): the answer is not used, and the flow goes on by the command's success outcome.
            putBack();
            if (name === 'callDetour') token = undefined;
            state = completeCommand(flow, state, { outcome: command.success }, ctx);
            continue;
          }
          if (name === 'callDetour') token = undefined;
        } else if (http) {
          if (command?.leavesApp) return stopWith(state, view, leaving(view, state));
          const service = SERVICE_DECISIONS[name];
          if (service && !answerFromState) {
            // The sponsor and address commands: what the service's answer means, as the browser's command decides it.
            const arg = (n: string): JsonValue | undefined => commandArg(flow, name, view.args ?? {}, n, state, input.today);
            let decided: ServiceDecision;
            try {
              decided = service({ state, args: view.args ?? {}, arg, http, next: () => httpAnswer(take()), productId, request: options.sponsorRequest, engine: docs.ruleEngine, today: input.today });
            } catch (err) {
              return stopWith(state, { ...view, kind: 'error' }, { message: `command ${name}: ${(err as Error).message}` });
            }
            state = completeCommand(flow, state, decided, ctx);
            continue;
          }
          const why = answerFromState
            ? `${name} calls no service: its table reads the state (give no response, or an outcome)`
            : `${name} has no reading of a service's answer`;
          return stopWith(state, { ...view, kind: 'error' }, { message: `${why}: answer it with an outcome (${command?.outcomes.join(', ') ?? 'the command is not in flows/commands.json'}), e.g. {"outcome": "${command?.success ?? 'success'}", "codes": []}` });
        }
        if (command?.leavesApp) {
          // The applicant leaves the app here: the walk ends at the redirect.
          return stopWith(state, view, leaving(view, state));
        }
        const result = typeof response === 'string' ? { outcome: response } : isObject(response) ? (response as unknown as { outcome: string; codes?: string[]; status?: number; patch?: AppState }) : undefined;
        if (!result || typeof result.outcome !== 'string') return stopWith(state, { ...view, kind: 'error' }, { message: `response for ${name} needs an "outcome"` });
        if (command && !command.outcomes.includes(result.outcome)) {
          return stopWith(state, { ...view, kind: 'error' }, { message: `command ${name} has no outcome "${result.outcome}" (outcomes: ${command.outcomes.join(', ')})` });
        }
        state = completeCommand(flow, state, result, ctx);
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
        state = submitAnswer(flow, state, {}, ctx);
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
