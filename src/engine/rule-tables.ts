/**
 * Runs rule test tables (rules/*.table.json) and scenario tables (tests/scenarios/*.json),
 * and measures which module edges they exercise. Pure: `npm run test:rules` and the unit
 * tests share it.
 */
import { addDays, addMonths, addYears, format, parse } from 'date-fns';
import { RuleError, type JsonValue } from '../rules/index';
import { edgeKey, type EdgeRef } from './flow';
import type { DocumentSet } from './loader';
import { simulate, type FormChecker, type SimulateInput, type SimulateOptions, type SimulateResult } from './simulate';
import { isObject, setPath, type AppState, type JsonObject } from './state';

export const DEFAULT_TODAY = '2026-11-22';

/** `@today`, `@today-2y`, `@today-6y-1d`, `@today+1m` relative to today; anything else as is. */
export function expandCell(cell: JsonValue, today: string): JsonValue {
  if (typeof cell !== 'string' || !cell.startsWith('@today')) return cell;
  let date = parse(today, 'yyyy-MM-dd', new Date());
  const rest = cell.slice('@today'.length);
  const re = /([+-])(\d+)([ymd])/g;
  let consumed = 0;
  for (let m = re.exec(rest); m; m = re.exec(rest)) {
    const n = Number(m[2]) * (m[1] === '-' ? -1 : 1);
    date = m[3] === 'y' ? addYears(date, n) : m[3] === 'm' ? addMonths(date, n) : addDays(date, n);
    consumed += m[0].length;
  }
  if (consumed !== rest.length) throw new Error(`bad relative date "${cell}": write @today, @today-2y, @today-6y-1d, @today+1m`);
  return format(date, 'yyyy-MM-dd');
}

export interface RowFailure {
  file: string;
  table: number;
  row: number;
  rule: string;
  inputs: JsonObject;
  expected: JsonValue;
  actual: JsonValue | string;
}

export interface TableReport {
  rows: number;
  failures: RowFailure[];
}

function sameValue(a: JsonValue, b: JsonValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function runRuleTables(docs: DocumentSet): TableReport {
  let rows = 0;
  const failures: RowFailure[] = [];
  for (const doc of docs.ruleTables) {
    doc.value.tables.forEach((table, t) => {
      const today = table.today ?? DEFAULT_TODAY;
      const inputsCols = table.columns.slice(0, -1);
      table.rows.forEach((row, r) => {
        rows++;
        let state: AppState = {};
        const inputs: JsonObject = {};
        let actual: JsonValue | string;
        const expected = row[row.length - 1] ?? null;
        try {
          inputsCols.forEach((col, i) => {
            const cell = expandCell(row[i] ?? null, today);
            inputs[col] = cell;
            if (cell !== null) state = setPath(state, col, cell);
          });
          actual = docs.ruleEngine.evaluateRule(table.rule, state, { today });
        } catch (err) {
          actual = err instanceof RuleError ? `RuleError ${err.code}: ${err.message}` : `Error: ${(err as Error).message}`;
        }
        if (typeof actual === 'string' && (actual.startsWith('RuleError') || actual.startsWith('Error:')) ? true : !sameValue(actual, expected)) {
          failures.push({ file: doc.file, table: t, row: r, rule: table.rule, inputs, expected, actual });
        }
      });
    });
  }
  return { rows, failures };
}

export interface ScenarioFailure {
  file: string;
  id: string;
  requirements: string[];
  expected: JsonObject;
  actual: SimulateResult['stop'] & { visited?: SimulateResult['visited'] };
  mismatches: string[];
}

/** Where `got` lacks what `want` has: objects compared by the keys `want` gives, anything else as a whole. */
function missingIn(want: JsonValue, got: JsonValue, at: string): string[] {
  if (isObject(want)) {
    if (!isObject(got)) return [`${at}: expected an object with ${JSON.stringify(want)}, got ${JSON.stringify(got)}`];
    return Object.entries(want).flatMap(([k, v]) => missingIn(v, got[k] ?? null, `${at}.${k}`));
  }
  return sameValue(want, got) ? [] : [`${at}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`];
}

/** Compare only the keys the scenario expects; `visitedIncludes` checks steps passed on the way, `payloadIncludes` values of the last prospect sent. */
function compareStop(expect: JsonObject, result: SimulateResult): string[] {
  const out: string[] = [];
  const stop = result.stop as unknown as JsonObject;
  for (const [key, want] of Object.entries(expect)) {
    if (key === 'visitedIncludes') {
      const steps = result.visited.map((v) => `${v.module}/${v.step}${v.variant !== 'self' ? `/${v.variant}` : ''}`);
      for (const s of Array.isArray(want) ? want : [want]) if (!steps.includes(String(s))) out.push(`visited lacks ${String(s)}`);
      continue;
    }
    if (key === 'payloadIncludes') {
      // The last prospect sent holds these values (a partial object: only the keys given are compared).
      for (const miss of missingIn(want, stop.payload ?? null, 'payload')) out.push(miss);
      continue;
    }
    if (key === 'messageIncludes') {
      if (typeof stop.message !== 'string' || !stop.message.includes(String(want))) out.push(`message ${JSON.stringify(stop.message)} lacks ${JSON.stringify(want)}`);
      continue;
    }
    const got = stop[key] ?? null;
    if (key === 'reasons' && Array.isArray(want) && Array.isArray(got)) {
      if (!sameValue([...want].map(String).sort(), [...got].map(String).sort())) out.push(`reasons: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
      continue;
    }
    if (!sameValue(want, got)) out.push(`${key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }
  return out;
}

export interface ScenarioReport {
  count: number;
  failures: ScenarioFailure[];
}

/**
 * A scenario's input with its file's defaults merged under it (schemas/formats/scenarios.schema.json):
 * the defaults' `responses` merged command by command under the scenario's own (the module
 * update's answer given once per file).
 */
export function scenarioInput(defaults: JsonObject, input: JsonObject): SimulateInput {
  const responses = isObject(defaults.responses) || isObject(input.responses) ? { responses: { ...(isObject(defaults.responses) ? defaults.responses : {}), ...(isObject(input.responses) ? input.responses : {}) } } : {};
  return { today: DEFAULT_TODAY, ...defaults, ...input, ...responses } as unknown as SimulateInput;
}

export function runScenarios(docs: DocumentSet, checkForm: FormChecker | undefined, onEdge?: (ref: EdgeRef) => void, extra: Pick<SimulateOptions, 'sponsorRequest' | 'destinations'> = {}): ScenarioReport {
  let count = 0;
  const failures: ScenarioFailure[] = [];
  for (const doc of docs.scenarios) {
    const defaults = doc.value.defaults ?? {};
    for (const scenario of doc.value.scenarios) {
      count++;
      const input = scenarioInput(defaults, scenario.input);
      const result = simulate(docs, input, { ...extra, throughMilestones: scenario.throughMilestones === true, ...(checkForm ? { checkForm } : {}), ...(onEdge ? { onEdge } : {}) });
      const mismatches = compareStop(scenario.expect, result);
      if (mismatches.length > 0) {
        failures.push({ file: doc.file, id: scenario.id, requirements: scenario.requirements ?? [], expected: scenario.expect, actual: { ...result.stop, visited: result.visited }, mismatches });
      }
    }
  }
  return { count, failures };
}

/**
 * Every edge of every module document, by key. The edges of a command that leaves the app
 * (`leavesApp`, e.g. the CTA redirect) are left out: the applicant is gone before such an
 * edge could be taken, so no walk can exercise it (lint still wants it, for every outcome).
 */
export function allEdges(docs: DocumentSet): Map<string, { file: string; pointer: string }> {
  const out = new Map<string, { file: string; pointer: string }>();
  for (const doc of docs.modules.values()) {
    const m = doc.value;
    const add = (ref: EdgeRef, pointer: string): void => void out.set(edgeKey(ref), { file: doc.file, pointer });
    if (Array.isArray(m.start)) m.start.forEach((_, i) => add({ moduleId: m.id, from: '@start', index: i }, `/start/${i}`));
    for (const [name, entry] of Object.entries(m.entries ?? {})) {
      if (Array.isArray(entry.start)) entry.start.forEach((_, i) => add({ moduleId: m.id, from: `@entry:${name}`, index: i }, `/entries/${name}/start/${i}`));
    }
    for (const [id, step] of Object.entries(m.steps)) {
      if (step.kind === 'command' && step.command !== undefined && docs.commands.get(step.command)?.command.leavesApp === true) continue;
      (step.next ?? []).forEach((_, i) => add({ moduleId: m.id, from: id, index: i }, `/steps/${id}/next/${i}`));
    }
  }
  return out;
}
