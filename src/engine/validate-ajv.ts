/**
 * Format validation with Ajv compiled at run time: for Node (lint, simulate, tests).
 * Ajv's raw errors are many and terse for `oneOf` documents; this keeps the most specific
 * ones and words them for a content author.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import type { JsonValue } from '../rules/index';
import { DISCRIMINATED, validatorName, type DocumentKind, type FormatValidator, type SchemaIssue } from './format-validator';
import { explainErrors } from './schema-errors';

export type FormatSchemas = Record<DocumentKind | 'common', object>;

export function createAjvFormatValidator(schemas: FormatSchemas): FormatValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
  ajv.addKeyword('tsType');
  ajv.addSchema(schemas.common);
  for (const kind of Object.keys(DISCRIMINATED) as DocumentKind[]) ajv.addSchema(schemas[kind]);
  const compiled = new Map<string, ValidateFunction>();
  const get = (kind: DocumentKind, value: JsonValue): ValidateFunction => {
    const name = validatorName(kind, value);
    let fn = compiled.get(name);
    if (!fn) {
      const [, branch] = name.split('__');
      const d = DISCRIMINATED[kind];
      const id = (schemas[kind] as { $id: string }).$id;
      fn = branch && d?.branches[branch] ? ajv.getSchema(`${id}#/$defs/${d.branches[branch]}`) : kind in DISCRIMINATED ? ajv.getSchema(id) : ajv.compile(schemas[kind]);
      if (!fn) throw new Error(`no schema for ${name}`);
      compiled.set(name, fn);
    }
    return fn;
  };
  return (kind: DocumentKind, value: JsonValue): SchemaIssue[] => {
    const validate = get(kind, value);
    if (validate(value)) return [];
    return explainErrors(validate.errors ?? [], value);
  };
}

