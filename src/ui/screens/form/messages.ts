/**
 * Validation messages from content (VAL-01, VAL-02): each rjsf error becomes the message the
 * panel's `messages` map names for its field and keyword, looked up most specific first:
 * `field/keyword:detail`, `field/keyword`, `keyword:detail`, `keyword` (detail = the format,
 * e.g. `format:date`). When the panel maps none, the keyword's default (DEFAULT_MESSAGES: a
 * too-long value says how long it may be, never 'Unknown validation error'); the lookup is
 * src/engine/form-messages.ts, which simulate shares. An error of a
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
import { isShownKeyword, messageVars, schemaMessageKey } from '../../../engine/form-messages';

export { DEFAULT_MESSAGES } from '../../../engine/form-messages';

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

/** The content key of an error's message: the panel's, else the keyword's default; undefined when neither has one. */
export function messageKeyFor(panel: FormPanel, error: RJSFValidationError): string | undefined {
  return schemaMessageKey(panel, { field: errorField(error), keyword: error.name ?? '', params: error.params });
}

/**
 * Errors a person never sees: Ajv's `if` error ('must match "then" schema') only repeats that
 * the `then`/`else` branch failed, whose own errors (a required field, a pattern) are reported
 * beside it on their fields. Shown, it would be an unknown error on the enclosing object.
 * (src/engine/form-messages.ts isShownKeyword: simulate filters the same way.)
 */
export function isShownError(error: RJSFValidationError): boolean {
  return isShownKeyword(error.name ?? '');
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
      const message = content.text(key, messageVars(error.params));
      return { ...error, message, stack: message, title: labelOf(field) };
    });
}
