/**
 * Lint of the command catalogue's data (flows/commands.json) and the service-code catalogue
 * (flows/service-codes.json): each outcome-table row's outcome is one of its command's outcomes,
 * its conditions and session values pass the rule check (they read the state plus `answer`), the
 * codes a row names are in the catalogue, default arguments pass the rule check, and the
 * catalogue's messages are content keys.
 */
import type { Condition } from './formats.generated';
import type { FormLintContext } from './form-lint';
import { codesNamed } from './outcome-table';
import { pointerOf } from './json-source';
import type { JsonValue } from '../rules/index';

export function checkCommandData(ctx: FormLintContext): void {
  const { set, report } = ctx;
  const catalogue = set.serviceCodes?.value;
  for (const [name, entry] of set.commands) {
    const base = entry.pointer;
    for (const [arg, logic] of Object.entries(entry.command.defaultArgs ?? {})) {
      if (logic !== null && typeof logic === 'object') ctx.checkCondition(entry.doc, `${base}/defaultArgs/${pointerOf([arg]).slice(1)}`, logic as Condition);
    }
    for (const [i, row] of (entry.command.outcomeTable ?? []).entries()) {
      const rp = `${base}/outcomeTable/${i}`;
      if (!entry.command.outcomes.includes(row.outcome)) {
        report(entry.doc, `${rp}/outcome`, 'error', 'broken-reference', `outcome "${row.outcome}" is not one of the outcomes of ${name} (${entry.command.outcomes.join(', ')})`);
      }
      ctx.checkCondition(entry.doc, `${rp}/when`, row.when);
      for (const [key, logic] of Object.entries(row.session ?? {})) {
        if (logic !== null && typeof logic === 'object') ctx.checkCondition(entry.doc, `${rp}/session/${key}`, logic as Condition);
      }
      if (catalogue) {
        for (const code of codesNamed(row.when as JsonValue)) {
          if (!Object.prototype.hasOwnProperty.call(catalogue.codes, code)) {
            report(entry.doc, `${rp}/when`, 'error', 'broken-reference', `service code "${code}" is not in flows/service-codes.json`);
          }
        }
      }
    }
  }
  const doc = set.serviceCodes;
  if (doc) {
    for (const [code, entry] of Object.entries(doc.value.codes)) ctx.checkContentKey(doc, `${pointerOf(['codes', code])}/message`, entry.message);
  }
}
