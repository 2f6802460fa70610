/**
 * Checks form-panel data against the panel's JSON Schema (draft-07, as rjsf validates it),
 * for `simulate`: which required fields are missing and which values are invalid.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FormPanel } from '../../src/engine/formats.generated';
import type { FormChecker } from '../../src/engine/simulate';

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
    if (validate(data)) return { missing: [], invalid: [] };
    const missing: string[] = [];
    const invalid: string[] = [];
    for (const e of validate.errors ?? []) {
      if (e.keyword === 'required') missing.push(String((e.params as { missingProperty: string }).missingProperty));
      else if (!['if', 'then', 'else', 'oneOf', 'anyOf', 'allOf'].includes(e.keyword)) invalid.push(`${e.instancePath.slice(1) || '(form)'} ${e.message ?? 'is invalid'}`);
    }
    return { missing: [...new Set(missing)], invalid: [...new Set(invalid)] };
  };
}
