/**
 * tools/vite-plugin-first-styles.ts (issue 11): the first screens' stylesheets as one `<style>`
 * in index.html, in the order given, minified for the build's CSS targets the way Vite
 * converts them; the sources as they are in development. The built page is checked by
 * tests/e2e/build-output (the element) and tests/e2e/hosting (its CSP hash, in Chromium).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResolvedConfig } from 'vite';
import { cssTargets, firstScreenStyles } from '../../tools/vite-plugin-first-styles';

function htmlTags(command: 'build' | 'serve', files: string[], root: string, cssTarget: string[] = ['chrome111', 'edge111', 'firefox114', 'safari16.4']): { tag: string; children: string; injectTo: string }[] {
  const plugin = firstScreenStyles(files);
  (plugin.configResolved as (c: ResolvedConfig) => void)({ root, command, build: { cssTarget } } as unknown as ResolvedConfig);
  return (plugin.transformIndexHtml as () => { tag: string; children: string; injectTo: string }[])();
}

describe('the first screens’ styles in index.html', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'first-styles-'));
  writeFileSync(path.join(root, 'a.css'), '/* the page */\nhtml {\n  text-size-adjust: 100%;\n}\n');
  writeFileSync(path.join(root, 'b.css'), '.b {\n  color: #ff0000;\n}\n');

  it('converts Vite’s CSS targets as Vite does (major << 16 | minor << 8)', () => {
    expect(cssTargets(['chrome111', 'edge111', 'firefox114', 'safari16.4'])).toEqual({ chrome: 111 << 16, edge: 111 << 16, firefox: 114 << 16, safari: (16 << 16) | (4 << 8) });
    expect(cssTargets(['chrome111', 'chrome100'])).toEqual({ chrome: 100 << 16 });
    expect(cssTargets('esnext')).toBeUndefined();
    expect(cssTargets(false)).toBeUndefined();
    expect(() => cssTargets(['es2020'])).toThrow(/unsupported CSS target "es2020" \(use browser\+version, e\.g\. chrome111\)/);
  });

  it('builds one <style> in the head: the files in order, minified, with the prefixes the targets need', () => {
    const tags = htmlTags('build', ['a.css', 'b.css'], root);
    expect(tags).toHaveLength(1);
    const [style] = tags;
    expect(style?.tag).toBe('style');
    expect(style?.injectTo).toBe('head');
    expect(style?.children).toBe('html{-moz-text-size-adjust:100%;text-size-adjust:100%}.b{color:red}');
  });

  it('serves the sources as they are in development', () => {
    const [style] = htmlTags('serve', ['a.css', 'b.css'], root);
    expect(style?.children).toContain('/* the page */');
    expect(style?.children.indexOf('html {')).toBeLessThan(style?.children.indexOf('.b {') ?? -1);
  });
});
