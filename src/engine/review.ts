/**
 * A check-your-answers page (review panels): what each section shows, from the state. Pure:
 * the screen turns values into text with the form panel's labels and content; the engine's
 * `changeAnswer` opens a section's step and comes back.
 */
import type { RuleContext } from '../rules/index';
import type { JsonValue } from '../rules/index';
import type { FormPanel, ReviewConsent, ReviewPanel, ReviewSection } from './formats.generated';
import { bindPath, evaluateCondition, historyOf, panelOf, type Flow } from './flow';
import { panelNameOf } from './document-set';
import { getPath, isObject, type AppState } from './state';

export interface ReviewEntry {
  /** Dotted field path in the section's panel data (`mailing.domesticCity`). */
  field: string;
  value: JsonValue;
  mask?: 'last4' | 'hidden';
  /** How the value is shown (the section's `format`, when its condition holds). */
  format?: 'usPhone';
  /** For a field that is an object (an address block): its answers, shown as the lines of one answer. */
  parts?: ReviewEntry[];
}

export interface ReviewSectionView {
  section: ReviewSection;
  /** The form panel that asked these answers. */
  panel: FormPanel;
  variant: string;
  /** The panel's data as stored (for option sources whose params read sibling fields). */
  data: { [k: string]: JsonValue };
  entries: ReviewEntry[];
}

function isEmpty(v: JsonValue | undefined): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** The schema's leaf field paths, in the order the panel declares them (nested objects flattened). */
export function leafFields(schema: JsonValue | undefined, prefix = ''): string[] {
  if (!isObject(schema)) return [];
  const out: string[] = [];
  const visit = (node: JsonValue | undefined, base: string): void => {
    if (!isObject(node)) return;
    const props = node.properties;
    if (isObject(props)) {
      for (const [name, child] of Object.entries(props)) {
        const path = base ? `${base}.${name}` : name;
        if (isObject(child) && child.type === 'object') visit(child, path);
        else if (!out.includes(path)) out.push(path);
      }
    }
    // Fields that appear under conditions (dependencies, if/then, allOf/oneOf branches).
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      const list = node[key];
      if (Array.isArray(list)) for (const item of list) visit(item, base);
    }
    for (const key of ['then', 'else']) visit(node[key], base);
    const deps = node.dependencies;
    if (isObject(deps)) for (const d of Object.values(deps)) visit(d, base);
  };
  visit(schema, prefix);
  return out;
}

/**
 * The sections of a review panel that have answers, each with its entries in order. A section
 * shows only when the applicant answered its panel on the way here (its panel and variant are in
 * the history): two panels may store into the same data (military details and commissioning
 * details), and a path taken back is no longer in the history.
 */
export function reviewSections(flow: Flow, panel: ReviewPanel, state: AppState, ctx: RuleContext): ReviewSectionView[] {
  const out: ReviewSectionView[] = [];
  const history = historyOf(state);
  for (const section of panel.sections) {
    if (!evaluateCondition(flow, section.showWhen, state, ctx)) continue;
    const instance = flow.modules.find((m) => m.name === section.module || m.moduleId === section.module);
    const step = instance?.graph.steps[section.step];
    const formPanel = step?.kind === 'panel' ? panelOf(flow, section.step) : undefined;
    if (!formPanel || formPanel.kind !== 'form') continue;
    const variant = step?.variant ?? 'self';
    if (!history.some((h) => panelNameOf(h.step) === formPanel.id && h.variant === variant)) continue;
    const stored = getPath(state, bindPath(formPanel, variant));
    if (!isObject(stored)) continue;
    const leaves = leafFields(formPanel.schema as JsonValue);
    const fields = section.fields ?? leaves;
    const entry = (field: string): ReviewEntry | undefined => {
      const value = getPath(stored, field);
      if (value === undefined || isEmpty(value)) return undefined;
      const mask = section.mask?.[field];
      if (isObject(value)) {
        const parts = leaves.filter((l) => l.startsWith(`${field}.`)).flatMap((l) => entry(l) ?? []);
        return parts.length > 0 ? { field, value, parts } : undefined;
      }
      const shape = section.format?.[field];
      const format = shape && (shape.when === undefined || evaluateCondition(flow, shape.when, state, ctx)) ? shape.as : undefined;
      return { field, value, ...(mask ? { mask } : {}), ...(format ? { format } : {}) };
    };
    const entries: ReviewEntry[] = [];
    for (const field of fields) {
      const hidden = section.hide?.[field];
      if (hidden !== undefined && evaluateCondition(flow, hidden, state, ctx)) continue;
      const e = entry(field);
      if (e) entries.push(e);
    }
    if (entries.length > 0) out.push({ section, panel: formPanel, variant, data: stored, entries });
  }
  return out;
}

/**
 * The consent a review page asks here (its `consent`, while its `showWhen` holds), with whether
 * the applicant has ticked it (the stored value is true: consent is never given for them).
 */
export function reviewConsent(flow: Flow, panel: ReviewPanel, state: AppState, ctx: RuleContext): { consent: ReviewConsent; given: boolean } | undefined {
  const consent = panel.consent;
  if (!consent || !evaluateCondition(flow, consent.showWhen, state, ctx)) return undefined;
  return { consent, given: getPath(state, consent.path) === true };
}
