// The rule checks written for authors: lint, the build, simulate, the tests and the browser's
// full check run them (src/rules/index.ts `createRuleEngine`, src/engine/loader.ts). The
// browser's first screen runs the core walk without them (its script has a budget,
// docs/architecture.md, "In the browser"): the core still refuses beforehand what could
// evaluate to a wrong answer (unknown variables, arguments that are not the rule's), and the
// operations refuse the rest when evaluated (an unknown operation or rule, a rule cycle, a
// wrong number of arguments, a pattern that does not compile). What only these checks refuse,
// a `matches` pattern with a nested repetition, never reaches a browser: the build refuses it,
// and so does the browser's full check of the pack.
//
// Each finding is reported where the walk reached the operation, before the walk's own, so the
// engine with these checks reports what it always reported, in the same order.
import { ARGUMENT_ROOT, MAX_DEPTH, argumentsOf, escapePointerToken, isArgumentObject, isLogicObject, type AuthorChecks, type OperationNode } from './analyze';
import { ALLOWED_OPERATIONS, FORBIDDEN_SEGMENTS, MATCH_LIMITS, type Logic, type RuleErrorCode } from './operations';

type Report = (code: RuleErrorCode, message: string, pointer: string) => void;

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

/** The rule cycles of each set of named rules, found once. */
const cyclesOf = new WeakMap<ReadonlyMap<string, Logic>, Map<string, string[] | null>>();

function ruleCycle(rules: ReadonlyMap<string, Logic>, id: string): string[] | null {
  let cycles = cyclesOf.get(rules);
  if (cycles === undefined) {
    const graph = new Map<string, string[]>();
    for (const [ruleId, logic] of rules) graph.set(ruleId, ruleReferences(logic));
    cycles = findRuleCycles(graph);
    cyclesOf.set(rules, cycles);
  }
  return cycles.get(id) ?? null;
}

/** `{"rule": id}` and `{"rule": [id, {...}]}`: the shape, the id, a cycle, then the arguments. */
function checkRuleCall(node: OperationNode, report: Report): void {
  const { values, pointer, at, env, takesArguments } = node;
  const id = values[0];
  const args = values[1];
  const withArguments = values.length === 2 && isArgumentObject(args);
  if ((values.length !== 1 && !withArguments) || typeof id !== 'string') {
    report('BAD_ARGUMENT', '"rule" takes the literal id of a named rule, or [id, {"name": value, ...}]', pointer);
    return;
  }
  const known = env.hasRule(id);
  if (!known) {
    report('UNKNOWN_RULE', `unknown rule "${id}"`, at(0));
  } else {
    const cycle = ruleCycle(env.namedRules, id);
    if (cycle !== null) report('RULE_CYCLE', `rule "${id}" never finishes: ${cycle.join(' -> ')}`, at(0));
  }
  const wanted = known ? env.ruleArguments(id) : [];
  if (!withArguments) {
    if (wanted.length > 0) {
      report('BAD_ARGUMENT', `rule "${id}" takes arguments (${wanted.join(', ')}): call it as {"rule": ["${id}", {${wanted.map((n) => `"${n}": ...`).join(', ')}}]}`, pointer);
    } else if (takesArguments) {
      report('BAD_ARGUMENT', `a rule that takes arguments calls only rules with arguments ("${id}" reads the state)`, pointer);
    }
    return;
  }
  const argsPointer = at(1);
  const names = Object.keys(args);
  for (const name of names) {
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name) || FORBIDDEN_SEGMENTS.has(name)) {
      report('BAD_ARGUMENT', `argument name "${name}": letters, digits and _ , starting with a letter`, `${argsPointer}/${escapePointerToken(name)}`);
    }
  }
  if (!known) return;
  if (wanted.length === 0) report('BAD_ARGUMENT', `rule "${id}" takes no arguments (it reads no ${ARGUMENT_ROOT}.<name>)`, argsPointer);
  const missing = wanted.filter((n) => !names.includes(n));
  const extra = names.filter((n) => !wanted.includes(n));
  if (wanted.length > 0 && missing.length > 0) report('BAD_ARGUMENT', `rule "${id}" needs the arguments ${missing.join(', ')}`, argsPointer);
  if (wanted.length > 0 && extra.length > 0) report('BAD_ARGUMENT', `rule "${id}" takes no argument ${extra.join(', ')} (it takes ${wanted.join(', ')})`, argsPointer);
}

/** The findings at one operation node. */
function checkNode(node: OperationNode, report: Report): void {
  const { op, values, pointer, at } = node;
  if (!ALLOWED_OPERATIONS.has(op)) {
    report('UNKNOWN_OPERATION', op === 'method' ? '"method" is not allowed (it calls arbitrary methods on values)' : op === 'log' ? '"log" is not an operation here (it would write the value, personal data perhaps, to the console): remove it and keep its argument' : `unknown operation "${op}"`, pointer);
    return;
  }
  switch (op) {
    case 'age':
    case 'yearsSince':
      if (values.length !== 1) report('BAD_ARGUMENT', `"${op}" takes exactly one argument (a date), got ${values.length}`, pointer);
      return;
    case 'isDate':
    case 'plainText':
    case 'daysBetween': {
      const arity = op === 'daysBetween' ? 2 : 1;
      if (values.length !== arity) report('BAD_ARGUMENT', `"${op}" takes exactly ${arity === 1 ? 'one argument' : 'two arguments'}, got ${values.length}`, pointer);
      return;
    }
    case 'matches': {
      const [pattern, flags = ''] = [values[1], values[2]];
      if (values.length < 2 || values.length > 3) {
        report('BAD_ARGUMENT', `"matches" takes [value, "pattern"] or [value, "pattern", "flags"], got ${values.length} arguments`, pointer);
      } else if (typeof pattern !== 'string') {
        report('BAD_ARGUMENT', '"matches" needs a literal string pattern', at(1));
      } else if (typeof flags !== 'string') {
        report('BAD_ARGUMENT', '"matches" needs literal string flags', at(2));
      } else {
        const problem = patternProblem(pattern, flags);
        if (problem !== null) report('BAD_ARGUMENT', `"matches": ${problem}`, at(problem.startsWith('flags') ? 2 : 1));
      }
      return;
    }
    case 'rule':
      checkRuleCall(node, report);
      return;
  }
}

export const AUTHOR_CHECKS: AuthorChecks = {
  node: checkNode,
  severalKeys: (node, pointer, report) => {
    const keys = Object.keys(node);
    report('BAD_ARGUMENT', `an object in logic has one key, its operation; this one has ${keys.length} (${keys.map((k) => `"${k}"`).join(', ')}) and would be a true value: combine them with "and" or "or", one operation each`, pointer);
  },
};
