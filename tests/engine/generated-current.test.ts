/** Generated artefacts must match their sources (issue 2: types and schemas must not drift). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes, GENERATED_TYPES } from '../../tools/gen-types';
import { renderStateDoc, STATE_DOC } from '../../tools/docs-state';
import { readJson } from '../../tools/lib/project';

describe('generated files are current', () => {
  it('src/engine/formats.generated.ts matches schemas/formats (run npm run gen:types)', async () => {
    expect(readFileSync(GENERATED_TYPES, 'utf8')).toBe(await generateTypes());
  });
  it('docs/state.md matches schemas/state.schema.json (run npm run docs:state)', () => {
    expect(readFileSync(STATE_DOC, 'utf8')).toBe(renderStateDoc(readJson('schemas/state.schema.json') as Record<string, unknown>));
  });
});
