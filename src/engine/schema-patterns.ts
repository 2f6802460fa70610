/**
 * The regular expressions of form schemas (issue 22, "Regular expressions that freeze the tab"):
 * every JSON Schema `pattern` (and `patternProperties` name) in a panel's `schema` and in a
 * fields file's `$defs` is checked as rule patterns are (`patternProblem`, src/rules/author-checks.ts:
 * at most 300 characters, compiles with the `u` flag Ajv uses, and no repeated group that holds
 * a repetition or an alternation, such as `([A-Za-z0-9/'#. -]+)*`, which takes exponential time
 * on a line that does not match). The one check (src/engine/check.ts) runs it, so lint:content,
 * the build and the browser's full check refuse the same pattern, at its `file:line:col`.
 * Pure: no DOM.
 */
import type { Diagnostic } from './diagnostics';
import type { DocumentSet } from './document-set';
import { escapePointerSegment, positionOf, type ParsedJson } from './json-source';
import { patternProblem } from '../rules/author-checks';
import type { JsonValue } from '../rules/index';

/** Ajv compiles schema patterns with the `u` flag (its default `unicodeRegExp`). */
const SCHEMA_PATTERN_FLAGS = 'u';

/** Keywords whose members are names (of properties, definitions), each naming a schema. */
const NAMED_SCHEMAS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data, not a schema. */
const DATA = new Set(['enum', 'const', 'default', 'examples']);

/** Where each schema part of a document kind starts. */
const SCHEMA_ROOTS: Partial<Record<string, readonly string[]>> = { panel: ['schema'], fields: ['$defs'] };

function findings(file: string, parsed: ParsedJson, root: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  const report = (pointer: string, pattern: string, problem: string): void => {
    // A pattern a panel takes from a fields file by `$ref` (inlined when read) is reported where it is written, once.
    if (!parsed.positions.has(pointer)) return;
    const pos = positionOf(parsed, pointer, pointer.includes('/patternProperties/'));
    found.push({ file, pointer, line: pos.line, col: pos.col, severity: 'error', message: `the schema pattern ${JSON.stringify(pattern)} is refused: ${problem}`, check: 'unsafe-pattern' });
  };
  const visit = (node: JsonValue | undefined, pointer: string, names: boolean, depth: number): void => {
    if (depth > 64 || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, `${pointer}/${i}`, false, depth + 1));
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escapePointerSegment(key)}`;
      if (names) {
        visit(value, at, false, depth + 1);
        continue;
      }
      if (DATA.has(key)) continue;
      if (key === 'pattern' && typeof value === 'string') {
        const problem = patternProblem(value, SCHEMA_PATTERN_FLAGS);
        if (problem !== null) report(at, value, problem);
        continue;
      }
      if (key === 'patternProperties' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
        for (const name of Object.keys(value)) {
          const problem = patternProblem(name, SCHEMA_PATTERN_FLAGS);
          if (problem !== null) report(`${at}/${escapePointerSegment(name)}`, name, problem);
        }
      }
      visit(value, at, NAMED_SCHEMAS.has(key), depth + 1);
    }
  };
  const value = parsed.value;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) visit(value[root], `/${escapePointerSegment(root)}`, root === '$defs', 1);
  return found;
}

/** The refused schema patterns of every panel and fields document read. */
export function schemaPatternFindings(docs: DocumentSet): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const doc of docs.files.values()) {
    for (const root of SCHEMA_ROOTS[doc.kind] ?? []) found.push(...findings(doc.file, doc.parsed, root));
  }
  return found;
}
