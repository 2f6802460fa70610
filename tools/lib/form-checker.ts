/**
 * Checks form-panel data for `simulate` with the validator the browser's form uses: rjsf's Ajv 8
 * validator with rjsf's own Ajv configuration (`customizeValidator()` from @rjsf/validator-ajv8;
 * the browser runs the same configuration precompiled by `npm run pack`, tools/lib/generate.ts),
 * on the panel's schema as the loader registered it (shared field definitions inlined). It says
 * which required fields are missing, which values are invalid, and each invalid field's first
 * error (field, keyword, params), for the message the form would show
 * (src/engine/form-messages.ts). Errors a person never sees (`if`) are left out, as the form does.
 */
import { toPath, type RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { FormPanel } from '../../src/engine/formats.generated';
import { isShownKeyword, type SchemaErrorRef } from '../../src/engine/form-messages';
import type { FormChecker } from '../../src/engine/simulate';

export function createFormChecker(): FormChecker {
  // One validator for every panel: Ajv caches each compiled schema by the schema object, and a
  // loaded document set keeps its objects, so a batch of walks compiles each panel once.
  const validator = customizeValidator();
  return (panel: FormPanel, data) => {
    const { errors: found } = validator.validateFormData(data, panel.schema as RJSFSchema);
    const missing: string[] = [];
    const invalid: string[] = [];
    const errors: SchemaErrorRef[] = [];
    for (const e of found) {
      const keyword = e.name ?? '';
      if (!isShownKeyword(keyword)) continue;
      // rjsf's property is `.firstName`, `.mailing.city` or `['odd name']`: the dotted field path, as the form reads it.
      const field = toPath(e.property ?? '')
        .filter((p) => p !== '')
        .join('.');
      if (keyword === 'required') {
        missing.push(field);
        continue;
      }
      invalid.push(`${field || '(form)'} ${e.message ?? 'is invalid'}`);
      // The form shows one message per field: the first.
      if (!errors.some((x) => x.field === field)) errors.push({ field, keyword, params: e.params });
    }
    return { missing: [...new Set(missing)], invalid: [...new Set(invalid)], errors };
  };
}
