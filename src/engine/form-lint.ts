/**
 * The loader's checks of what a form panel adds to its JSON Schema (issue 9, "Authors' tools"):
 * every `ui:widget` names a registered widget, every `options` entry a source of
 * flows/option-sources.json whose `{placeholders}` its `params` fill from fields of the form,
 * every `checks` and `normalize` entry a field of the form; and where every question and form
 * panel stores its answers (its `bind` path for each variant the modules show it in) is in the
 * state contract. Called by src/engine/loader.ts with its reporting helpers. Pure.
 */
import type { JsonValue } from '../rules/index';
import type { Condition, FormPanel, Panel } from './formats.generated';
import { panelNameOf, type Doc, type DocumentSet, type Report } from './document-set';
import { answerPath, bindPath } from './flow';
import { pointerOf } from './json-source';
import { leafFields } from './review';
import { isObject } from './state';
import { isWidgetName, WIDGET_NAMES } from './widgets';

export interface FormLintContext {
  set: DocumentSet;
  report: Report;
  checkCondition(doc: Doc<unknown>, pointer: string, condition: Condition | undefined): void;
  checkContentKey(doc: Doc<unknown>, pointer: string, key: string | undefined): void;
  /** ` (did you mean "x"?)` when a known name is close. */
  suggest(name: string, known: Iterable<string>): string;
}

/** The `{placeholder}` names of an option source's path (the same reading as src/engine/option-sources.ts). */
export function pathPlaceholders(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1] as string);
}

const has = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/**
 * The pointer segments of a field's schema (`mailing.city` -> schema/properties/mailing/properties/city),
 * looking into conditional branches (allOf/oneOf/anyOf, then/else, dependencies) as leafFields does.
 */
export function fieldSchemaPath(schema: JsonValue, field: string): string[] | undefined {
  const parts = field.split('.');
  const find = (node: JsonValue | undefined, at: string[], i: number): string[] | undefined => {
    if (!isObject(node)) return undefined;
    const name = parts[i] as string;
    const props = node.properties;
    if (isObject(props) && has(props, name)) {
      const here = [...at, 'properties', name];
      if (i === parts.length - 1) return here;
      const deeper = find(props[name], here, i + 1);
      if (deeper) return deeper;
    }
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      const list = node[key];
      if (!Array.isArray(list)) continue;
      for (let j = 0; j < list.length; j++) {
        const found = find(list[j], [...at, key, String(j)], i);
        if (found) return found;
      }
    }
    for (const key of ['then', 'else']) {
      const found = find(node[key], [...at, key], i);
      if (found) return found;
    }
    const deps = node.dependencies;
    if (isObject(deps)) {
      for (const [k, d] of Object.entries(deps)) {
        const found = find(d, [...at, 'dependencies', k], i);
        if (found) return found;
      }
    }
    return undefined;
  };
  return find(schema, [], 0);
}

/** The pointer (into `logic`) of the first `{"var": name}`, or of `{"var": [name, default]}`. */
function varPointer(logic: JsonValue, name: string): string[] | undefined {
  const find = (node: JsonValue, at: string[]): string[] | undefined => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const found = find(node[i] as JsonValue, [...at, String(i)]);
        if (found) return found;
      }
      return undefined;
    }
    if (!isObject(node)) return undefined;
    const v = node.var;
    if (v === name || (Array.isArray(v) && v[0] === name)) return [...at, 'var'];
    for (const [k, child] of Object.entries(node)) {
      const found = find(child, [...at, k]);
      if (found) return found;
    }
    return undefined;
  };
  return find(logic, []);
}

/** A form panel's widgets, option sources, checks and normalisation. */
export function checkFormAdditions(doc: Doc<FormPanel>, ctx: FormLintContext): void {
  const p = doc.value;
  const { report, suggest } = ctx;
  const fields = leafFields(p.schema as JsonValue);
  const isField = (f: string): boolean => fields.includes(f);
  const noField = (what: string, field: string): string => `${what} names field "${field}", which the form schema does not have${suggest(field, fields)}`;

  // Widgets: one registry (src/ui/screens/form/widgets.ts; the names in src/engine/widgets.ts).
  const checkWidget = (path: string[], name: JsonValue | undefined): void => {
    if (typeof name !== 'string' || isWidgetName(name)) return;
    report(doc, pointerOf(path), 'error', 'broken-reference', `unknown widget "${name}"${suggest(name, WIDGET_NAMES)}: the registered widgets are ${WIDGET_NAMES.join(', ')}`);
  };
  // Markdown in descriptions or help is not rendered (the form chunk carries no Markdown parser:
  // src/ui/screens/form/plain-markdown.tsx); rich copy is content, through the sanitiser.
  const MARKDOWN = ['enableMarkdownInDescription', 'enableMarkdownInHelp'];
  const checkMarkdown = (path: string[], key: string): void => {
    if (MARKDOWN.includes(key.replace(/^ui:/, ''))) report(doc, pointerOf(path), 'error', 'unsupported', `"${key}" is not supported: Markdown is not rendered; write the copy in content (HTML values are sanitised)`, true);
  };
  const visitUi = (node: JsonValue | undefined, path: string[]): void => {
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      checkMarkdown([...path, key], key);
      if (key === 'ui:widget') checkWidget([...path, key], value);
      else if (key === 'ui:options' && isObject(value)) {
        checkWidget([...path, key, 'widget'], value.widget);
        for (const k of Object.keys(value)) checkMarkdown([...path, key, k], k);
      } else if (isObject(value)) visitUi(value, [...path, key]);
    }
  };
  visitUi(p.uiSchema as JsonValue | undefined, ['uiSchema']);

  // Options: the source exists, its placeholders are filled by params, the params read fields of this form.
  const sources = ctx.set.optionSources?.value.sources ?? {};
  for (const [field, opt] of Object.entries(p.options ?? {})) {
    const at = ['options', field];
    if (!isField(field)) report(doc, pointerOf(at), 'error', 'broken-reference', noField('options', field), true);
    const source = has(sources, opt.source) ? sources[opt.source] : undefined;
    if (!source) {
      const where = ctx.set.optionSources ? 'flows/option-sources.json has no such source' : 'there is no flows/option-sources.json';
      report(doc, pointerOf([...at, 'source']), 'error', 'broken-reference', `unknown option source "${opt.source}"${suggest(opt.source, Object.keys(sources))}: ${where}`);
      continue;
    }
    const placeholders = pathPlaceholders(source.path);
    for (const name of placeholders) {
      if (opt.params?.[name] === undefined) {
        report(doc, pointerOf(at), 'error', 'broken-reference', `option source "${opt.source}" has the placeholder {${name}} in its path "${source.path}": fill it with "params": {"${name}": "<a field of this form>"}`, true);
      }
    }
    for (const [name, from] of Object.entries(opt.params ?? {})) {
      const pp = pointerOf([...at, 'params', name]);
      if (!placeholders.includes(name)) {
        report(doc, pp, 'error', 'broken-reference', `option source "${opt.source}" has no placeholder {${name}} in its path "${source.path}"${placeholders.length > 0 ? ` (its placeholders: ${placeholders.map((n) => `{${n}}`).join(', ')})` : ''}: remove the param or fix its name`, true);
      }
      if (!isField(from)) report(doc, pp, 'error', 'broken-reference', `param {${name}} reads field "${from}", which the form schema does not have${suggest(from, fields)}`);
    }
    // The option filter (VAL-19/20): a condition that passes the rule check.
    ctx.checkCondition(doc, pointerOf([...at, 'showWhen']), opt.showWhen);
  }

  // Checks: the field shows the message, the message is copy, the condition passes the rule check
  // and, when inline, reads only fields the form has (`form.<field>`).
  (p.checks ?? []).forEach((check, i) => {
    const at = `/checks/${i}`;
    if (!isField(check.field)) report(doc, `${at}/field`, 'error', 'broken-reference', noField('check', check.field));
    ctx.checkContentKey(doc, `${at}/message`, check.message);
    ctx.checkCondition(doc, `${at}/invalidWhen`, check.invalidWhen);
    if (!isObject(check.invalidWhen)) return;
    let vars: string[];
    try {
      vars = ctx.set.ruleEngine.analyze(check.invalidWhen).vars;
    } catch {
      return; // the rule check above reports it
    }
    for (const v of vars) {
      if (!v.startsWith('form.')) continue;
      const f = v.slice('form.'.length);
      if (isField(f) || fields.some((x) => x.startsWith(`${f}.`))) continue;
      const ptr = varPointer(check.invalidWhen as JsonValue, v);
      report(doc, pointerOf(['checks', String(i), 'invalidWhen', ...(ptr ?? [])]), 'error', 'broken-reference', `"${v}" reads field "${f}", which the form schema does not have${suggest(f, fields)}: the check would never see a value`);
    }
  });

  // Normalisation of fields the form has.
  for (const [field, rule] of Object.entries(p.normalize ?? {})) {
    if (!isField(field)) report(doc, pointerOf(['normalize', field]), 'error', 'broken-reference', noField('normalize', field), true);
    // A split's `rest` (the ZIP supplement of a ZIP+4) is a field of the same form.
    if (typeof rule === 'object' && rule.rest !== undefined && !isField(rule.rest)) report(doc, pointerOf(['normalize', field, 'rest']), 'error', 'broken-reference', noField('normalize', rule.rest));
  }

  // Suppressed fields (VAL-16): fields the form has, and a condition that passes the rule check.
  (p.suppress ?? []).forEach((entry, i) => {
    entry.fields.forEach((field, j) => {
      if (!isField(field) && !fields.some((x) => x.startsWith(`${field}.`))) report(doc, `/suppress/${i}/fields/${j}`, 'error', 'broken-reference', noField('suppress', field));
    });
    ctx.checkCondition(doc, `/suppress/${i}/when`, entry.when);
  });
}

/**
 * Where question and form panels store their answers: the bind path (with `{variant}` replaced
 * by each variant the modules show the panel with, or `self`) is in the state contract, and so
 * is, under a closed object (`additionalProperties: false`), each field of a form and a
 * question's answer.
 */
export function checkBindPaths(ctx: FormLintContext): void {
  const { set, report } = ctx;
  const variants = new Map<string, Set<string>>();
  for (const m of set.modules.values()) {
    for (const [id, step] of Object.entries(m.value.steps)) {
      if (step.kind !== 'panel') continue;
      const name = panelNameOf(id);
      let s = variants.get(name);
      if (!s) variants.set(name, (s = new Set()));
      s.add(step.variant ?? 'self');
    }
  }
  const known = (path: string): boolean => set.contract.isKnownVar(path);
  for (const doc of set.panels.values()) {
    const p: Panel = doc.value;
    if (p.kind === 'review') continue;
    const used = [...(variants.get(p.id) ?? ['self'])].sort();
    const bindPointer = p.bind !== undefined ? '/bind' : '/id';
    const missingFields = new Map<string, string[]>();
    for (const variant of used) {
      const bind = bindPath(p, variant);
      if (!known(bind)) {
        const shown = p.bind ?? 'triage (the default)';
        report(doc, bindPointer, 'error', 'unknown-variable', `bind "${shown}" stores variant ${variant}'s answers at "${bind}", which is not in the state contract (schemas/state.schema.json): fix the bind or add the path to the contract`);
        continue;
      }
      if (p.kind === 'question') {
        const path = answerPath(p, variant);
        if (!known(path)) report(doc, '/field', 'error', 'unknown-variable', `the answer of variant ${variant} is stored at "${path}", which is not in the state contract (schemas/state.schema.json): fix the field or add the path to the contract`);
        continue;
      }
      for (const f of leafFields(p.schema as JsonValue)) {
        const path = `${bind}.${f}`;
        if (!known(path)) missingFields.set(f, [...(missingFields.get(f) ?? []), path]);
      }
    }
    if (p.kind !== 'form') continue;
    for (const [f, paths] of missingFields) {
      const at = fieldSchemaPath(p.schema as JsonValue, f);
      report(doc, pointerOf(['schema', ...(at ?? [])]), 'error', 'unknown-variable', `field "${f}" is stored at ${paths.map((x) => `"${x}"`).join(', ')}, which the state contract does not have (schemas/state.schema.json): add it there or rename the field`, true);
    }
  }
}

/** flows/option-sources.json: the fixed options' labels are copy; the query conditions pass the rule check. */
export function checkOptionSources(ctx: FormLintContext): void {
  const doc = ctx.set.optionSources;
  if (!doc) return;
  for (const [id, source] of Object.entries(doc.value.sources)) {
    for (const list of ['prepend', 'append'] as const) {
      (source[list] ?? []).forEach((o, i) => ctx.checkContentKey(doc, pointerOf(['sources', id, list, String(i), 'label']), o.label));
    }
    (source.query ?? []).forEach((q, i) => ctx.checkCondition(doc, pointerOf(['sources', id, 'query', String(i), 'when']), q.when));
  }
}
