// Shared types, the RuleError class and the runtime side of the operations registered with
// json-logic-js (custom ops plus safe replacements for `var`, `missing`, `missing_some`, `in`).
//
// json-logic-js keeps one global operation table; `registerOperations()` installs ours exactly
// once. Custom ops need the evaluation context (today, named rules, the root data) which
// json-logic-js cannot pass through, so `evaluate` pushes a frame on a module-level stack for the
// duration of the (synchronous) call. Ops also need to know where they sit in the logic to report
// a JSON pointer: the compiler (analyze.ts) appends a `Where` marker as a trailing argument.
import jsonLogic from 'json-logic-js';
import { calendarDaysBetween, exactYearsSince, parseDate, wholeYearsSince } from './dates';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [k: string]: JsonValue };
export type Logic = JsonValue;

/** The evaluation context. `today` ('yyyy-MM-dd') is the only clock the rules see. */
export interface RuleContext {
  today: string;
}

export type RuleErrorCode =
  | 'UNKNOWN_OPERATION'
  | 'UNKNOWN_VARIABLE'
  | 'FORBIDDEN_PATH'
  | 'DYNAMIC_VARIABLE'
  | 'UNKNOWN_RULE'
  | 'RULE_CYCLE'
  | 'BAD_ARGUMENT'
  | 'INVALID_DATE'
  | 'MISSING_DATE';

/** A static finding; `path` is a JSON pointer into the logic document ("" = the whole logic). */
export interface RuleIssue {
  code: RuleErrorCode;
  message: string;
  path: string;
}

/**
 * The only error `evaluate` throws. `path` is a JSON pointer into the logic being evaluated, or,
 * when `ruleId` is set, into the named rule of that id (reached through `{"rule": id}`).
 */
export class RuleError extends Error {
  readonly code: RuleErrorCode;
  readonly path: string;
  readonly ruleId: string | undefined;

  constructor(code: RuleErrorCode, message: string, path: string, options?: { ruleId?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RuleError';
    this.code = code;
    this.path = path;
    this.ruleId = options?.ruleId;
  }
}

/** `matches`: the longest pattern, the longest value, and the flags allowed. */
export const MATCH_LIMITS = { pattern: 300, input: 500, flags: 'iu' } as const;

/** Documentation of the custom operations, for docs, lint and the graph tool. */
export const CUSTOM_OPERATIONS: Record<string, { signature: string; description: string }> = {
  age: {
    signature: '{"age": [date]} -> number',
    description:
      'Whole years from the date to ctx.today (18 on the 18th birthday, 17 the day before). ' +
      'date: MM/dd/yyyy, yyyy-MM-dd or MM/yyyy. Missing date -> MISSING_DATE, unparseable -> INVALID_DATE.',
  },
  yearsSince: {
    signature: '{"yearsSince": [date]} -> number',
    description:
      'Exact calendar years from the date to ctx.today, fractional: {">": [{"yearsSince": d}, n]} is true exactly ' +
      'when d is strictly before ctx.today minus n years; equals n when d is exactly n years before. ' +
      'Missing date -> MISSING_DATE, unparseable -> INVALID_DATE.',
  },
  daysBetween: {
    signature: '{"daysBetween": [from, to]} -> number',
    description:
      'Calendar days from `from` to `to` (negative when `to` is before `from`); both dates in the formats of `age`. ' +
      'Missing date -> MISSING_DATE, unparseable -> INVALID_DATE.',
  },
  isDate: {
    signature: '{"isDate": [value]} -> boolean',
    description:
      'True when value is a string in an accepted date format (MM/dd/yyyy, yyyy-MM-dd, MM/yyyy) naming a real calendar ' +
      'date; false for anything else (never an error). Guards the date operations on optional or mistyped fields.',
  },
  plainText: {
    signature: '{"plainText": [value]} -> value',
    description:
      'A string as rules compare it: without Unicode format characters (zero-width spaces and joiners, soft hyphens, ' +
      'direction marks) and in NFKC form (full-width letters, ligatures and compatibility spaces become plain ones). ' +
      'Any other value is returned unchanged.',
  },
  matches: {
    signature: '{"matches": [value, "pattern", "flags"?]} -> boolean',
    description:
      'True when the string value matches the literal regular expression (JavaScript syntax, flags from "i" and "u"). ' +
      'A non-string value does not match. The pattern is checked statically: it must compile, be at most ' +
      "300 characters and have no nested unbounded quantifier such as (a+)+. A value over 500 characters -> BAD_ARGUMENT.",
  },
  rule: {
    signature: '{"rule": "id"} | {"rule": ["id", {"name": value, ...}]} -> value',
    description:
      'The value of the named rule `id` evaluated on the same (root) data; with arguments, the rule (one that reads ' +
      'only arg.*) is evaluated on {"arg": {...the arguments}} alone. Unknown id -> UNKNOWN_RULE, ' +
      'a rule that reaches itself -> RULE_CYCLE, missing or unexpected arguments -> BAD_ARGUMENT.',
  },
};


/**
 * json-logic-js's standard operations that rules may use: everything except `method`, which
 * calls arbitrary methods on values, and `log`, which writes its argument to the console (a
 * birth date, an SSN: personal data never goes to a log). `?:` is json-logic-js's alias for `if`.
 */
export const STANDARD_OPERATIONS: readonly string[] = [
  'var', 'missing', 'missing_some',
  'if', '?:', 'and', 'or', '!', '!!',
  '==', '===', '!=', '!==', '>', '>=', '<', '<=',
  '+', '-', '*', '/', '%', 'min', 'max',
  'map', 'filter', 'reduce', 'all', 'none', 'some', 'merge', 'in',
  'cat', 'substr',
];

/**
 * The custom operations' names (CUSTOM_OPERATIONS documents them; a test keeps the two the same).
 * A list of its own, so the browser's bundle can leave the documentation out.
 */
export const CUSTOM_OPERATION_NAMES: readonly string[] = ['age', 'yearsSince', 'daysBetween', 'isDate', 'plainText', 'matches', 'rule'];

export const ALLOWED_OPERATIONS: ReadonlySet<string> = new Set([...STANDARD_OPERATIONS, ...CUSTOM_OPERATION_NAMES]);

/** Path segments that would reach an object's prototype machinery. */
export const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Location marker appended to compiled op arguments. It has no enumerable own keys, so
 * json-logic-js treats it as a literal and passes it through to the op unchanged.
 */
export class Where {
  readonly #pointer: string;
  readonly #ruleId: string | undefined;
  constructor(pointer: string, ruleId: string | undefined) {
    this.#pointer = pointer;
    this.#ruleId = ruleId;
  }
  get pointer(): string {
    return this.#pointer;
  }
  get ruleId(): string | undefined {
    return this.#ruleId;
  }
  error(code: RuleErrorCode, message: string): RuleError {
    const where = this.#ruleId === undefined ? '' : ` (in rule "${this.#ruleId}")`;
    return new RuleError(code, message + where, this.#pointer, { ruleId: this.#ruleId });
  }
}

/** The marker of a `matches` node: carries the pattern, compiled once by the static check. */
export class MatchWhere extends Where {
  readonly #regex: RegExp | null; // private: a marker must have no enumerable own keys
  constructor(pointer: string, ruleId: string | undefined, regex: RegExp | null) {
    super(pointer, ruleId);
    this.#regex = regex;
  }
  get regex(): RegExp | null {
    return this.#regex;
  }
}

/** The marker of a `{"rule": [id, {args}]}` node: the argument names, in the order of the values. */
export class CallWhere extends Where {
  readonly #names: readonly string[];
  constructor(pointer: string, ruleId: string | undefined, names: readonly string[]) {
    super(pointer, ruleId);
    this.#names = names;
  }
  get names(): readonly string[] {
    return this.#names;
  }
}

const NOWHERE = new Where('', undefined);

/** What an evaluation makes available to the ops. */
export interface EvaluationFrame {
  today: Date;
  /**
   * The data passed to evaluate: named rules always see this, even inside map/filter. While a
   * rule called with arguments runs, it is that rule's {arg: {...}}.
   */
  root: unknown;
  /** Compiled logic of a named rule; throws RuleError UNKNOWN_RULE / static issues. */
  compiledRule(id: string, where: Where): unknown;
  /** Named rules currently being evaluated, outermost first (runtime cycle guard). */
  ruleStack: string[];
}

const frames: EvaluationFrame[] = [];

export function withFrame<T>(frame: EvaluationFrame, run: () => T): T {
  frames.push(frame);
  try {
    return run();
  } finally {
    frames.pop();
  }
}

function currentFrame(where: Where, op: string): EvaluationFrame {
  const frame = frames[frames.length - 1];
  if (frame === undefined) {
    throw where.error('BAD_ARGUMENT', `"${op}" can only be evaluated through a RuleEngine (it needs ctx.today)`);
  }
  return frame;
}

/** Split off the trailing Where marker the compiler appends. */
function splitWhere(args: readonly unknown[]): { values: unknown[]; where: Where } {
  const last = args[args.length - 1];
  if (last instanceof Where) return { values: args.slice(0, -1), where: last };
  return { values: [...args], where: NOWHERE };
}

/** Own-property walk of a dotted path: never reads inherited properties. */
export function lookup(data: unknown, path: unknown, notFound: unknown, where: Where): unknown {
  if (path === undefined || path === null || path === '') return data;
  const segments = String(path).split('.');
  for (const segment of segments) {
    if (FORBIDDEN_SEGMENTS.has(segment)) {
      throw where.error('FORBIDDEN_PATH', `variable path "${String(path)}" uses the forbidden segment "${segment}"`);
    }
  }
  let current: unknown = data;
  for (const segment of segments) {
    if (current === null || current === undefined) return notFound;
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return notFound;
    current = (current as Record<string, unknown>)[segment];
    if (current === undefined) return notFound;
  }
  return typeof current === 'function' ? notFound : current;
}

function safeVar(this: unknown, ...args: unknown[]): unknown {
  const { values, where } = splitWhere(args);
  const notFound = values[1] === undefined ? null : values[1];
  return lookup(this, values[0], notFound, where);
}

function missingKeys(data: unknown, keys: readonly unknown[], where: Where): unknown[] {
  const missing: unknown[] = [];
  for (const key of keys) {
    const value = lookup(data, key, null, where);
    if (value === null || value === '') missing.push(key);
  }
  return missing;
}

function safeMissing(this: unknown, ...args: unknown[]): unknown {
  const { values, where } = splitWhere(args);
  const keys = Array.isArray(values[0]) ? (values[0] as unknown[]) : values;
  return missingKeys(this, keys, where);
}

function safeMissingSome(this: unknown, ...args: unknown[]): unknown {
  const { values, where } = splitWhere(args);
  const [needCount, options] = values;
  if (!Array.isArray(options)) {
    throw where.error('BAD_ARGUMENT', '"missing_some" needs [count, [paths...]]');
  }
  const missing = missingKeys(this, options, where);
  return options.length - missing.length >= (needCount as number) ? [] : missing;
}

/** `in` for strings and arrays only (json-logic-js would call any `indexOf` a data object carries). */
function safeIn(a: unknown, b: unknown): boolean {
  if (typeof b === 'string') return b.indexOf(a as string) !== -1; // coerces like json-logic-js
  if (Array.isArray(b)) return b.indexOf(a) !== -1;
  return false;
}

function dateArgument(op: string, args: unknown[]): { date: Date; today: Date } {
  const { values, where } = splitWhere(args);
  const frame = currentFrame(where, op);
  if (values.length !== 1) {
    throw where.error('BAD_ARGUMENT', `"${op}" takes exactly one argument, got ${values.length}`);
  }
  return { date: dateOf(op, values[0], where), today: frame.today };
}

function ageOp(...args: unknown[]): number {
  const { date, today } = dateArgument('age', args);
  return wholeYearsSince(date, today);
}

function yearsSinceOp(...args: unknown[]): number {
  const { date, today } = dateArgument('yearsSince', args);
  return exactYearsSince(date, today);
}

function dateOf(op: string, value: unknown, where: Where): Date {
  if (value === null || value === undefined || value === '') {
    throw where.error('MISSING_DATE', `"${op}" got no date (guard it with "isDate", "if" or "and")`);
  }
  if (typeof value !== 'string') {
    throw where.error('INVALID_DATE', `"${op}" needs a date string, got ${Array.isArray(value) ? 'an array' : typeof value}`);
  }
  const date = parseDate(value);
  if (date === null) {
    throw where.error('INVALID_DATE', `"${op}" cannot read "${value}" as a date (MM/dd/yyyy, yyyy-MM-dd or MM/yyyy)`);
  }
  return date;
}

function daysBetweenOp(...args: unknown[]): number {
  const { values, where } = splitWhere(args);
  if (values.length !== 2) {
    throw where.error('BAD_ARGUMENT', `"daysBetween" takes exactly two arguments, got ${values.length}`);
  }
  const from = dateOf('daysBetween', values[0], where);
  const to = dateOf('daysBetween', values[1], where);
  return calendarDaysBetween(from, to);
}

function isDateOp(...args: unknown[]): boolean {
  const { values, where } = splitWhere(args);
  if (values.length !== 1) throw where.error('BAD_ARGUMENT', `"isDate" takes exactly one argument, got ${values.length}`);
  const value = values[0];
  return typeof value === 'string' && parseDate(value) !== null;
}

/**
 * Text as rules compare it (issue 22): format characters (Cf: zero-width spaces and joiners, soft
 * hyphens, direction marks) removed, then Unicode NFKC ("ＰＯ Ｂｏｘ" reads "PO Box").
 */
export function plainText(value: string): string {
  return value.replace(/\p{Cf}/gu, '').normalize('NFKC');
}

/** Small: the first screen carries it. Another number of arguments is refused (BAD_ARGUMENT; the author checks say where). */
function plainTextOp(...values: unknown[]): unknown {
  if (values.length !== 1) throw new Error('"plainText" takes one argument');
  return typeof values[0] === 'string' ? plainText(values[0]) : values[0];
}

function matchesOp(...args: unknown[]): boolean {
  const { values, where } = splitWhere(args);
  if (!(where instanceof MatchWhere) || where.regex === null) {
    throw where.error('BAD_ARGUMENT', '"matches" needs a literal pattern checked before evaluation');
  }
  const value = values[0];
  if (typeof value !== 'string') return false;
  if (value.length > MATCH_LIMITS.input) {
    throw where.error('BAD_ARGUMENT', `"matches" refuses a value of ${value.length} characters (at most ${MATCH_LIMITS.input})`);
  }
  return where.regex.test(value);
}

function ruleOp(...args: unknown[]): unknown {
  const { values, where } = splitWhere(args);
  const frame = currentFrame(where, 'rule');
  const id = values[0];
  const withArguments = where instanceof CallWhere;
  if (typeof id !== 'string' || values.length !== (withArguments ? 2 : 1)) {
    throw where.error('BAD_ARGUMENT', '"rule" takes the id of a named rule, and optionally an object of arguments');
  }
  if (frame.ruleStack.includes(id)) {
    throw where.error('RULE_CYCLE', `rule cycle: ${[...frame.ruleStack, id].join(' -> ')}`);
  }
  const compiled = frame.compiledRule(id, where);
  let data = frame.root;
  if (withArguments) {
    const given = values[1];
    if (!Array.isArray(given) || given.length !== where.names.length) {
      throw where.error('BAD_ARGUMENT', `"rule" "${id}": the arguments did not evaluate to ${where.names.length} values`);
    }
    const arg: Record<string, unknown> = {};
    where.names.forEach((name, i) => {
      arg[name] = given[i] === undefined ? null : given[i];
    });
    data = { arg };
  }
  const outer = frame.root;
  frame.root = data;
  frame.ruleStack.push(id);
  try {
    return jsonLogic.apply(compiled as Parameters<typeof jsonLogic.apply>[0], data);
  } finally {
    frame.ruleStack.pop();
    frame.root = outer;
  }
}

let registered = false;

/** Install the custom and safe operations in json-logic-js's global table (idempotent). */
export function registerOperations(): void {
  if (registered) return;
  registered = true;
  jsonLogic.rm_operation('method'); // absent from 2.0.5, removed in case another version adds it
  jsonLogic.rm_operation('log'); // it would write a value (personal data) to the console
  jsonLogic.add_operation('var', safeVar);
  jsonLogic.add_operation('missing', safeMissing);
  jsonLogic.add_operation('missing_some', safeMissingSome);
  jsonLogic.add_operation('in', safeIn);
  jsonLogic.add_operation('age', ageOp);
  jsonLogic.add_operation('yearsSince', yearsSinceOp);
  jsonLogic.add_operation('daysBetween', daysBetweenOp);
  jsonLogic.add_operation('isDate', isDateOp);
  jsonLogic.add_operation('plainText', plainTextOp);
  jsonLogic.add_operation('matches', matchesOp);
  jsonLogic.add_operation('rule', ruleOp);
}

/** JSON-Logic truthiness (json-logic-js's `truthy`): [] is false, everything else as in JS. */
export function truthy(value: JsonValue): boolean {
  return jsonLogic.truthy(value);
}
