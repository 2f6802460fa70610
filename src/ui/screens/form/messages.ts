/**
 * Validation messages from content (VAL-01, VAL-02): each rjsf error becomes the message the
 * panel's `messages` map names for its field and keyword, looked up most specific first:
 * `field/keyword:detail`, `field/keyword`, `keyword:detail`, `keyword` (detail = the format,
 * e.g. `format:date`). When the panel maps none, the keyword's default (DEFAULT_MESSAGES: a
 * too-long value says how long it may be, never 'Unknown validation error'). An error of a
 * keyword with no default shows 'Unknown validation error' (content key `validation.unknown`
 * when authors define it, else `app.validation.unknown`) and is logged by keyword only (never
 * a value: no personal data in telemetry). A message may use `{limit}`: the schema's limit
 * (maxLength, minLength, maximum, minimum, maxItems, minItems).
 */
import type { RJSFValidationError } from '@rjsf/utils';
import { toPath } from '@rjsf/utils';
import type { FormPanel } from '../../../engine/formats.generated';
import type { ContentApi, Telemetry } from '../../contract';
import { UI_KEYS } from '../copy';

/** The dotted field path of an error (`firstName`, `address.zip`); '' for the form itself. */
export function errorField(error: RJSFValidationError): string {
  return toPath(error.property ?? '')
    .filter((p) => p !== '')
    .join('.');
}

/** The id rjsf gives the field at a dotted path (idPrefix `root`, separator `_`). */
export function fieldId(field: string, idPrefix = 'root'): string {
  return field === '' ? idPrefix : [idPrefix, ...field.split('.')].join('_');
}

function detailOf(error: RJSFValidationError): string | undefined {
  const params: unknown = error.params;
  if (error.name === 'format' && params !== null && typeof params === 'object' && 'format' in params) {
    const f = (params as { format: unknown }).format;
    return typeof f === 'string' ? f : undefined;
  }
  return undefined;
}

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

function detailOrType(error: RJSFValidationError): string | undefined {
  const detail = detailOf(error);
  if (detail !== undefined) return detail;
  const params: unknown = error.params;
  if (error.name === 'type' && params !== null && typeof params === 'object' && 'type' in params) {
    const t = (params as { type: unknown }).type;
    return typeof t === 'string' ? t : undefined;
  }
  return undefined;
}

/** The content key of an error's message: the panel's, else the keyword's default; undefined when neither has one. */
export function messageKeyFor(panel: FormPanel, error: RJSFValidationError): string | undefined {
  const messages = panel.messages ?? {};
  const field = errorField(error);
  const keyword = error.name ?? '';
  const detail = detailOf(error);
  const candidates = [
    detail !== undefined ? `${field}/${keyword}:${detail}` : undefined,
    `${field}/${keyword}`,
    detail !== undefined ? `${keyword}:${detail}` : undefined,
    keyword,
  ];
  for (const c of candidates) {
    if (c !== undefined && Object.prototype.hasOwnProperty.call(messages, c)) return messages[c];
  }
  const fallback = detailOrType(error);
  for (const c of [fallback !== undefined ? `${keyword}:${fallback}` : undefined, keyword]) {
    if (c !== undefined && Object.prototype.hasOwnProperty.call(DEFAULT_MESSAGES, c)) return DEFAULT_MESSAGES[c];
  }
  return undefined;
}

/** Placeholders a message may use, from the error's params: {limit}. */
export function messageVars(error: RJSFValidationError): Record<string, string> {
  const params: unknown = error.params;
  if (params !== null && typeof params === 'object' && 'limit' in params) {
    const limit = (params as { limit: unknown }).limit;
    if (typeof limit === 'number' || typeof limit === 'string') return { limit: String(limit) };
  }
  return {};
}

/**
 * Errors a person never sees: Ajv's `if` error ('must match "then" schema') only repeats that
 * the `then`/`else` branch failed, whose own errors (a required field, a pattern) are reported
 * beside it on their fields. Shown, it would be an unknown error on the enclosing object.
 */
export function isShownError(error: RJSFValidationError): boolean {
  return error.name !== 'if';
}

/** The `transformErrors` for a panel: messages from content, the label as the error's title. */
export function createErrorTransformer(panel: FormPanel, content: ContentApi, telemetry: Telemetry, labelOf: (field: string) => string) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.filter(isShownError).map((error) => {
      const field = errorField(error);
      let key = messageKeyFor(panel, error);
      if (key === undefined || !content.has(key)) {
        telemetry.log('warn', 'validation error without a message', { panel: panel.id, field, keyword: error.name ?? '' });
        key = content.has(UI_KEYS.unknownValidation) ? UI_KEYS.unknownValidation : UI_KEYS.unknownValidationDefault;
      }
      const message = content.text(key, messageVars(error));
      return { ...error, message, stack: message, title: labelOf(field) };
    });
}
