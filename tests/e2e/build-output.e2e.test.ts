/**
 * The production build's shape that issue 4's budgets rest on (read from dist/, which the e2e
 * run builds first): the first screen is one script and no stylesheet request (its styles are
 * in index.html). Rolldown can split a
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

  it("the first screen's styles are one <style> in index.html, minified, and not in the script (issue 11)", () => {
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] as string);
    expect(styles).toHaveLength(1);
    const css = styles[0] as string;
    // app.css, template.css, screens.css, then form, widgets and options, in that order (vite.config.ts FIRST_SCREEN_STYLES), minified.
    expect(css.indexOf('box-sizing:border-box')).toBeGreaterThanOrEqual(0);
    expect(css.indexOf('.mu-skip')).toBeGreaterThan(css.indexOf('box-sizing:border-box'));
    expect(css.indexOf('--mu-text:')).toBeGreaterThan(css.indexOf('.mu-skip'));
    expect(css).toContain('-webkit-text-size-adjust:100%');
    expect(css).toContain('-moz-text-size-adjust:100%'); // added for the build's targets, as Vite's own CSS pipeline does
    // form.css, widgets.css, options.css: a form's first paint and its controls.
    expect(css.indexOf('.mu-options__status')).toBeGreaterThan(css.indexOf('.mu-radios'));
    expect(css).not.toMatch(/\n\s|\/\*/);
    const entry = readFileSync(path.join(dist, (scripts[0] as string).replace('/join/get-started/', '')), 'utf8');
    expect(entry).not.toContain('--mu-text:');
    expect(entry).not.toContain('.mu-skip{');
  });

  it('the entry chunk imports no other chunk statically (the lazy chunks come by import())', () => {
    const entry = readFileSync(path.join(dist, (scripts[0] as string).replace('/join/get-started/', '')), 'utf8');
    const staticImports = [...entry.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["'](\.[^"']+)["']/g)].map((m) => m[1]);
    expect(staticImports).toEqual([]);
  });
});
