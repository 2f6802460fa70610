// The rule evaluator's core: JSON-Logic (json-logic-js) with a few custom operations, evaluated
// fail-closed. Every flow edge, answer filter and eligibility decision goes through here.
// Pure TypeScript: no React, no DOM, no network. See docs/rules.md for authors' documentation.
//
// This module is what the browser's first screen carries (docs/architecture.md, "In the
// browser"): every check evaluation depends on, so a rule is refused before it runs whenever it
// could give a wrong answer. The checks written for authors (the nested-repetition analysis of
// `matches` patterns, the wording of argument findings) are src/rules/author-checks.ts, which
// `createRuleEngine` of src/rules/index.ts adds: lint, the build, simulate, the tests and the
// browser's full check use that one.
import jsonLogic from 'json-logic-js';
import { ARGUMENT_ROOT, argumentNames, prepareLogic, type AuthorChecks, type Prepared, type WalkEnvironment } from './analyze';
import { parseIsoDate } from './dates';
import {
  RuleError,
  registerOperations,
  withFrame,
  type JsonValue,
  type Logic,
  type RuleContext,
  type RuleIssue,
  truthy,
  type Where,
} from './operations';

export { RuleError, truthy } from './operations';
export type { JsonValue, Logic, RuleContext, RuleErrorCode, RuleIssue } from './operations';
export type { AuthorChecks, OperationNode } from './analyze';

export interface RuleEngineOptions {
  /** id -> logic; referenced with {"rule": "id"} (and by id from flow edges). */
  namedRules?: Record<string, Logic>;
  /** The state contract. When omitted any var path is accepted (used only for the official suite). */
  isKnownVar?: (path: string) => boolean;
  /**
   * The checks written for authors (src/rules/author-checks.ts). Without them the engine still
   * refuses beforehand what could evaluate to a wrong answer (unknown variables, arguments that
   * are not the rule's, in terser words), and the operations refuse the rest when evaluated (an
   * unknown operation or rule, a cycle, a wrong number of arguments, a pattern that does not
   * compile); a `matches` pattern with a nested repetition, which lint and the build refuse, is
   * not analysed.
   */
  authorChecks?: AuthorChecks;
}

export interface RuleEngine {
  /** Evaluate `logic` on `data`. Throws RuleError (fail closed); never a silent false for an unknown op/var. */
  evaluate(logic: Logic, data: JsonValue, ctx: RuleContext): JsonValue;
  /**
   * Evaluate the named rule `id`; RuleError pointers are then into that rule's logic. A rule
   * that takes arguments reads them from `data.arg` (refused when data has no `arg` object).
   */
  evaluateRule(id: string, data: JsonValue, ctx: RuleContext): JsonValue;
  /**
   * Static issues of `logic`, with JSON pointers into it. Empty = evaluate will not refuse it.
   * Given the logic object of a named rule, it is checked as that rule (it may read its arguments).
   */
  check(logic: Logic): RuleIssue[];
  /** The argument names a named rule reads (`arg.<name>`); [] for a rule without arguments or an unknown id. */
  ruleArguments(id: string): string[];
  /** Literal var paths (of the data, not of map/filter items), ops and rule ids used; rule refs are not expanded. */
  analyze(logic: Logic): { vars: string[]; ops: string[]; rules: string[] };
  /** Checks and compiles every named rule now (idle time), so no evaluation pays for it later. */
  prepareAll(): void;
}

/**
 * An empty rule, `{}`: json-logic-js returns it as a literal, and a literal object counts as
 * true. As a condition or a named rule it is refused (issue 22, fail closed); as a value (an
 * edge's `set` emptying an object) it stays a literal.
 */
export function isEmptyRule(logic: unknown): boolean {
  return typeof logic === 'object' && logic !== null && !Array.isArray(logic) && Object.keys(logic).length === 0;
}

/** Terse: the first screen carries it (lint words the condition's finding itself, src/engine/loader.ts). */
export const EMPTY_RULE_MESSAGE = 'an empty rule {} is refused';

/**
 * Whether a condition holds: a boolean, a named rule's id, or logic. A condition whose value is
 * an empty object (the empty rule `{}`, a named rule that is `{}`, an `and` that ends on one) is
 * refused (a RuleError, fail closed) rather than counted as true (issue 22). Lint and the build
 * refuse the empty rules themselves, at their place (src/engine/loader.ts).
 */
export function conditionHolds(engine: Pick<RuleEngine, 'evaluate' | 'evaluateRule'>, condition: boolean | string | Logic, data: JsonValue, ctx: RuleContext): boolean {
  if (typeof condition === 'boolean') return condition;
  const value = typeof condition === 'string' ? engine.evaluateRule(condition, data, ctx) : engine.evaluate(condition, data, ctx);
  if (isEmptyRule(value)) throw new RuleError('BAD_ARGUMENT', EMPTY_RULE_MESSAGE, '');
  return truthy(value);
}

type Apply = typeof jsonLogic.apply;
type ApplyLogic = Parameters<Apply>[0];

/** Anything thrown during evaluation becomes a RuleError. */
function toRuleError(err: unknown): RuleError {
  if (err instanceof RuleError) return err;
  const message = err instanceof Error ? err.message : 'non-error value thrown';
  if (message.startsWith('Unrecognized operation')) {
    return new RuleError('UNKNOWN_OPERATION', message, '', { cause: err });
  }
  return new RuleError('BAD_ARGUMENT', `evaluation failed: ${message}`, '', { cause: err });
}

function issueError(issue: RuleIssue, ruleId: string | undefined): RuleError {
  const message = ruleId === undefined ? issue.message : `${issue.message} (in rule "${ruleId}")`;
  return new RuleError(issue.code, message, issue.path, { ruleId });
}

interface Entry {
  prepared: Prepared;
  /** The first problem of this logic or of any named rule it reaches; undefined = not computed yet. */
  problem?: RuleError | null;
}

export function createRuleEngine(options: RuleEngineOptions = {}): RuleEngine {
  registerOperations();
  const namedRules = new Map<string, Logic>(Object.entries(options.namedRules ?? {}));
  const isKnownVar = options.isKnownVar;

  const signatures = new Map<string, string[]>();
  const ruleArguments = (id: string): string[] => {
    let names = signatures.get(id);
    if (names === undefined) {
      names = namedRules.has(id) ? argumentNames(namedRules.get(id) as Logic) : [];
      signatures.set(id, names);
    }
    return names;
  };
  /** The id of each named rule's logic object, so check() given that object checks it as the rule. */
  const idOfLogic = new WeakMap<object, string>();
  for (const [id, logic] of namedRules) if (typeof logic === 'object' && logic !== null) idOfLogic.set(logic, id);
  const env: WalkEnvironment = {
    ruleArguments,
    isKnownVar,
    authorChecks: options.authorChecks,
    hasRule: (id) => namedRules.has(id),
    namedRules,
  };

  // Logic objects are prepared once (static check + compilation) and cached by identity, so a
  // document must not be mutated after it has been evaluated or checked.
  const documents = new WeakMap<object, Entry>();
  const named = new Map<string, Entry>();

  const prepareDocument = (logic: Logic): Entry => {
    if (typeof logic !== 'object' || logic === null) return { prepared: prepareLogic(logic, env) };
    let entry = documents.get(logic);
    if (entry === undefined) {
      entry = { prepared: prepareLogic(logic, env) };
      documents.set(logic, entry);
    }
    return entry;
  };

  const prepareNamed = (id: string): Entry | undefined => {
    let entry = named.get(id);
    if (entry === undefined) {
      if (!namedRules.has(id)) return undefined;
      entry = { prepared: prepareLogic(namedRules.get(id) as Logic, env, id) };
      named.set(id, entry);
    }
    return entry;
  };

  /** Own issues first, then those of the named rules reached (cycles are reported as own issues). */
  const problemOf = (entry: Entry, ruleId: string | undefined): RuleError | null => {
    if (entry.problem !== undefined) return entry.problem;
    let problem: RuleError | null = null;
    entry.problem = null; // while the rules it reaches are looked at: a cycle among them ends here (and refuses when evaluated)
    const first = entry.prepared.issues[0];
    if (first !== undefined) {
      problem = issueError(first, ruleId);
    } else {
      for (const id of entry.prepared.rules) {
        const target = prepareNamed(id);
        if (target === undefined) continue; // an own issue with the author checks; refused when evaluated without
        problem = problemOf(target, id);
        if (problem !== null) break;
      }
    }
    entry.problem = problem;
    return problem;
  };

  const compiledRule = (id: string, where: Where): unknown => {
    const entry = prepareNamed(id);
    if (entry === undefined) throw where.error('UNKNOWN_RULE', `unknown rule "${id}"`);
    const problem = problemOf(entry, id);
    if (problem !== null) throw problem;
    return entry.prepared.compiled;
  };

  const todayOf = (ctx: RuleContext): Date => {
    const today = parseIsoDate((ctx as Partial<RuleContext> | undefined)?.today as string);
    if (today === null) {
      throw new RuleError('INVALID_DATE', `ctx.today must be a yyyy-MM-dd date, got ${JSON.stringify(ctx?.today)}`, '');
    }
    return today;
  };

  const run = (entry: Entry, ruleId: string | undefined, data: JsonValue, ctx: RuleContext): JsonValue => {
    const today = todayOf(ctx);
    const problem = problemOf(entry, ruleId);
    if (problem !== null) throw problem;
    let result: unknown;
    try {
      result = withFrame({ today, root: data, compiledRule, ruleStack: ruleId === undefined ? [] : [ruleId] }, () =>
        jsonLogic.apply(entry.prepared.compiled as ApplyLogic, data),
      );
    } catch (err) {
      throw toRuleError(err);
    }
    if (typeof result === 'function') {
      throw new RuleError('BAD_ARGUMENT', 'evaluation produced a function', '');
    }
    return result === undefined ? null : (result as JsonValue);
  };

  return {
    evaluate: (logic, data, ctx) => run(prepareDocument(logic), undefined, data, ctx),
    evaluateRule: (id, data, ctx) => {
      const entry = prepareNamed(id);
      if (entry === undefined) throw new RuleError('UNKNOWN_RULE', `unknown rule "${id}"`, '', { ruleId: id });
      const wanted = ruleArguments(id);
      const arg: unknown = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>)[ARGUMENT_ROOT] : undefined;
      if (wanted.length > 0 && (arg === null || typeof arg !== 'object' || Array.isArray(arg))) {
        throw new RuleError('BAD_ARGUMENT', `rule "${id}" takes arguments (${wanted.join(', ')}): give them as data.${ARGUMENT_ROOT}, or call it as {"rule": ["${id}", {...}]}`, '', { ruleId: id });
      }
      return run(entry, id, data, ctx);
    },
    check: (logic) => {
      const id = typeof logic === 'object' && logic !== null ? idOfLogic.get(logic) : undefined;
      const entry = id !== undefined ? (prepareNamed(id) as Entry) : prepareDocument(logic);
      return entry.prepared.issues.map((issue) => ({ ...issue }));
    },
    ruleArguments: (id) => [...ruleArguments(id)],
    analyze: (logic) => {
      const { vars, ops, rules } = prepareDocument(logic).prepared;
      return { vars: [...vars], ops: [...ops], rules: [...rules] };
    },
    prepareAll: () => {
      for (const id of namedRules.keys()) {
        const entry = prepareNamed(id);
        if (entry) problemOf(entry, id);
      }
    },
  };
}
