/**
 * The seam between the loader and JSON Schema validation. In Node (lint, simulate, tests)
 * the format schemas are compiled with Ajv at run time (validate-ajv.ts); in the browser,
 * which runs under a CSP without 'unsafe-eval', the same schemas are precompiled when
 * documents are packed. Either way, the loader's code is the same.
 */
import type { JsonValue } from '../rules/index';

export type DocumentKind = 'product' | 'module' | 'panel' | 'rules' | 'rule-table' | 'content' | 'commands' | 'scenarios';

export const DOCUMENT_KINDS: readonly DocumentKind[] = [
  'product',
  'module',
  'panel',
  'rules',
  'rule-table',
  'content',
  'commands',
  'scenarios',
];

export interface SchemaIssue {
  /** JSON pointer of the offending value. */
  pointer: string;
  message: string;
}

export type FormatValidator = (kind: DocumentKind, value: JsonValue) => SchemaIssue[];
