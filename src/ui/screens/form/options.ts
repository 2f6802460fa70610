/**
 * Reference-data fields of a form (panel `options`, REF-01..REF-22, ADDR-14): what the form
 * screen shares with its OptionsSelect widgets. The form's live data (cascades read their
 * parents' values), which lists are known to hold options (`requiredWhenAvailable`), and the
 * validation that makes such a field required exactly then.
 */
import { createContext } from 'react';
import type { FormValidation, UiSchema } from '@rjsf/utils';
import type { FieldOptions } from '../../../engine/option-sources';
import type { FormPanel } from '../../../engine/formats.generated';
import { schemaMessageKey } from '../../../engine/form-messages';
import { getPath, type JsonObject } from '../../../engine/state';
import type { JsonValue } from '../../../rules/index';
import type { ContentApi, OptionsLoader, Telemetry } from '../../contract';

/** The widget name the form gives every field named in the panel's `options`. */
export const OPTIONS_WIDGET = 'OptionsSelect';

/** The message of a required-when-available field left empty (content/en/common.json). */
export const REQUIRED_KEY = 'validation.required';

/** The TanStack Query key of a list: one per request (path and query), whatever panel asks. */
export function referenceQueryKey(requestKey: string): readonly [string, string] {
  return ['reference-data', requestKey] as const;
}

/** The form's data as the applicant changes it, for the widgets that follow another field. */
export interface FormDataStore {
  get(): JsonObject;
  set(data: JsonObject): void;
  subscribe(listener: () => void): () => void;
}

export function createFormDataStore(initial: JsonObject): FormDataStore {
  let data = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => data,
    set(next) {
      if (next === data) return;
      data = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface FormOptions {
  panelId: string;
  /** The panel's `options`: field path -> source and params. */
  fields: Readonly<Record<string, FieldOptions>>;
  loader: OptionsLoader | undefined;
  data: FormDataStore;
  /** Field path -> whether its current list holds options (absent: not known yet, or failed). */
  available: Map<string, boolean>;
  telemetry: Telemetry;
}

export const FormOptionsContext = createContext<FormOptions | null>(null);

export function createFormOptions(panel: FormPanel, loader: OptionsLoader | undefined, telemetry: Telemetry, initial: JsonObject): FormOptions {
  return { panelId: panel.id, fields: panel.options ?? {}, loader, data: createFormDataStore(initial), available: new Map(), telemetry };
}

type UiNode = { [key: string]: JsonValue };

function isNode(v: unknown): v is UiNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The UI schema with every field named in `options` rendered by OptionsSelect (and told its own path). */
export function withOptionsWidgets(uiSchema: UiSchema, panel: FormPanel): UiSchema {
  const fields = Object.keys(panel.options ?? {});
  if (fields.length === 0) return uiSchema;
  const root = { ...(uiSchema as UiNode) };
  for (const path of fields) {
    let node = root;
    for (const part of path.split('.')) {
      const child = isNode(node[part]) ? { ...(node[part] as UiNode) } : {};
      node[part] = child;
      node = child;
    }
    node['ui:widget'] = OPTIONS_WIDGET;
    node['ui:optionsField'] = path;
  }
  return root as UiSchema;
}

function isEmpty(value: JsonValue | undefined): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * ADDR-14 (rjsf customValidate): a `requiredWhenAvailable` field is required exactly when its
 * list is known to hold options. A list not loaded (waiting for its parent, loading, failed) does
 * not make the field required. The message is the panel's for `<field>/required` or `required`,
 * as a schema `required` error's would be ('Select a province or region'), else 'Required'.
 */
export function validateOptions<T>(options: FormOptions | null, data: JsonObject | undefined, errors: FormValidation<T>, content: ContentApi, panel?: Pick<FormPanel, 'messages'>): FormValidation<T> {
  if (!options) return errors;
  for (const [path, field] of Object.entries(options.fields)) {
    if (field.requiredWhenAvailable !== true || options.available.get(path) !== true) continue;
    if (!isEmpty(getPath(data ?? {}, path))) continue;
    let node = errors as unknown as Record<string, unknown>;
    for (const part of path.split('.')) {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = errorNode();
      node = node[part] as Record<string, unknown>;
    }
    const key = panel ? schemaMessageKey(panel, { field: path, keyword: 'required', params: { missingProperty: path } }) : undefined;
    (node as unknown as ErrorNode).addError(content.text(key ?? REQUIRED_KEY));
  }
  return errors;
}

interface ErrorNode {
  __errors: string[];
  addError(message: string): void;
}

/** A node as rjsf's createErrorHandler makes them, for a field the form data does not hold. */
function errorNode(): ErrorNode {
  return {
    __errors: [],
    addError(message: string) {
      this.__errors.push(message);
    },
  };
}
