/**
 * Which content key a form error shows (VAL-01, VAL-02), shared by the form screen
 * (src/ui/screens/form/messages.ts, from rjsf's errors) and simulate (from Ajv's): the panel's
 * `messages` map for the field and keyword, most specific first (`field/keyword:detail`,
 * `field/keyword`, `keyword:detail`, `keyword`; detail = the format, e.g. `format:date`), else
 * the keyword's default (DEFAULT_MESSAGES), else none: the caller shows 'Unknown validation
 * error'. A message may use `{limit}`, filled from the error's params. Pure.
 */
import type { FormPanel } from './formats.generated';

/** A schema error as both validators report it: the dotted field ('' = the form), the keyword, its params. */
export interface SchemaErrorRef {
  field: string;
  keyword: string;
  params?: unknown;
}

/** VAL-02's message: `validation.unknown` when content defines it, else the app's default. */
export const UNKNOWN_MESSAGE_KEYS = ['validation.unknown', 'app.validation.unknown'] as const;

/**
 * The message of a JSON-Schema keyword (or `keyword:detail`) when the panel's `messages` map has
 * none: content keys of content/en/common.json and validation.json (VAL-01).
 */
export const DEFAULT_MESSAGES: Readonly<Record<string, string>> = {
  required: 'validation.required',
  const: 'validation.required',
  maxLength: 'validation.tooLong',
  minLength: 'validation.tooShort',
  pattern: 'validation.invalidFormat',
  'format:email': 'validation.email',
  'format:date': 'validation.invalidDate',
  format: 'validation.invalidFormat',
  enum: 'validation.choose',
  'type:number': 'validation.invalidNumber',
  'type:integer': 'validation.invalidNumber',
  type: 'validation.invalidFormat',
  maximum: 'validation.invalidNumber',
  minimum: 'validation.invalidNumber',
  exclusiveMaximum: 'validation.invalidNumber',
  exclusiveMinimum: 'validation.invalidNumber',
  multipleOf: 'validation.invalidNumber',
};

function param(params: unknown, name: string): string | undefined {
  if (params === null || typeof params !== 'object' || !(name in params)) return undefined;
  const value = (params as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Whether a person sees an error of this keyword: Ajv's `if` error ('must match "then" schema')
 * only repeats that the `then`/`else` branch failed, whose own errors (a required field, a
 * pattern) are reported beside it on their fields. The form screen and simulate both filter by it.
 */
export function isShownKeyword(keyword: string): boolean {
  return keyword !== 'if';
}

/** The content key of an error's message: the panel's, else the keyword's default; undefined when neither has one. */
export function schemaMessageKey(panel: Pick<FormPanel, 'messages'>, error: SchemaErrorRef): string | undefined {
  const messages = panel.messages ?? {};
  const { field, keyword } = error;
  const detail = keyword === 'format' ? param(error.params, 'format') : undefined;
  const candidates = [
    detail !== undefined ? `${field}/${keyword}:${detail}` : undefined,
    `${field}/${keyword}`,
    detail !== undefined ? `${keyword}:${detail}` : undefined,
    keyword,
  ];
  for (const c of candidates) {
    if (c !== undefined && Object.prototype.hasOwnProperty.call(messages, c)) return messages[c];
  }
  const fallback = detail ?? (keyword === 'type' ? param(error.params, 'type') : undefined);
  for (const c of [fallback !== undefined ? `${keyword}:${fallback}` : undefined, keyword]) {
    if (c !== undefined && Object.prototype.hasOwnProperty.call(DEFAULT_MESSAGES, c)) return DEFAULT_MESSAGES[c];
  }
  return undefined;
}

/** Placeholders a message may use, from the error's params: {limit} (maxLength, minLength, maximum, ...). */
export function messageVars(params: unknown): Record<string, string> {
  if (params !== null && typeof params === 'object' && 'limit' in params) {
    const limit = (params as { limit: unknown }).limit;
    if (typeof limit === 'number' || typeof limit === 'string') return { limit: String(limit) };
  }
  return {};
}
