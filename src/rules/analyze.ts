// The static side of the rule evaluator: one recursive walk over a logic document that
//   - reports issues (unknown ops, unknown / forbidden / dynamic vars, unknown rule refs, rule
//     cycles, bad arity of the custom ops) with JSON pointers into the document,
//   - collects the literal var paths, op names and rule ids it uses, and
//   - compiles it for json-logic-js: same shape, plus a `Where` marker appended to the arguments
//     of ops that can fail at run time, so their RuleErrors carry the right pointer.
//
// The walk follows json-logic-js's own reading of a document: an object with exactly one key is
// an operation, any other object is a literal (returned as is, never descended into), arrays are
// evaluated element by element, and `{"op": x}` is short for `{"op": [x]}`.
import {
  ALLOWED_OPERATIONS,
  CallWhere,
  FORBIDDEN_SEGMENTS,
  MATCH_LIMITS,
  MatchWhere,
  Where,
  type JsonValue,
  type Logic,
  type RuleErrorCode,
  type RuleIssue,
} from './operations';

/** Deeper documents are refused (BAD_ARGUMENT) rather than risking a stack overflow. */
export const MAX_DEPTH = 100;

/**
 * Which data a `var` reads at this point of the document:
 * - root: the data given to evaluate (the state; checked against isKnownVar),
 * - element: the current item inside map / filter / all / none / some,
 * - reduce: {current, accumulator} inside reduce's logic argument.
 */
type Scope = 'root' | 'element' | 'reduce';

export interface WalkEnvironment {
  isKnownVar: ((path: string) => boolean) | undefined;
  hasRule(id: string): boolean;
  /** The named rules (the author checks look for cycles among them). */
  namedRules: ReadonlyMap<string, Logic>;
  /** The argument names rule `id` reads (`arg.<name>`), [] for a rule without arguments. */
  ruleArguments(id: string): string[];
  /** The checks written for authors; without them the walk reports only what evaluation needs refused beforehand. */
  authorChecks?: AuthorChecks | undefined;
}

/** An operation node as the author checks see it, before the walk goes on with its own checks. */
export interface OperationNode {
  op: string;
  /** The arguments, normalised to an array. */
  values: JsonValue[];
  /** Pointer of the operation (`.../<op>`), and of its argument i. */
  pointer: string;
  at(i: number): string;
  /** The named rule being walked, if any, and whether it takes arguments. */
  ruleId: string | undefined;
  takesArguments: boolean;
  env: WalkEnvironment;
}

/**
 * The checks written for authors (src/rules/author-checks.ts): lint, the build, simulate, the
 * tests and the browser's full check run them. They report, at each operation node and before
 * the walk's own findings, what evaluation refuses anyway when it reaches the node (an unknown
 * operation, a wrong number of arguments, a pattern that does not compile, an unknown rule or a
 * rule cycle), what only an author needs (a pattern with a nested repetition, argument names
 * written as identifiers), and the argument findings the walk otherwise words tersely.
 */
export interface AuthorChecks {
  node(node: OperationNode, report: (code: RuleErrorCode, message: string, pointer: string) => void): void;
  /** An object of several keys where logic stands (the walk compiles it to an operation that refuses when reached). */
  severalKeys(node: object, pointer: string, report: (code: RuleErrorCode, message: string, pointer: string) => void): void;
}

/** The variable a rule called with arguments reads them from: `{"var": "arg.text"}`. */
export const ARGUMENT_ROOT = 'arg';

function argumentName(path: string): string | undefined {
  if (path === ARGUMENT_ROOT) return '';
  return path.startsWith(`${ARGUMENT_ROOT}.`) ? (path.split('.')[1] as string) : undefined;
}

export interface Prepared {
  issues: RuleIssue[];
  vars: string[];
  ops: string[];
  rules: string[];
  /** The logic to hand to jsonLogic.apply (only meaningful when there are no issues). */
  compiled: unknown;
}

type LogicObject = { [k: string]: JsonValue };

export function isLogicObject(node: unknown): node is LogicObject {
  return typeof node === 'object' && node !== null && !Array.isArray(node) && Object.keys(node).length === 1;
}

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function child(pointer: string, token: string | number): string {
  return `${pointer}/${escapePointerToken(String(token))}`;
}

/** The arguments of an operation node, normalised to an array, with their pointers. */
export function argumentsOf(node: LogicObject): { op: string; values: JsonValue[]; pointerOf(i: number): string } {
  const op = Object.keys(node)[0] as string;
  const raw = node[op] as JsonValue;
  return {
    op,
    values: Array.isArray(raw) ? raw : [raw],
    pointerOf: (i) => (Array.isArray(raw) ? `/${i}` : ''),
  };
}

/** The arguments of `{"rule": [id, {...}]}`: a plain object (any number of keys, each a value's logic). */
export function isArgumentObject(node: unknown): node is LogicObject {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/**
 * The argument names a named rule reads: `{"var": "arg.text"}` at the top level of the data
 * (not inside map/filter/reduce, where var reads the item). Sorted, without duplicates.
 */
export function argumentNames(logic: Logic): string[] {
  const names = new Set<string>();
  const visit = (node: unknown, depth: number, scope: Scope): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1, scope);
      return;
    }
    if (!isLogicObject(node)) return;
    const { op, values } = argumentsOf(node);
    if (op === 'var' && scope === 'root') {
      const path = Array.isArray(node.var) ? node.var[0] : node.var;
      const name = typeof path === 'string' ? argumentName(path) : undefined;
      if (name !== undefined && name !== '') names.add(name);
    }
    if (op === 'rule' && values.length === 2 && isArgumentObject(values[1])) {
      for (const value of Object.values(values[1])) visit(value, depth + 1, scope);
      return;
    }
    const inner = ['map', 'filter', 'all', 'none', 'some', 'reduce'].includes(op);
    values.forEach((value, i) => visit(value, depth + 1, inner && i === 1 ? 'element' : scope));
  };
  visit(logic, 0, 'root');
  return [...names].sort();
}

/**
 * The regular expression of a `matches` node, or null when it cannot be evaluated (the op then
 * refuses at run time): a pattern and flags written as literal strings, at most
 * MATCH_LIMITS.pattern characters, flags from i and u each once ("g" or "y" would make a match
 * depend on the previous one), compiling. The author checks say which (src/rules/author-checks.ts).
 */
export function compiledPattern(values: readonly JsonValue[]): RegExp | null {
  const [, pattern, flags = ''] = values;
  if (values.length < 2 || values.length > 3 || typeof pattern !== 'string' || typeof flags !== 'string') return null;
  if (pattern.length > MATCH_LIMITS.pattern || !/^(?!.*(.).*\1)[iu]*$/.test(flags)) return null;
  try {
    return new RegExp(pattern, flags);
  } catch {
    return null;
  }
}

/**
 * Walk `logic`, collecting issues and usage and producing the compiled form. `ruleId` names the
 * named rule being prepared (it goes into the Where markers so run-time errors can say so).
 */
export function prepareLogic(logic: Logic, env: WalkEnvironment, ruleId?: string): Prepared {
  const issues: RuleIssue[] = [];
  const vars: string[] = [];
  const ops: string[] = [];
  const rules: string[] = [];
  const strict = env.isKnownVar !== undefined;
  /** A named rule that reads arg.* takes arguments: it reads nothing else (it is evaluated on {arg} alone). */
  const takesArguments = ruleId !== undefined && argumentNames(logic).length > 0;

  const report = (code: RuleErrorCode, message: string, path: string): void => {
    issues.push({ code, message, path });
  };
  const addUnique = (list: string[], item: string): void => {
    if (!list.includes(item)) list.push(item);
  };

  /** Check one literal variable path (string, number or null/undefined = the whole data). */
  const checkPath = (path: JsonValue | undefined, pointer: string, scope: Scope): void => {
    if (path === null || path === undefined || path === '') {
      if (scope === 'root') addUnique(vars, '');
      if (strict && scope !== 'element') {
        report(
          'UNKNOWN_VARIABLE',
          scope === 'root'
            ? 'a var of the whole data ("") is not allowed: name the variable'
            : 'inside "reduce" a var must be "current", "accumulator" or a path below them',
          pointer,
        );
      }
      return;
    }
    if (typeof path !== 'string' && typeof path !== 'number') {
      if (strict) report('BAD_ARGUMENT', 'a variable path must be a string', pointer);
      return;
    }
    const text = String(path);
    const forbidden = text.split('.').find((segment) => FORBIDDEN_SEGMENTS.has(segment));
    if (forbidden !== undefined) {
      report('FORBIDDEN_PATH', `variable path "${text}" uses the forbidden segment "${forbidden}"`, pointer);
      return;
    }
    if (scope === 'root' && argumentName(text) !== undefined && (ruleId !== undefined || strict)) {
      if (ruleId === undefined) {
        report('UNKNOWN_VARIABLE', `"${text}": arguments are read only inside a named rule (called as {"rule": [id, {...}]})`, pointer);
      } else if (argumentName(text) === '') {
        report('UNKNOWN_VARIABLE', `read one argument ("${ARGUMENT_ROOT}.<name>"), not all of them`, pointer);
      }
      return;
    }
    if (scope === 'root' && takesArguments) {
      report('UNKNOWN_VARIABLE', `"${text}": a rule that takes arguments reads only its arguments (${ARGUMENT_ROOT}.<name>); pass the value as an argument`, pointer);
      return;
    }
    if (scope === 'root') addUnique(vars, text);
    if (!strict) return;
    if (scope === 'root' && !(env.isKnownVar as (p: string) => boolean)(text)) {
      report('UNKNOWN_VARIABLE', `unknown variable "${text}" (not in the state contract)`, pointer);
    } else if (scope === 'reduce' && !/^(current|accumulator)(\.|$)/.test(text)) {
      report('UNKNOWN_VARIABLE', `inside "reduce" a var must be "current", "accumulator" or a path below them, got "${text}"`, pointer);
    }
  };

  /**
   * The paths a `missing` / `missing_some` key argument can produce, when they are known without
   * evaluating: literals, arrays of them, and `merge` / `if` over those (the documented idiom
   * {"missing": {"merge": ["vin", {"if": [{"var": "financing"}, ["apr"], []]}]}}). Null = computed.
   */
  const keyCandidates = (node: JsonValue | undefined, pointer: string): { path: JsonValue | undefined; pointer: string }[] | null => {
    if (node === undefined || node === null || typeof node !== 'object') return [{ path: node, pointer }];
    if (Array.isArray(node)) {
      const all: { path: JsonValue | undefined; pointer: string }[] = [];
      for (const [i, item] of node.entries()) {
        const found = keyCandidates(item, child(pointer, i));
        if (found === null) return null;
        all.push(...found);
      }
      return all;
    }
    if (!isLogicObject(node)) return null;
    const { op, values, pointerOf } = argumentsOf(node);
    const opPointer = child(pointer, op);
    let picked: number[];
    if (op === 'merge') picked = values.map((_, i) => i);
    else if (op === 'if' || op === '?:') picked = values.map((_, i) => i).filter((i) => i % 2 === 1 || i === values.length - 1);
    else return null;
    const all: { path: JsonValue | undefined; pointer: string }[] = [];
    for (const i of picked) {
      const found = keyCandidates(values[i], opPointer + pointerOf(i));
      if (found === null) return null;
      all.push(...found);
    }
    return all;
  };

  const checkKeys = (node: JsonValue | undefined, pointer: string, scope: Scope): void => {
    const candidates = keyCandidates(node, pointer);
    if (candidates === null) {
      if (strict) report('DYNAMIC_VARIABLE', 'the paths given to missing / missing_some must be literal strings', pointer);
      return;
    }
    for (const candidate of candidates) checkPath(candidate.path, candidate.pointer, scope);
  };

  const walk = (node: JsonValue | undefined, pointer: string, scope: Scope, depth: number): unknown => {
    if (depth > MAX_DEPTH) {
      report('BAD_ARGUMENT', `logic is nested more than ${MAX_DEPTH} levels deep`, pointer);
      return null;
    }
    if (Array.isArray(node)) return node.map((item, i) => walk(item, child(pointer, i), scope, depth + 1));
    if (!isLogicObject(node)) {
      // A literal, returned as is by json-logic-js; but an object of several keys would be returned
      // as a truthy value: compiled to an operation json-logic-js does not know, so it refuses when
      // reached (UNKNOWN_OPERATION), as an unknown operation does; the author checks say why
      // statically. ({} stays a literal: an edge's `set` empties an object with it.)
      if (typeof node !== 'object' || node === null || Object.keys(node).length < 2) return node;
      env.authorChecks?.severalKeys(node, pointer, report);
      return { '': [] };
    }

    const { op, values, pointerOf } = argumentsOf(node);
    const opPointer = child(pointer, op);
    const at = (i: number): string => opPointer + pointerOf(i);
    const sub = (i: number, s: Scope = scope): unknown => walk(values[i], at(i), s, depth + 1);
    const subAll = (s: Scope = scope): unknown[] => values.map((_, i) => sub(i, s));
    const where = (p: string): Where => new Where(p, ruleId);
    addUnique(ops, op);
    env.authorChecks?.node({ op, values, pointer: opPointer, at, ruleId, takesArguments, env }, report);

    // An operation json-logic-js does not know refuses when evaluated (UNKNOWN_OPERATION).
    if (!ALLOWED_OPERATIONS.has(op)) return { [op]: subAll() };

    switch (op) {
      case 'var': {
        const path = values[0];
        const pathPointer = values.length === 0 ? opPointer : at(0);
        if (isLogicObject(path) || Array.isArray(path)) {
          if (strict) report('DYNAMIC_VARIABLE', 'a var path must be a literal string, not computed', pathPointer);
        } else {
          checkPath(path, pathPointer, scope);
        }
        const [compiledPath = null, compiledDefault = null, ...rest] = subAll();
        return { var: [compiledPath, compiledDefault, ...rest, where(pathPointer)] };
      }
      case 'missing': {
        if (values.length === 1) checkKeys(values[0], at(0), scope);
        else values.forEach((value, i) => checkKeys(value, at(i), scope));
        return { missing: [...subAll(), where(opPointer)] };
      }
      case 'missing_some': {
        checkKeys(values[1], at(1), scope);
        return { missing_some: [...subAll(), where(opPointer)] };
      }
      case 'map':
      case 'filter':
      case 'all':
      case 'none':
      case 'some':
        return { [op]: values.map((_, i) => sub(i, i === 1 ? 'element' : scope)) };
      case 'reduce':
        return { reduce: values.map((_, i) => sub(i, i === 1 ? 'reduce' : scope)) };
      // The date operations check their number of arguments when evaluated, as `matches` its
      // pattern (null: refused at run time) and `rule` its id and shape.
      case 'age':
      case 'yearsSince':
      case 'isDate':
      case 'daysBetween':
        return { [op]: [...subAll(), where(opPointer)] };
      case 'matches':
        return { matches: [sub(0), new MatchWhere(opPointer, ruleId, compiledPattern(values))] };
      case 'rule': {
        const id = values[0];
        const args = values[1];
        const withArguments = values.length === 2 && isArgumentObject(args);
        if ((values.length !== 1 && !withArguments) || typeof id !== 'string') return { rule: [...subAll(), where(opPointer)] };
        addUnique(rules, id);
        // Arguments that are not the rule's would be read as null, not refused: the walk refuses them.
        const wanted = env.hasRule(id) ? env.ruleArguments(id) : [];
        const names = withArguments ? Object.keys(args) : [];
        // Terse: only the browser's first reading runs without the author checks, whose words lint prints.
        if (!env.authorChecks && env.hasRule(id)) {
          if (withArguments ? [...names].sort().join() !== wanted.join() : wanted.length > 0 || takesArguments) {
            report('BAD_ARGUMENT', `rule "${id}" takes (${wanted.join(', ')})`, withArguments ? at(1) : opPointer);
          }
        }
        if (!withArguments) return { rule: [id, where(at(0))] };
        const compiledArgs = names.map((name) => walk(args[name], child(at(1), name), scope, depth + 2));
        return { rule: [id, compiledArgs, new CallWhere(at(0), ruleId, names)] };
      }
      default:
        return { [op]: subAll() };
    }
  };

  const compiled = walk(logic, '', 'root', 0);
  return { issues, vars, ops, rules, compiled };
}
