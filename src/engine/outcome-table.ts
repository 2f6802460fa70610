/**
 * Command outcome tables (flows/commands.json `outcomeTable`): which outcome a service's answer
 * leads to is data, an ordered list of rows `{ when, outcome, reason, session }` whose first row
 * that holds wins (SUB-17..SUB-23). The `when` conditions are rules evaluated on the state plus
 * `answer` (the state contract's open `answer` object). Pure: no network, no React.
 *
 * The service-code catalogue (flows/service-codes.json, ERR-30..ERR-43) says what each code
 * means, for logs and reason text, and what a code no row names does (ERR-43).
 */
import { type JsonValue, type Logic, type RuleContext, type RuleEngine } from '../rules/index';
import { conditionHolds } from '../rules/engine';
import type { OutcomeRow, ServiceCodeCatalogue } from './formats.generated';
import type { AppState, JsonObject } from './state';

/** The answer a table reads (`answer.*`): status, codes and the fields the service returned. */
export interface TableAnswer extends JsonObject {
  codes: string[];
}

export interface OutcomeDecision {
  outcome: string;
  /** Index of the row that held. */
  row: number;
  /** The error reason (the row's template filled), when the row records one. */
  reason?: string;
  /** Session values to keep (each row `session` value evaluated; null and '' left out). */
  session: Record<string, string>;
}

/** The state a row's conditions read: the state with `answer` set. */
export function withAnswer(state: AppState, answer: TableAnswer): AppState {
  return { ...state, answer };
}

function holds(engine: RuleEngine, condition: OutcomeRow['when'], data: AppState, ctx: RuleContext): boolean {
  return conditionHolds(engine, condition as boolean | string | Logic, data, ctx);
}

/**
 * The first row that holds for the answer, or undefined when none does (the caller treats that
 * as an error, ERR-43). A rule error (fail closed) is thrown: the command fails.
 */
export function decideOutcome(engine: RuleEngine, rows: readonly OutcomeRow[], state: AppState, answer: TableAnswer, ctx: RuleContext): OutcomeDecision | undefined {
  const data = withAnswer(state, answer);
  for (const [i, row] of rows.entries()) {
    if (!holds(engine, row.when, data, ctx)) continue;
    const session: Record<string, string> = {};
    for (const [key, logic] of Object.entries(row.session ?? {})) {
      const v = engine.evaluate(logic as Logic, data, ctx);
      if (v === null || v === undefined || v === '') continue;
      session[key] = typeof v === 'string' ? v : JSON.stringify(v);
    }
    return { outcome: row.outcome, row: i, ...(row.reason !== undefined ? { reason: reasonText(row.reason, answer) } : {}), session };
  }
  return undefined;
}

/**
 * A reason template filled (ERR-21, ERR-23): `{status}` is `STATUS_<n>` or `NO_RESPONSE`,
 * `{codes}` the codes pipe-joined; parts left empty are dropped.
 */
export function reasonText(template: string, answer: { status?: JsonValue; codes: readonly string[] }): string {
  const status = typeof answer.status === 'number' ? `STATUS_${answer.status}` : 'NO_RESPONSE';
  return template
    .split('|')
    .map((part) => part.replace(/\{status\}/g, status).replace(/\{codes\}/g, answer.codes.join('|')))
    .filter((part) => part !== '')
    .join('|');
}

/** Each code with its meaning from the catalogue, for logs: `50017 (parent missing ssn/tin/dob)`, or `12345 (unknown code)`. */
export function describeCodes(catalogue: ServiceCodeCatalogue | undefined, codes: readonly string[]): string[] {
  return codes.map((c) => {
    const entry = catalogue?.codes[c];
    return `${c} (${entry ? entry.meaning : 'not in the service-code catalogue'})`;
  });
}

/** The codes a condition names literally (strings of 3 to 6 digits): what lint compares with the catalogue. */
export function codesNamed(logic: JsonValue | undefined): string[] {
  const out = new Set<string>();
  const walk = (node: JsonValue | undefined): void => {
    if (typeof node === 'string') {
      if (/^[0-9]{3,6}$/.test(node)) out.add(node);
    } else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(logic);
  return [...out];
}

/**
 * The message a failure shows (ERR-42): the first code of the reason that the catalogue gives a
 * message, with whether the page offers to try again. Undefined when no code has one.
 */
export function failureMessage(catalogue: ServiceCodeCatalogue | undefined, reason: string | undefined): { code: string; message: string; retry: boolean } | undefined {
  if (!catalogue || !reason) return undefined;
  for (const part of reason.split('|')) {
    const entry = catalogue.codes[part];
    if (entry?.message) return { code: part, message: entry.message, retry: entry.retry === true };
  }
  return undefined;
}
