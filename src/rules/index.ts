// Muster's rule evaluator, as authors' tools and tests use it: the core (src/rules/engine.ts)
// with the checks written for authors (src/rules/author-checks.ts). See docs/rules.md.
import { AUTHOR_CHECKS } from './author-checks';
import { createRuleEngine as createCoreEngine, type RuleEngine, type RuleEngineOptions } from './engine';

export { parseDate, toIsoDate } from './dates';
export { CUSTOM_OPERATIONS, CUSTOM_OPERATION_NAMES, MATCH_LIMITS, STANDARD_OPERATIONS, RuleError, truthy } from './operations';
export { ARGUMENT_ROOT } from './analyze';
export { AUTHOR_CHECKS, patternProblem } from './author-checks';
export type { JsonValue, Logic, RuleContext, RuleErrorCode, RuleIssue } from './operations';
export { conditionHolds, isEmptyRule } from './engine';
export type { AuthorChecks, OperationNode, RuleEngine, RuleEngineOptions } from './engine';

/** A rule engine with every check, the authors' included (unless `options.authorChecks` says otherwise). */
export function createRuleEngine(options: RuleEngineOptions = {}): RuleEngine {
  return createCoreEngine({ authorChecks: AUTHOR_CHECKS, ...options });
}
