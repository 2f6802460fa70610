import type { JsonValue } from '../rules/index';

/**
 * The seam between the loader and JSON Schema validation. In Node (lint, simulate, tests)
 * the format schemas are compiled with Ajv at run time (validate-ajv.ts); in the browser,
 * which runs under a CSP without 'unsafe-eval', the same schemas are precompiled when
 * documents are packed. Either way, the loader's code is the same.
 */
export type DocumentKind = 'product' | 'module' | 'panel' | 'fields' | 'option-sources' | 'service-codes' | 'payload' | 'rules' | 'rule-table' | 'content' | 'commands' | 'scenarios';

export const DOCUMENT_KINDS: readonly DocumentKind[] = [
  'product',
  'module',
  'panel',
  'fields',
  'option-sources',
  'service-codes',
  'payload',
  'rules',
  'rule-table',
  'content',
  'commands',
  'scenarios',
];

/** The kinds a product's pack holds: the browser has validators for these only (no tables or scenarios). */
export const PACKED_KINDS: readonly DocumentKind[] = ['product', 'module', 'panel', 'fields', 'option-sources', 'service-codes', 'payload', 'rules', 'content', 'commands'];

export interface SchemaIssue {
  /** JSON pointer of the offending value. */
  pointer: string;
  message: string;
}

export type FormatValidator = (kind: DocumentKind, value: JsonValue) => SchemaIssue[];

/**
 * Formats whose documents come in kinds told apart by a field: each kind is checked
 * against its own branch, so a typo in a form panel is reported as that, not as a
 * question panel missing its answers.
 */
export const DISCRIMINATED: Partial<Record<DocumentKind, { field: string; branches: Record<string, string> }>> = {
  panel: { field: 'kind', branches: { question: 'QuestionPanel', form: 'FormPanel', review: 'ReviewPanel' } },
};

/** The validator name of a document: its kind, or kind__branch for a discriminated one. */
export function validatorName(kind: DocumentKind, value: JsonValue): string {
  const d = DISCRIMINATED[kind];
  if (d && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const tag = value[d.field];
    if (typeof tag === 'string' && Object.prototype.hasOwnProperty.call(d.branches, tag)) return `${kind}__${tag}`;
  }
  return kind;
}
