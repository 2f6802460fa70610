/**
 * Checks form-panel data against the panel's JSON Schema (draft-07, as rjsf validates it),
 * for `simulate`: which required fields are missing and which values are invalid, with each
 * invalid field's first error (keyword and params) for the message the form would show.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FormPanel } from '../../src/engine/formats.generated';
import type { FormChecker } from '../../src/engine/simulate';
import type { SchemaErrorRef } from '../../src/engine/form-messages';

export function createFormChecker(): FormChecker {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const cache = new WeakMap<FormPanel, ValidateFunction>();
  return (panel, data) => {
    let validate = cache.get(panel);
    if (!validate) {
      validate = ajv.compile(panel.schema);
      cache.set(panel, validate);
    }
    if (validate(data)) return { missing: [], invalid: [], errors: [] };
    const missing: string[] = [];
    const invalid: string[] = [];
    const errors: SchemaErrorRef[] = [];
    for (const e of validate.errors ?? []) {
      if (e.keyword === 'required') missing.push(String((e.params as { missingProperty: string }).missingProperty));
      else if (!['if', 'then', 'else', 'oneOf', 'anyOf', 'allOf'].includes(e.keyword)) {
        const field = e.instancePath.split('/').slice(1).join('.');
        invalid.push(`${field || '(form)'} ${e.message ?? 'is invalid'}`);
        // The form shows one message per field: the first.
        if (!errors.some((x) => x.field === field)) errors.push({ field, keyword: e.keyword, params: e.params });
      }
    }
    return { missing: [...new Set(missing)], invalid: [...new Set(invalid)], errors };
  };
}
