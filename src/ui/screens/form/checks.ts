/**
 * The form screen's side of a panel's own validation (src/engine/form-check.ts): the
 * `normalize` map applied before the panel's validator sees the data (so '(210) 555-0123'
 * meets a 10-digit pattern and is stored as 2105550123), and the `checks` errors added beside
 * their fields by rjsf's `customValidate`, with their text from content (VAL-01, ADDR-16).
 */
import type { FormValidation, ValidatorType } from '@rjsf/utils';
import { normalizeFormData, type FieldError } from '../../../engine/form-check';
import type { FormPanel } from '../../../engine/formats.generated';
import type { JsonObject } from '../../../engine/state';
import type { ContentApi } from '../../contract';
import { UI_KEYS } from '../copy';

/**
 * The panel's validator, seeing the data normalised: the schema errors and `customValidate`
 * are about the value that will be stored, while the field keeps what the applicant typed.
 */
export function normalizingValidator(validator: ValidatorType, panel: Pick<FormPanel, 'normalize'>): ValidatorType {
  if (panel.normalize === undefined || Object.keys(panel.normalize).length === 0) return validator;
  const normalize = (data: unknown): unknown => (data !== null && typeof data === 'object' && !Array.isArray(data) ? normalizeFormData(panel, data as JsonObject) : data);
  return {
    validateFormData: (formData, schema, customValidate, transformErrors, uiSchema) => validator.validateFormData(normalize(formData), schema, customValidate, transformErrors, uiSchema),
    isValid: (schema, formData, rootSchema) => validator.isValid(schema, formData, rootSchema),
    rawValidation: (schema, formData) => validator.rawValidation(schema, formData),
    ...(validator.reset ? { reset: () => validator.reset?.() } : {}),
  };
}

/** A check's message as the applicant reads it; a key content lacks is 'Unknown validation error' (VAL-02). */
export function checkMessageText(key: string, content: ContentApi): string {
  if (content.has(key)) return content.text(key);
  return content.text(content.has(UI_KEYS.unknownValidation) ? UI_KEYS.unknownValidation : UI_KEYS.unknownValidationDefault);
}

interface ErrorNode {
  __errors?: string[];
  addError(message: string): void;
  [key: string]: unknown;
}

/** The node of `field` in rjsf's error handler, made when the data holds no such field (an empty field). */
function nodeAt(errors: unknown, field: string): ErrorNode {
  let node = errors as ErrorNode;
  for (const part of field.split('.')) {
    const next = node[part];
    if (typeof next !== 'object' || next === null || typeof (next as ErrorNode).addError !== 'function') {
      const made: ErrorNode = {
        __errors: [],
        addError(message: string) {
          (this.__errors ??= []).push(message);
        },
      };
      node[part] = made;
    }
    node = node[part] as ErrorNode;
  }
  return node;
}

/** Adds the checks' errors to rjsf's error handler (inside `customValidate`), each beside its field. */
export function addCheckErrors<T>(errors: FormValidation<T>, found: readonly FieldError[], content: ContentApi): FormValidation<T> {
  for (const { field, message } of found) nodeAt(errors, field).addError(checkMessageText(message, content));
  return errors;
}
