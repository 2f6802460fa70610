/**
 * The rjsf UI schema a form panel renders with: the panel's own `uiSchema`, with each field's
 * label (`ui:title`), hint (`ui:help`) and choice labels (`ui:enumNames`) taken from content
 * through the panel's `labels`, `help` and `enumLabels` maps (dotted paths for nested fields).
 */
import type { UiSchema } from '@rjsf/utils';
import type { JsonValue } from '../../../rules/index';
import type { FormPanel } from '../../../engine/formats.generated';
import type { ContentApi } from '../../contract';

export { fieldOrder } from './field-order';

type UiNode = { [key: string]: JsonValue };

function isNode(v: JsonValue | undefined): v is UiNode {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function nodeAt(root: UiNode, path: string): UiNode {
  let node = root;
  for (const part of path.split('.')) {
    const next = node[part];
    const child: UiNode = isNode(next) ? { ...next } : {};
    node[part] = child;
    node = child;
  }
  return node;
}

function clone(value: UiNode): UiNode {
  return JSON.parse(JSON.stringify(value)) as UiNode;
}

/**
 * A relative's details (any variant but the applicant's own, `self`) are not the person at the
 * keyboard's: the browser must not offer to fill them with the applicant's own name, birth date
 * or address (WCAG 1.3.5 asks the tokens for the user's own data only).
 */
function withoutAutofill(node: UiNode): void {
  for (const [k, v] of Object.entries(node)) {
    if (k === 'ui:autocomplete') node[k] = 'off';
    else if (isNode(v)) withoutAutofill(v);
  }
}

export function buildUiSchema(panel: FormPanel, content: ContentApi, variant = 'self'): UiSchema {
  const root: UiNode = clone(panel.uiSchema ?? {});
  if (variant !== 'self') withoutAutofill(root);
  for (const [path, key] of Object.entries(panel.labels ?? {})) nodeAt(root, path)['ui:title'] = content.text(key);
  for (const [path, key] of Object.entries(panel.help ?? {})) if (content.has(key)) nodeAt(root, path)['ui:help'] = content.text(key);
  // The text inputs' maxlength reads how a field is normalised (attributes.ts inputMaxLength).
  // A split (a ZIP+4 typed in the ZIP field) is marked as such: what is typed is longer than the field it ends in.
  for (const [path, how] of Object.entries(panel.normalize ?? {})) nodeAt(root, path)['ui:normalize'] = typeof how === 'string' ? how : 'split';
  for (const [path, values] of Object.entries(panel.enumLabels ?? {})) {
    const names: UiNode = {};
    for (const [value, key] of Object.entries(values)) names[value] = content.text(key);
    nodeAt(root, path)['ui:enumNames'] = names;
  }
  // Submit buttons are Muster's own (Continue and Previous), never rjsf's.
  const options = isNode(root['ui:submitButtonOptions']) ? root['ui:submitButtonOptions'] : {};
  root['ui:submitButtonOptions'] = { ...options, norender: true };
  return root as UiSchema;
}

/**
 * A field's label text, by dotted path ('' for none), as the error summary names it: a field
 * inside a labelled group carries the group's label first ("Mailing address – ZIP code"), so
 * the same question asked of two addresses reads as two different entries.
 */
export function labelFor(panel: FormPanel, content: ContentApi, field: string): string {
  const key = panel.labels?.[field];
  const own = key !== undefined ? content.text(key) : '';
  const parts = field.split('.');
  if (parts.length < 2 || own === '') return own;
  const groupKey = panel.labels?.[parts.slice(0, -1).join('.')];
  const group = groupKey !== undefined ? content.text(groupKey) : '';
  return group === '' ? own : `${group} – ${own}`;
}

/** The UI schema with each suppressed field hidden (VAL-16): not shown, not asked. */
export function withSuppressedHidden(ui: UiSchema, suppressed: readonly string[]): UiSchema {
  if (suppressed.length === 0) return ui;
  const root = clone(ui as UiNode);
  for (const path of suppressed) nodeAt(root, path)['ui:widget'] = 'hidden';
  return root as UiSchema;
}
