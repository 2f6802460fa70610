/** Every example in docs/formats.md must pass its format schema (the docs cannot rot). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAjvFormatValidator } from '../../src/engine/validate-ajv';
import type { DocumentKind } from '../../src/engine/format-validator';
import { PROJECT_ROOT, readFormatSchemas } from '../../tools/lib/project';
import type { JsonValue } from '../../src/rules/index';

const text = readFileSync(path.join(PROJECT_ROOT, 'docs/formats.md'), 'utf8');
const examples = [...text.matchAll(/<!-- example: ([a-z-]+) -->\s*```json\n([\s\S]*?)```/g)].map((m) => ({ kind: m[1] as DocumentKind, json: m[2] ?? '' }));
const validate = createAjvFormatValidator(readFormatSchemas());

describe('docs/formats.md examples', () => {
  it('has an example for every format', () => {
    expect(new Set(examples.map((e) => e.kind))).toEqual(new Set(['product', 'module', 'commands', 'service-codes', 'payload', 'panel', 'rules', 'rule-table', 'content', 'scenarios']));
  });
  for (const [i, example] of examples.entries()) {
    it(`example ${i + 1} (${example.kind}) is valid`, () => {
      expect(validate(example.kind, JSON.parse(example.json) as JsonValue)).toEqual([]);
    });
  }
});
