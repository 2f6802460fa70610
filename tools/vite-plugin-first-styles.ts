/**
 * The first screens' stylesheets as one `<style>` element in index.html (issue 11): the page's
 * base and template (every screen, the blocking pages too), the question and milestone screens,
 * and a form's first paint with its controls (vite.config.ts FIRST_SCREEN_STYLES). They used to
 * travel in the first screen's script as JS strings (`?inline`, src/ui/styles/adopt.ts): 3.9 KiB
 * of it (gzip), parsed as script, applied only once the script had run. In index.html they apply
 * as the page arrives, and ask for no request of their own. The styles of what no first screen
 * shows (the full form's extras, the review, dialogs) still load with their chunks as
 * constructable sheets.
 *
 * The strict CSP allows this one element by its hash (`style-src 'self' 'sha256-…'`), as it
 * allows the inline script that starts the first requests (tools/serve.ts `withInlineHashes`,
 * README "Hosting"). The build minifies it with Lightning CSS for the build's CSS targets, as
 * Vite minifies the `?inline` sheets (vendor prefixes included); the dev server serves the
 * sources as they are and reloads the page when one changes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transform, type Targets } from 'lightningcss';
import type { Plugin } from 'vite';

/** Lightning CSS's browser names for the target names Vite's `build.cssTarget` uses. */
const BROWSERS: Record<string, keyof Targets> = { chrome: 'chrome', edge: 'edge', firefox: 'firefox', safari: 'safari', ios: 'ios_saf', opera: 'opera' };

/** `['chrome111', 'safari16.4']` → Lightning CSS targets (`major << 16 | minor << 8`), as Vite converts them. */
export function cssTargets(target: string | string[] | false): Targets | undefined {
  if (target === false) return undefined;
  const targets: Targets = {};
  for (const entry of Array.isArray(target) ? target : [target]) {
    if (entry === 'esnext') continue;
    const m = /^([a-z]+)(\d+)(?:\.(\d+))?$/.exec(entry);
    const browser = m ? BROWSERS[m[1] ?? ''] : undefined;
    if (!m || !browser) throw new Error(`first-screen styles: unsupported CSS target "${entry}" (use browser+version, e.g. chrome111)`);
    const version = (Number(m[2]) << 16) | (Number(m[3] ?? 0) << 8);
    const known = targets[browser];
    if (known === undefined || version < known) targets[browser] = version;
  }
  return Object.keys(targets).length > 0 ? targets : undefined;
}

/** `files`: paths from the project root, in cascade order. */
export function firstScreenStyles(files: readonly string[]): Plugin {
  let root = process.cwd();
  let isBuild = false;
  let target: string | string[] | false = false;
  const absolute = (): string[] => files.map((f) => path.resolve(root, f));
  return {
    name: 'muster-first-screen-styles',
    configResolved(config) {
      root = config.root;
      isBuild = config.command === 'build';
      target = config.build.cssTarget;
    },
    transformIndexHtml() {
      const css = absolute()
        .map((f) => readFileSync(f, 'utf8'))
        .join('\n');
      const children = isBuild ? new TextDecoder().decode(transform({ filename: 'first-screen.css', code: Buffer.from(css), minify: true, targets: cssTargets(target) }).code).trim() : css;
      return [{ tag: 'style', children, injectTo: 'head' }];
    },
    handleHotUpdate({ file, server }) {
      if (!absolute().includes(path.resolve(file))) return;
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
