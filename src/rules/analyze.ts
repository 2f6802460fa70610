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
  /** The cycle reachable from rule `id` (e.g. ["a", "b", "a"]), or null when there is none. */
  ruleCycle(id: string): string[] | null;
  /** The argument names rule `id` reads (`arg.<name>`), [] for a rule without arguments. */
  ruleArguments(id: string): string[];
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
function argumentsOf(node: LogicObject): { op: string; values: JsonValue[]; pointerOf(i: number): string } {
  const op = Object.keys(node)[0] as string;
  const raw = node[op] as JsonValue;
  return {
    op,
    values: Array.isArray(raw) ? raw : [raw],
    pointerOf: (i) => (Array.isArray(raw) ? `/${i}` : ''),
  };
}

/** Rule ids referenced with a literal `{"rule": "id"}` anywhere in the document. */
export function ruleReferences(logic: Logic): string[] {
  const found: string[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    if (!isLogicObject(node)) return;
    const { op, values } = argumentsOf(node);
    if (op === 'rule' && typeof values[0] === 'string') {
      if (!found.includes(values[0])) found.push(values[0]);
      const args = values[1];
      if (values.length === 2 && isArgumentObject(args)) for (const value of Object.values(args)) visit(value, depth + 1);
      return;
    }
    for (const value of values) visit(value, depth + 1);
  };
  visit(logic, 0);
  return found;
}

/** The arguments of `{"rule": [id, {...}]}`: a plain object (any number of keys, each a value's logic). */
function isArgumentObject(node: unknown): node is LogicObject {
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
 * Why a `matches` pattern is refused, or null: too long, flags other than i/u, does not compile,
 * or a group repeated without bound (`*`, `+`, `{n,}`) that itself holds a repetition or an
 * alternation, such as `(a+)+` or `(a|aa)*` (catastrophic backtracking). A heuristic that
 * errs on the side of refusing: write `[\s.]*` rather than `(\s|\.)*`.
 */
export function patternProblem(pattern: string, flags: string): string | null {
  if (pattern.length > MATCH_LIMITS.pattern) return `the pattern has ${pattern.length} characters (at most ${MATCH_LIMITS.pattern})`;
  if (!/^[iu]*$/.test(flags) || new Set(flags).size !== flags.length) return `flags "${flags}": only "i" and "u", each once`;
  try {
    new RegExp(pattern, flags);
  } catch (err) {
    return `the pattern does not compile: ${err instanceof Error ? err.message : String(err)}`;
  }
  const groups: boolean[] = []; // per open group: holds a repetition or an alternation
  const isQuantifier = (at: number): boolean =>
    pattern[at] === '*' || pattern[at] === '+' || (pattern[at] === '{' && /^\{\d+(,\d*)?\}/.test(pattern.slice(at)));
  const markOpen = (): void => {
    for (let g = 0; g < groups.length; g++) groups[g] = true;
  };
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\') {
      i += 2;
    } else if (c === '[') {
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '(') {
      groups.push(false);
      i++;
      if (pattern[i] === '?') {
        i++;
        if (pattern[i] === '<' && pattern[i + 1] !== '=' && pattern[i + 1] !== '!') {
          while (i < pattern.length && pattern[i] !== '>') i++;
        }
        i++;
      }
    } else if (c === ')') {
      const inner = groups.pop() === true;
      i++;
      if (isQuantifier(i)) {
        if (inner) return 'a repeated group holds a repetition or an alternation (such as (a+)+ or (a|aa)*): it can take exponential time';
        markOpen();
      }
    } else {
      if (isQuantifier(i)) markOpen();
      else if (c === '|' && groups.length > 0) groups[groups.length - 1] = true;
      i++;
    }
  }
  return null;
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
    if (!isLogicObject(node)) return node; // a literal, returned as is by json-logic-js

    const { op, values, pointerOf } = argumentsOf(node);
    const opPointer = child(pointer, op);
    const at = (i: number): string => opPointer + pointerOf(i);
    const sub = (i: number, s: Scope = scope): unknown => walk(values[i], at(i), s, depth + 1);
    const subAll = (s: Scope = scope): unknown[] => values.map((_, i) => sub(i, s));
    const where = (p: string): Where => new Where(p, ruleId);
    addUnique(ops, op);

    if (!ALLOWED_OPERATIONS.has(op)) {
      report(
        'UNKNOWN_OPERATION',
        op === 'method' ? '"method" is not allowed (it calls arbitrary methods on values)' : `unknown operation "${op}"`,
        opPointer,
      );
      return { [op]: subAll() };
    }

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
      case 'age':
      case 'yearsSince': {
        if (values.length !== 1) {
          report('BAD_ARGUMENT', `"${op}" takes exactly one argument (a date), got ${values.length}`, opPointer);
        }
        return { [op]: [...subAll(), where(opPointer)] };
      }
      case 'isDate':
      case 'daysBetween': {
        const arity = op === 'isDate' ? 1 : 2;
        if (values.length !== arity) {
          report('BAD_ARGUMENT', `"${op}" takes exactly ${arity === 1 ? 'one argument' : 'two arguments'}, got ${values.length}`, opPointer);
        }
        return { [op]: [...subAll(), where(opPointer)] };
      }
      case 'matches': {
        const [pattern, flags = ''] = [values[1], values[2]];
        let regex: RegExp | null = null;
        if (values.length < 2 || values.length > 3) {
          report('BAD_ARGUMENT', `"matches" takes [value, "pattern"] or [value, "pattern", "flags"], got ${values.length} arguments`, opPointer);
        } else if (typeof pattern !== 'string') {
          report('BAD_ARGUMENT', '"matches" needs a literal string pattern', at(1));
        } else if (typeof flags !== 'string') {
          report('BAD_ARGUMENT', '"matches" needs literal string flags', at(2));
        } else {
          const problem = patternProblem(pattern, flags);
          if (problem !== null) report('BAD_ARGUMENT', `"matches": ${problem}`, at(problem.startsWith('flags') ? 2 : 1));
          else regex = new RegExp(pattern, flags);
        }
        return { matches: [sub(0), new MatchWhere(opPointer, ruleId, regex)] };
      }
      case 'rule': {
        const id = values[0];
        const args = values[1];
        const withArguments = values.length === 2 && isArgumentObject(args);
        if ((values.length !== 1 && !withArguments) || typeof id !== 'string') {
          report('BAD_ARGUMENT', '"rule" takes the literal id of a named rule, or [id, {"name": value, ...}]', opPointer);
          return { rule: [...subAll(), where(opPointer)] };
        }
        addUnique(rules, id);
        if (!env.hasRule(id)) {
          report('UNKNOWN_RULE', `unknown rule "${id}"`, at(0));
        } else {
          const cycle = env.ruleCycle(id);
          if (cycle !== null) report('RULE_CYCLE', `rule "${id}" never finishes: ${cycle.join(' -> ')}`, at(0));
        }
        const wanted = env.hasRule(id) ? env.ruleArguments(id) : [];
        if (!withArguments) {
          if (wanted.length > 0) {
            report('BAD_ARGUMENT', `rule "${id}" takes arguments (${wanted.join(', ')}): call it as {"rule": ["${id}", {${wanted.map((n) => `"${n}": ...`).join(', ')}}]}`, opPointer);
          } else if (takesArguments) {
            report('BAD_ARGUMENT', `a rule that takes arguments calls only rules with arguments ("${id}" reads the state)`, opPointer);
          }
          return { rule: [id, where(at(0))] };
        }
        const argsPointer = at(1);
        const names = Object.keys(args);
        for (const name of names) {
          if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name) || FORBIDDEN_SEGMENTS.has(name)) {
            report('BAD_ARGUMENT', `argument name "${name}": letters, digits and _ , starting with a letter`, child(argsPointer, name));
          }
        }
        if (env.hasRule(id)) {
          if (wanted.length === 0) report('BAD_ARGUMENT', `rule "${id}" takes no arguments (it reads no ${ARGUMENT_ROOT}.<name>)`, argsPointer);
          const missing = wanted.filter((n) => !names.includes(n));
          const extra = names.filter((n) => !wanted.includes(n));
          if (wanted.length > 0 && missing.length > 0) report('BAD_ARGUMENT', `rule "${id}" needs the arguments ${missing.join(', ')}`, argsPointer);
          if (wanted.length > 0 && extra.length > 0) report('BAD_ARGUMENT', `rule "${id}" takes no argument ${extra.join(', ')} (it takes ${wanted.join(', ')})`, argsPointer);
        }
        const compiledArgs = names.map((name) => walk(args[name], child(argsPointer, name), scope, depth + 2));
        return { rule: [id, compiledArgs, new CallWhere(at(0), ruleId, names)] };
      }
      default:
        return { [op]: subAll() };
    }
  };

  const compiled = walk(logic, '', 'root', 0);
  return { issues, vars, ops, rules, compiled };
}

/**
 * For each rule id, the rule cycle it reaches (["a", "b", "a"]) or null. Three-colour DFS over
 * the literal `{"rule": id}` references; references to unknown ids are ignored here.
 */
export function findRuleCycles(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[] | null> {
  const result = new Map<string, string[] | null>();
  const onStack: string[] = [];
  const visit = (id: string): string[] | null => {
    const known = result.get(id);
    if (known !== undefined) return known;
    const position = onStack.indexOf(id);
    if (position !== -1) return [...onStack.slice(position), id];
    onStack.push(id);
    let cycle: string[] | null = null;
    for (const next of graph.get(id) ?? []) {
      if (!graph.has(next)) continue;
      const found = visit(next);
      if (found !== null && cycle === null) cycle = found;
    }
    onStack.pop();
    result.set(id, cycle);
    return cycle;
  };
  for (const id of graph.keys()) visit(id);
  return result;
}
