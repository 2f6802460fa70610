/**
 * Shared field definitions (schemas/fields/<id>.json): a form panel's schema refers to one
 * with `{"$ref": "../fields/<id>.json#/$defs/<name>"}`, and the loader replaces the node with
 * the definition, so every panel that uses a field (a name, a birth date, an SSN, an address
 * block) validates it the same way, and the validators, rjsf and simulate all see one plain
 * schema. A definition may refer to another (`<id>.json#/$defs/<name>` or `#/$defs/<name>`
 * within its own file).
 *
 * The loader (lint, the build, simulate, the browser's full check) inlines them when it
 * registers the documents and reports what does not resolve. The browser's first reading
 * (src/app/load.ts) leaves panel schemas as written, so the inliner stays off the first
 * screen's script: the form and review chunks call `inlineFormPanels` before they read a
 * schema (src/app/FormStep.tsx, src/app/ReviewStep.tsx).
 */
import type { JsonValue } from '../rules/index';
import type { FieldSet, FormPanel, Panel } from './formats.generated';

/**
 * A JSON pointer from path segments (as json-source.ts's pointerOf), written here: importing
 * json-source into the form's first paint made Rolldown split it out of the entry chunk.
 */
function pointerOf(segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

interface DocLike {
  value: FieldSet;
}

export interface FieldRefIssue {
  /** JSON pointer of the `$ref` in the panel. */
  pointer: string;
  message: string;
}

const REF = /^(?:\.\.\/fields\/|\.\/)?(?:([A-Za-z][A-Za-z0-9-]*)\.json)?#\/\$defs\/([A-Za-z][A-Za-z0-9]*)$/;
const MAX_DEPTH = 16;

/** Where a `$ref` points: the fields file id and the definition name; undefined if it is not a field reference. */
export function parseFieldRef(ref: string, currentFile?: string): { file: string; name: string } | undefined {
  const m = REF.exec(ref);
  if (!m) return undefined;
  const file = m[1] ?? currentFile;
  if (file === undefined || m[2] === undefined) return undefined;
  return { file, name: m[2] };
}

function isObject(v: JsonValue | undefined): v is { [k: string]: JsonValue } {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The schema with every field `$ref` replaced by its definition (a new value; the input is not changed). */
export function resolveFieldRefs(
  schema: JsonValue,
  fields: ReadonlyMap<string, DocLike>,
  onIssue: (pointer: string, message: string) => void,
  pointer: string[] = [],
  currentFile?: string,
  depth = 0,
): JsonValue {
  if (Array.isArray(schema)) return schema.map((item, i) => resolveFieldRefs(item, fields, onIssue, [...pointer, String(i)], currentFile, depth));
  if (!isObject(schema)) return schema;
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const where = pointerOf([...pointer, '$ref']);
    const target = parseFieldRef(ref, currentFile);
    if (!target) {
      onIssue(where, `"$ref": "${ref}" is not a field reference; write "../fields/<file>.json#/$defs/<field>"`);
      return {};
    }
    if (Object.keys(schema).length > 1) {
      onIssue(where, `a "$ref" node is replaced whole by "${ref}": move its other keywords into the definition, or use "allOf": [{"$ref": ...}, {...}]`);
    }
    const doc = fields.get(target.file);
    if (!doc) {
      onIssue(where, `"$ref": no fields file "schemas/fields/${target.file}.json"`);
      return {};
    }
    const def = doc.value.$defs[target.name] as JsonValue | undefined;
    if (def === undefined) {
      const known = Object.keys(doc.value.$defs).sort().join(', ');
      onIssue(where, `"$ref": schemas/fields/${target.file}.json has no definition "${target.name}" (it has: ${known})`);
      return {};
    }
    if (depth >= MAX_DEPTH) {
      onIssue(where, `"$ref": "${ref}" refers to itself through other definitions (deeper than ${MAX_DEPTH})`);
      return {};
    }
    return resolveFieldRefs(def, fields, onIssue, pointer, target.file, depth + 1);
  }
  const out: { [k: string]: JsonValue } = {};
  for (const [k, v] of Object.entries(schema)) out[k] = resolveFieldRefs(v, fields, onIssue, [...pointer, k], currentFile, depth);
  return out;
}

/** Inline a form panel's field references in place; returns what could not be resolved (pointers into the panel document). */
export function inlineFieldRefs(panel: FormPanel, _file: string, fields: ReadonlyMap<string, DocLike>): FieldRefIssue[] {
  const issues: FieldRefIssue[] = [];
  const resolved = resolveFieldRefs(panel.schema as JsonValue, fields, (pointer, message) => issues.push({ pointer, message }), ['schema']);
  panel.schema = resolved as FormPanel['schema'];
  return issues;
}

const inlined = new WeakSet<object>();

/**
 * The browser's side: inline every form panel's field references once per document set (the
 * first reading left them as written). The build refused documents with a reference that does
 * not resolve, and the full check reports it by file:line:col; should one reach here anyway, it
 * throws (the screen's error boundary shows the trap) rather than render a field without its rules.
 */
export function inlineFormPanels(set: { panels: ReadonlyMap<string, { file: string; value: Panel }>; fields: ReadonlyMap<string, DocLike> }): void {
  if (inlined.has(set)) return;
  for (const doc of set.panels.values()) {
    if (doc.value.kind !== 'form') continue;
    const issues = inlineFieldRefs(doc.value, doc.file, set.fields);
    if (issues.length > 0) throw new Error(`${doc.file}: ${issues.map((i) => `${i.pointer}: ${i.message}`).join('; ')}`);
  }
  inlined.add(set);
}
