/**
 * The production build's shape that issue 4's budgets rest on (read from dist/, which the e2e
 * run builds first): the first screen is one script and no stylesheet. Rolldown can split a
 * module shared by the entry and a lazy chunk into a chunk of its own (rolldown#10731); this
 * test fails when that happens, so the extra request is seen at once, not in a later bench.
 * The sizes themselves are `npm run bench`'s to print (no timed or sized assertions here).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../tools/lib/project';

const dist = path.join(PROJECT_ROOT, 'dist');

describe('the build loads the first screen in one script', () => {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1] as string);

  it('index.html has one module script, no stylesheet and no preloaded chunk', () => {
    expect(scripts).toHaveLength(1);
    expect(html).not.toMatch(/rel="stylesheet"/);
    expect(html).not.toMatch(/rel="modulepreload"/);
    expect(readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.css'))).toEqual([]);
  });

  it('the entry chunk imports no other chunk statically (the lazy chunks come by import())', () => {
    const entry = readFileSync(path.join(dist, (scripts[0] as string).replace('/join/get-started/', '')), 'utf8');
    const staticImports = [...entry.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["'](\.[^"']+)["']/g)].map((m) => m[1]);
    expect(staticImports).toEqual([]);
  });
});
