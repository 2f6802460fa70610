/**
 * The enrollment lifecycle's pure decisions (doc 2 §4; SUB-01..SUB-30), shared by the browser's
 * commands (src/engine/provider/commands.ts, the one command runner) and `npm run simulate`, so the
 * two cannot disagree:
 *
 * - which status a command sends (the step's `status` argument, else the catalogue's
 *   `defaultArgs`, on the state the lifecycle rules read) and whether it is sent at all (SUB-10);
 * - how an answer's body is read (the customer id, the tokens, the codes, the member number);
 * - what an accepted answer records in the state, and the answer an outcome table reads;
 * - the outcome a table gives, with the error reason and the session values it keeps.
 *
 * Pure: no network, no React, no session (the caller passes what the session holds).
 */
import type { JsonValue } from '../rules/index';
import { currentCoordinate, inModuleEnd, type Flow } from './flow';
import type { OutcomeRow } from './formats.generated';
import { decideOutcome, reasonText, type TableAnswer } from './outcome-table';
import { getPath, isObject, setPath, type AppState, type JsonObject } from './state';
import { checkBody, codesOf, dataOf, lacksFields, MalformedAnswerError } from './service-answers';

export { codesOf };

/** SUB-01. */
export const LIFECYCLE_STATUSES = ['abandon', 'complete', 'create', 'modified-create', 'detour', 'redirect', 'update'] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];

export type SendPlan = { method: 'POST'; path: string } | { method: 'PUT'; path: string; customerId: string } | { skipped: 'abandoned' | 'no-customer-id' | 'unknown-status' };

/** What a status sends (SUB-10, SUB-11, SUB-12). */
export function planSend(status: string, known: { customerId?: string; lastStatus?: string }): SendPlan {
  if (known.lastStatus === 'abandon') return { skipped: 'abandoned' };
  if (!(LIFECYCLE_STATUSES as readonly string[]).includes(status)) return { skipped: 'unknown-status' };
  if (status === 'create' || status === 'modified-create') return { method: 'POST', path: 'enrollment/customers' };
  if (!known.customerId) return { skipped: 'no-customer-id' };
  return { method: 'PUT', path: `enrollment/customers/${encodeURIComponent(known.customerId)}`, customerId: known.customerId };
}

/** The enrollment service's answer, as the commands read it. */
export interface EnrollmentAnswer {
  /** The HTTP status; 408 for a polling timeout (with code 40011). */
  status: number;
  customerId?: string;
  jwtKey?: string;
  memberFoundJwtKey?: string;
  codes: string[];
  /** A member number in a 200 answer (the join-opportunity pilot, SUB-20). */
  memberNumber?: string;
  registrationToken?: string;
  productUrl?: string;
  message?: string;
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
}

/** An enrollment answer from its status and body (fields at the top or under `data`). */
export function enrollmentAnswerOf(status: number, body: unknown): EnrollmentAnswer {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const data = dataOf(body);
  const out: EnrollmentAnswer = { status, codes: codesOf(body) };
  for (const key of ['customerId', 'jwtKey', 'memberFoundJwtKey', 'memberNumber', 'registrationToken', 'productUrl', 'message'] as const) {
    const v = text(data[key]) ?? text(b[key]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * The enrollment service's answer as the commands read it. A 2xx whose body is not a JSON
 * object, or a create's 2xx with neither a customerId nor codes, throws MalformedAnswerError: the
 * commands route it to the error route, never to a success (docs/decisions.md, "HTTP client and
 * faults (issue 10)"). The browser's service and simulate both read answers with it.
 */
export function readEnrollmentAnswer(status: number, body: unknown, create = false): EnrollmentAnswer {
  checkBody(status, body, () => lacksFields(body, ['customerId', 'jwtKey', 'memberFoundJwtKey', 'memberNumber', 'registrationToken', 'productUrl', 'message']));
  const answer = enrollmentAnswerOf(status, body);
  if (create && ok(status) && answer.customerId === undefined && answer.codes.length === 0) throw new MalformedAnswerError(status, 'no customerId');
  return answer;
}

/** SUB-27: the answer when polling gives up (15000 ms without a final answer). */
export const POLLING_TIMEOUT_CODE = '40011';
export const POLLING_TIMEOUT_MESSAGE = 'Maximum polling time exceeded.';
export function pollingTimeoutAnswer(): EnrollmentAnswer {
  return { status: 408, codes: [POLLING_TIMEOUT_CODE], message: POLLING_TIMEOUT_MESSAGE };
}

/** SUB-26: a 202 to a PUT with status complete is polled until an answer that is not 202. */
export function polled(method: 'POST' | 'PUT', status: unknown, answerStatus: number): boolean {
  return method === 'PUT' && status === 'complete' && answerStatus === 202;
}

export const ok = (status: number | undefined): boolean => status !== undefined && status >= 200 && status < 300;

/**
 * The state the lifecycle rules read (rules/lifecycle.rules.json): the state plus
 * `flow.nextModule` (the module after the current one; none on the error route or at the last;
 * between two modules, the next one, with `flow.module` the one just finished),
 * `config.initialStatus` (the product's) and `individuals.guid` (`guid`: also the session's).
 */
export function lifecycleState(flow: Flow, state: AppState, guid?: string): AppState {
  let s = state;
  const position = getPath(s, 'flow.position');
  const next = typeof position === 'number' && position >= 0 ? flow.modules[position + 1]?.moduleId : undefined;
  s = setPath(s, 'flow.nextModule', next);
  // Between two modules (Flow.moduleEnd), `flow.module` is the module just finished, as the rules read it.
  const here = currentCoordinate(s);
  if (here && inModuleEnd(flow, here)) s = setPath(s, 'flow.module', flow.modules[here.position]?.name);
  const initial = flow.product.config?.initialStatus;
  if (initial !== undefined && getPath(s, 'config.initialStatus') === undefined) s = setPath(s, 'config.initialStatus', initial);
  if (guid && getPath(s, 'individuals.guid') === undefined) s = setPath(s, 'individuals.guid', guid);
  return s;
}

/** An argument of a command step: the step's own, else the catalogue's default (`defaultArgs`), JSON-Logic evaluated on `state`. */
export function commandArg(flow: Flow, command: string, args: JsonObject, name: string, state: AppState, today: string): JsonValue | undefined {
  const own = Object.prototype.hasOwnProperty.call(args, name) ? args[name] : undefined;
  const fallback = flow.docs.commands.get(command)?.command.defaultArgs?.[name];
  const logic = own ?? fallback;
  return logic === undefined ? undefined : flow.docs.ruleEngine.evaluate(logic as JsonValue, state, { today });
}

/**
 * The lifecycle status a command sends (SUB-01..SUB-09): the step's `status` argument, else the
 * catalogue's default (rule lifecycle.status), on the lifecycle state. Throws when there is none.
 */
export function lifecycleStatus(flow: Flow, command: string, args: JsonObject, state: AppState, today: string, guid?: string): string {
  const status = commandArg(flow, command, args, 'status', lifecycleState(flow, state, guid), today);
  if (typeof status !== 'string' || status === '') throw new Error('no lifecycle status: the step gives no "status" argument and the catalogue no default');
  return status;
}

/** FLOW-14: the detour status is sent when there is a prospect with a token and detour was not the last status. */
export function detourSent(guid: string | undefined, token: string | undefined, lastStatus: string | undefined): boolean {
  return Boolean(guid && token && lastStatus !== 'detour');
}

/**
 * What an accepted answer (2xx) records: the customer id, the status sent, the member-found token
 * and codes. Nothing otherwise. The member-found codes are those of this answer together with
 * those an earlier answer of the same prospect recorded (`previousCodes`): SUB-23 reads the
 * submit's answer and the completion's together, so a 50012 on the submit is not lost when the
 * completion answers without codes (docs/decisions.md, SUB-23).
 */
export function acceptedPatch(status: string, answer: EnrollmentAnswer, guid: string | undefined, previousCodes: readonly string[] = []): AppState {
  if (!ok(answer.status)) return {};
  const patch: AppState = {};
  const newGuid = answer.customerId ?? guid;
  if (newGuid) patch['individuals.guid'] = newGuid;
  patch['individuals.lastStatus'] = status;
  if (answer.memberFoundJwtKey) patch['individuals.memberFoundJwtKey'] = answer.memberFoundJwtKey;
  const codes = [...new Set([...previousCodes, ...answer.codes])];
  patch['individuals.memberFound'] = { isFound: codes.length > 0, codes };
  return patch;
}

/** An answer as an outcome table reads it (`answer.*`). */
export function tableAnswer(answer: Partial<EnrollmentAnswer> & { codes: string[] }, extra: JsonObject = {}): TableAnswer {
  const out: TableAnswer = { codes: answer.codes, ...extra };
  for (const [k, v] of Object.entries(answer)) if (v !== undefined && k !== 'codes') out[k] = v as JsonValue;
  return out;
}

/** The answer to a prospect send as the table reads it: with `eligibilityPresented` (the payload carried triage answers, SUB-22). */
export function prospectTableAnswer(answer: EnrollmentAnswer, payload: JsonObject): TableAnswer {
  const url = payload.url_params;
  return tableAnswer(answer, { eligibilityPresented: isObject(url) && Object.keys(url).length > 0 });
}

/**
 * SUB-23: what memberFoundRedirect's table reads: the member-found codes of the last answer
 * (individuals.memberFound.codes), its token, and the product URL (the destination, encoded).
 */
export function memberFoundAnswer(state: AppState, destination: string | undefined): TableAnswer {
  const raw = getPath(state, 'individuals.memberFound.codes');
  const codes = Array.isArray(raw) ? raw.map(String) : [];
  const token = getPath(state, 'individuals.memberFoundJwtKey');
  return { codes, ...(typeof token === 'string' && token !== '' ? { memberFoundJwtKey: token } : {}), ...(destination ? { productUrl: encodeURIComponent(destination) } : {}) };
}

/** The commands that call no service: their outcome table reads an answer built from the state. */
const STATE_ANSWERS: Readonly<Record<string, (state: AppState, destination: string | undefined) => TableAnswer>> = {
  memberFoundRedirect: memberFoundAnswer,
};

/** How a command that calls no service builds its table's answer from the state; undefined for a command that calls one. */
export function stateAnswer(command: string): ((state: AppState, destination: string | undefined) => TableAnswer) | undefined {
  return Object.prototype.hasOwnProperty.call(STATE_ANSWERS, command) ? STATE_ANSWERS[command] : undefined;
}

export type TableResult =
  | { kind: 'result'; outcome: string; patch: AppState; status?: number; codes?: string[]; session: Record<string, string> }
  | { kind: 'error'; reason: string };

/**
 * The outcome of a command by its outcome table (flows/commands.json `outcomeTable`): the row's
 * outcome, the state to record (`patch`, with the row's error reason, which sends the flow to the
 * error route, FLOW-14), the session values to keep. An answer no row takes is an error (ERR-43).
 * A rule error (fail closed) is thrown.
 */
export function tableResult(flow: Flow, command: string, state: AppState, answer: TableAnswer, patch: AppState, today: string): TableResult {
  const rows: readonly OutcomeRow[] | undefined = flow.docs.commands.get(command)?.command.outcomeTable;
  if (!rows) throw new Error(`command "${command}" has no outcome table in flows/commands.json`);
  const decision = decideOutcome(flow.docs.ruleEngine, rows, state, answer, { today });
  if (!decision) return { kind: 'error', reason: `COMMAND_ERROR|${command}|no row of the outcome table takes the answer|${answer.codes.join('|')}` };
  const status = typeof answer.status === 'number' ? answer.status : undefined;
  return {
    kind: 'result',
    outcome: decision.outcome,
    patch: { ...patch, ...(decision.reason !== undefined ? { 'error.hasError': true, 'error.reason': decision.reason } : {}) },
    ...(status !== undefined ? { status } : {}),
    ...(answer.codes.length > 0 ? { codes: answer.codes } : {}),
    session: decision.session,
  };
}

/**
 * A 2xx whose body cannot be read (MalformedAnswerError) is not judged by the table's rows (a
 * 201 would go on without a customer id): the row that takes any answer (`when: true`, ERR-43)
 * decides, its reason carrying the status and `MALFORMED_BODY|<why>`, so the error route follows.
 * Without such a row, the command's error.
 */
export function malformedResult(flow: Flow, command: string, failure: { status?: number; codes: string[] }): TableResult {
  const fallback = flow.docs.commands.get(command)?.command.outcomeTable?.find((row) => row.when === true);
  const reason = reasonText(fallback?.reason ?? `COMMAND_ERROR|${command}|{status}|{codes}`, failure);
  if (!fallback) return { kind: 'error', reason };
  return {
    kind: 'result',
    outcome: fallback.outcome,
    patch: { 'error.hasError': true, 'error.reason': reason },
    ...(failure.status !== undefined ? { status: failure.status } : {}),
    codes: failure.codes,
    session: {},
  };
}
