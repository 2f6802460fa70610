/**
 * Reference data (doc 2 §3 "Reference data", §7; REF-01..REF-22): a panel's `options` name a
 * source of flows/option-sources.json; this module turns a source, the panel's params and the
 * application state into a request (path relative to the API base, placeholders filled and
 * URL-encoded, query parameters whose condition holds), and the service's answer into the
 * options a field offers. Pure: no network, no React. The fetch is src/services/reference-data.ts.
 */
import type { Condition, FieldOptions, FixedOption, OptionSource } from './formats.generated';
import { getPath, type JsonObject } from './state';
import type { JsonValue } from '../rules/index';

export type { FieldOptions, OptionSource };

/** An option a field offers. */
export interface OptionItem {
  value: string;
  label: string;
  short?: string;
}

/** A resolved request: `key` is the same for the same list wherever it is asked (the cache key). */
export interface OptionsRequest {
  source: string;
  /** Path relative to the API base, placeholders filled and URL-encoded. */
  path: string;
  query: Record<string, string>;
  /** `path?query` with the query sorted: one list, one key, shared between panels. */
  key: string;
}

/** Either the request, or the params still empty (the field waits for its cascade parent). */
export type ResolvedOptions = { kind: 'ready'; request: OptionsRequest } | { kind: 'waiting'; missing: string[] };

/** A developer error (REF-22): an unknown source, a placeholder without a param, an answer without the named fields. */
export class OptionSourceError extends Error {
  readonly code: 'UNKNOWN_SOURCE' | 'UNRESOLVED_PLACEHOLDER' | 'NOT_A_LIST' | 'UNKNOWN_FIELD';
  constructor(code: OptionSourceError['code'], message: string) {
    super(message);
    this.name = 'OptionSourceError';
    this.code = code;
  }
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The placeholders a source path names, in order (`{branch}` -> `branch`). */
export function placeholdersOf(path: string): string[] {
  return [...path.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
}

function scalarText(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * The request for a field: the source's path with each placeholder filled from the form's data
 * (the panel's `params`), and the source's query parameters whose condition holds on the state
 * (`holds` evaluates a Condition: the app passes the flow's rule engine on the current state).
 * A param whose field is empty: `waiting` (no request; the field shows no options).
 */
export function resolveOptions(sourceId: string, source: OptionSource | undefined, field: FieldOptions, formData: JsonObject, holds: (condition: Condition) => boolean): ResolvedOptions {
  if (!source) throw new OptionSourceError('UNKNOWN_SOURCE', `unknown option source "${sourceId}" (sources are listed in flows/option-sources.json)`);
  const values: Record<string, string> = {};
  const missing: string[] = [];
  for (const name of placeholdersOf(source.path)) {
    const fieldPath = field.params?.[name];
    if (fieldPath === undefined) throw new OptionSourceError('UNRESOLVED_PLACEHOLDER', `option source "${sourceId}": the placeholder {${name}} has no param`);
    const value = scalarText(getPath(formData, fieldPath));
    if (value === undefined) missing.push(name);
    else values[name] = value;
  }
  if (missing.length > 0) return { kind: 'waiting', missing };
  const path = source.path.replace(PLACEHOLDER, (_whole, name: string) => encodeURIComponent(values[name] as string));
  const query: Record<string, string> = {};
  for (const q of source.query ?? []) if (q.when === undefined || holds(q.when)) query[q.name] = q.value;
  const names = Object.keys(query).sort();
  const search = names.map((n) => `${encodeURIComponent(n)}=${encodeURIComponent(query[n] as string)}`).join('&');
  return { kind: 'ready', request: { source: sourceId, path, query, key: search ? `${path}?${search}` : path } };
}

/** The fields a field's cascade depends on (its params' field paths). */
export function parentsOf(field: FieldOptions): string[] {
  return Object.values(field.params ?? {});
}

/**
 * The options of an answer (REF-01: a list): each item's `value` and `label` fields read, the
 * excluded values dropped, the source's prepended and appended entries added (their labels are
 * content keys, given as text by `text`); an entry the answer also holds appears once, where the
 * source puts it. An item that lacks the label field (or a source that names none, REF-07's
 * subdivisions with `shortName` only) shows its value as the label. An answer that is not a
 * list, or an item without the value field, is a developer error (REF-22): the list fails.
 */
export function toOptions(sourceId: string, source: OptionSource, answer: unknown, text: (key: string) => string): OptionItem[] {
  if (!Array.isArray(answer)) throw new OptionSourceError('NOT_A_LIST', `option source "${sourceId}": the answer is not a list`);
  const excluded = new Set(source.exclude ?? []);
  const added = new Set([...(source.prepend ?? []), ...(source.append ?? [])].map((e) => e.value));
  const field = (item: unknown, name: string): string | undefined => (item !== null && typeof item === 'object' && !Array.isArray(item) ? scalarText((item as JsonObject)[name]) : undefined);
  const listed: OptionItem[] = [];
  answer.forEach((item: unknown, index) => {
    const value = field(item, source.value);
    if (value === undefined) throw new OptionSourceError('UNKNOWN_FIELD', `option source "${sourceId}": item ${index} has no field "${source.value}"`);
    const label = (source.label === undefined ? undefined : field(item, source.label)) ?? value;
    if (!excluded.has(value) && !added.has(value)) listed.push({ value, label });
  });
  const entry = (e: FixedOption): OptionItem => ({ value: e.value, label: text(e.label), ...(e.short !== undefined ? { short: e.short } : {}) });
  return [...(source.prepend ?? []).map(entry), ...listed, ...(source.append ?? []).map(entry)];
}
