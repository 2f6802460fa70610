/**
 * tools/vite-plugin-inline-runtime.ts on a bundle made by hand: Rolldown's helpers folded into the
 * entry and into the chunk a form's first paint loads (`form-first`, issue 11), so neither makes
 * the runtime chunk one more request; and the build refused, saying what to do, when either
 * imports another chunk (a first-paint module left out of vite.config.ts FORM_FIRST).
 */
import { describe, expect, it } from 'vitest';
import { inlineRuntimeIntoEntry } from '../../tools/vite-plugin-inline-runtime';

type Chunk = { type: 'chunk'; fileName: string; name: string; isEntry: boolean; code: string; imports: string[]; map: null };

const RUNTIME = 'assets/rolldown-runtime-X1.js';
function chunk(fileName: string, name: string, isEntry: boolean, code: string, imports: string[]): Chunk {
  return { type: 'chunk', fileName, name, isEntry, code, imports, map: null };
}
function bundleWith(formFirstImports: string[]): Record<string, Chunk> {
  const runtime = chunk(RUNTIME, 'rolldown-runtime', false, 'var a=(e)=>e,t=1;export{a as a,t as t};', []);
  const entry = chunk('assets/index-E1.js', 'index', true, 'import{a as e}from"./rolldown-runtime-X1.js";e(1);', [RUNTIME]);
  const first = chunk('assets/form-first-F1.js', 'form-first', false, 'import{a as e,t as n}from"./rolldown-runtime-X1.js";import{x}from"./index-E1.js";e(n);', [RUNTIME, 'assets/index-E1.js', ...formFirstImports]);
  const other = chunk('assets/FormStep-S1.js', 'FormStep', false, 'import{a as e}from"./rolldown-runtime-X1.js";e(2);', [RUNTIME]);
  return Object.fromEntries([runtime, entry, first, other].map((c) => [c.fileName, c]));
}
function run(bundle: Record<string, Chunk>): void {
  const plugin = inlineRuntimeIntoEntry(['form-first']);
  const hook = plugin.generateBundle as { handler: (this: { error: (m: string) => never }, o: unknown, b: unknown) => void };
  hook.handler.call(
    {
      error: (m: string) => {
        throw new Error(m);
      },
    },
    {},
    bundle,
  );
}

describe('the runtime folded into the chunks a first screen loads', () => {
  it('gives the entry and form-first their own copy of the helpers; other chunks keep importing the runtime', () => {
    const bundle = bundleWith([]);
    run(bundle);
    for (const name of ['assets/index-E1.js', 'assets/form-first-F1.js']) {
      const c = bundle[name] as Chunk;
      expect(c.imports, name).not.toContain(RUNTIME);
      expect(c.code, name).not.toContain('rolldown-runtime-X1.js');
      expect(c.code.split('\n')[0], name).toMatch(/^const\{/);
    }
    expect((bundle['assets/FormStep-S1.js'] as Chunk).imports).toContain(RUNTIME);
  });

  it('keeps in each copy only the helpers that chunk takes (the copy is minified once more), under the names it uses', () => {
    const bundle = bundleWith([]);
    run(bundle);
    const entryHelpers = (bundle['assets/index-E1.js'] as Chunk).code.split('\n')[0] as string;
    const firstHelpers = (bundle['assets/form-first-F1.js'] as Chunk).code.split('\n')[0] as string;
    // The entry takes `a` only: the runtime's `t` (1) is left out; form-first takes both.
    expect(entryHelpers).toMatch(/^const\{a:e\}=/);
    expect(entryHelpers).not.toMatch(/\b1\b/);
    expect(firstHelpers).toMatch(/^const\{a:e,t:n\}=/);
    expect(firstHelpers).toMatch(/\b1\b/);
  });

  it('refuses a form-first chunk that imports another chunk, naming it and what to do', () => {
    expect(() => run(bundleWith(['assets/field-refs-Z1.js']))).toThrow(/form-first-F1\.js, which a first screen loads, imports assets\/field-refs-Z1\.js: keep its modules in one chunk \(vite\.config\.ts FORM_FIRST\)/);
  });
});
