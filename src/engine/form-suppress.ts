/**
 * Who is not asked what (panel `suppress`, VAL-16, VAL-17): the fields a panel leaves out for this
 * person, and the data without them. Its own module: the form's first paint needs this and none
 * of the checks (form-check.ts).
 */
import { conditionHolds, type Logic, type RuleContext, type RuleEngine } from '../rules/engine';
import type { FormPanel } from './formats.generated';
import { getPath, setPath, type AppState, type JsonObject } from './state';

/** The rule engine of a document set, or the engine itself. */
export function engineOf(rules: RuleEngine | { ruleEngine: RuleEngine }): RuleEngine {
  return 'ruleEngine' in rules ? rules.ruleEngine : rules;
}

/**
 * The fields a panel does not ask of this person now (VAL-16, VAL-17): every `suppress` entry
 * whose condition holds on the state. A rule error throws (the flow's error route), never a
 * silent "ask everything".
 */
export function suppressedFields(rules: RuleEngine | { ruleEngine: RuleEngine }, panel: Pick<FormPanel, 'suppress'>, state: AppState, ctx: RuleContext): string[] {
  const entries = panel.suppress ?? [];
  if (entries.length === 0) return [];
  const engine = engineOf(rules);
  const out: string[] = [];
  for (const entry of entries) {
    const when = entry.when;
    const holds = conditionHolds(engine, when as boolean | string | Logic, state, ctx);
    if (holds) for (const f of entry.fields) if (!out.includes(f)) out.push(f);
  }
  return out;
}

/** Whether `field` is one of the suppressed fields or lies under one. */
export function isSuppressed(field: string, suppressed: readonly string[]): boolean {
  return suppressed.some((s) => field === s || field.startsWith(`${s}.`));
}

/** The form's data without the suppressed fields (a copy). */
export function withoutSuppressed(data: JsonObject, suppressed: readonly string[]): JsonObject {
  let out = data;
  for (const field of suppressed) if (getPath(out, field) !== undefined) out = setPath(out, field, undefined);
  return out;
}
