/**
 * Words Ajv's raw errors for a content author: keeps the most specific ones and the branch
 * of a oneOf the author meant. Shared by the Node validator (validate-ajv.ts) and the
 * browser's precompiled one, so both report the same findings.
 */
import type { ErrorObject } from 'ajv';
import type { JsonValue } from '../rules/index';
import type { SchemaIssue } from './format-validator';

const COMBINATORS = new Set(['oneOf', 'anyOf', 'if', 'allOf', 'not']);

/** Keep the deepest, most concrete errors; word them with what to fix. */
export function explainErrors(errors: readonly ErrorObject[], value: JsonValue): SchemaIssue[] {
  const concrete = pruneBranches(errors).filter((e) => !COMBINATORS.has(e.keyword));
  const pool = concrete.length > 0 ? concrete : [...errors];
  // Within one oneOf, errors of the branch that got furthest are the useful ones.
  const byPointer = new Map<string, ErrorObject[]>();
  for (const e of pool) {
    const list = byPointer.get(e.instancePath) ?? [];
    list.push(e);
    byPointer.set(e.instancePath, list);
  }
  // Drop errors on a value when a deeper error exists below it (the deeper one says more).
  const pointers = [...byPointer.keys()];
  const issues: SchemaIssue[] = [];
  const seen = new Set<string>();
  for (const pointer of pointers) {
    const deeper = pointers.some((p) => p !== pointer && p.startsWith(pointer + '/'));
    const list = byPointer.get(pointer) ?? [];
    for (const e of list) {
      if (deeper && (e.keyword === 'type' || e.keyword === 'const' || e.keyword === 'pattern')) continue;
      const message = describe(e, value);
      const key = `${pointer}|${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      issues.push({ pointer: pointerForError(e), message });
    }
  }
  issues.sort((a, b) => depthOf(b.pointer) - depthOf(a.pointer));
  // Only the deepest few per document: a wrong `kind` can otherwise produce dozens.
  return issues.length > 0 ? issues.slice(0, 10) : [{ pointer: '', message: 'does not match its format schema' }];

  function depthOf(p: string): number {
    return (p.match(/\//g) ?? []).length;
  }
}

/**
 * For a failed `oneOf`/`anyOf`, keep the errors of the branch the author most likely meant:
 * not one whose discriminator (`kind`, or the value's type) fails, and then the one with the
 * fewest errors. A form panel with a typo should not be told it is missing `answers`.
 */
function pruneBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  let kept = [...errors];
  for (const o of errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')) {
    const at = o.instancePath;
    const inside = kept.filter((e) => e !== o && (e.instancePath === at || e.instancePath.startsWith(at + '/')));
    const groups = new Map<string, ErrorObject[]>();
    for (const e of inside) {
      const key = e.schemaPath.startsWith(o.schemaPath + '/')
        ? o.schemaPath + '/' + (e.schemaPath.slice(o.schemaPath.length + 1).split('/')[0] ?? '')
        : (/^#\/\$defs\/[^/]+/.exec(e.schemaPath)?.[0] ?? e.schemaPath);
      groups.set(key, [...(groups.get(key) ?? []), e]);
    }
    if (groups.size < 2) continue;
    const score = (list: ErrorObject[]): number =>
      list.length +
      (list.some((e) => (e.keyword === 'const' || e.keyword === 'type') && (e.instancePath === at || e.instancePath === `${at}/kind`)) ? 1000 : 0);
    const best = [...groups.values()].sort((a, b) => score(a) - score(b))[0] ?? [];
    kept = kept.filter((e) => !inside.includes(e) || best.includes(e));
  }
  return kept;
}

function pointerForError(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') {
    const extra = (e.params as { additionalProperty?: string }).additionalProperty;
    if (extra !== undefined) return `${e.instancePath}/${extra.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  }
  return e.instancePath;
}

function describe(e: ErrorObject, _value: JsonValue): string {
  const where = e.instancePath === '' ? 'the document' : `\`${e.instancePath}\``;
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${where} is missing the required property "${String(params.missingProperty)}"`;
    case 'additionalProperties':
      return `unknown property "${String(params.additionalProperty)}" in ${where}: remove it or check its spelling`;
    case 'enum':
      return `${where} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${where} must be ${JSON.stringify(params.allowedValue)}`;
    case 'type':
      return `${where} must be of type ${String(params.type)}`;
    case 'pattern':
      return `${where} does not have the expected form (pattern ${String(params.pattern)})`;
    case 'propertyNames':
      return `${where} has a property name of the wrong form`;
    case 'minItems':
      return `${where} must have at least ${String(params.limit)} item(s)`;
    case 'uniqueItems':
      return `${where} repeats an item (items ${String(params.j)} and ${String(params.i)})`;
    default:
      return `${where} ${e.message ?? 'is invalid'}`;
  }
}
