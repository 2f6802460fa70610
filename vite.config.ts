import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { musterDocuments } from './tools/vite-plugin-muster';
import { inlineRuntimeIntoEntry } from './tools/vite-plugin-inline-runtime';
import { oidcSandbox } from './tools/vite-plugin-oidc-sandbox';
import { pureReactRouter } from './tools/vite-plugin-pure-react-router';
import { firstScreenStyles } from './tools/vite-plugin-first-styles';
import { handOffPages } from './tools/vite-plugin-hand-off-pages';

/**
 * The styles of every kind of first screen (the page and template; a question or milestone; a
 * form's first paint and its controls), in cascade order: in index.html, not in the first
 * screen's script (tools/vite-plugin-first-styles.ts). What no first screen shows (the full
 * form's extras, the review, dialogs) keeps its styles in its own chunk.
 */
const FIRST_SCREEN_STYLES = ['app', 'template', 'screens', 'form', 'widgets', 'options'].map((name) => (name === 'template' ? 'src/ui/template/template.css' : `src/ui/styles/${name}.css`));

/**
 * The modules of the form's first paint that the entry does not already hold (src/app/FirstFormStep.tsx
 * and what it imports, the progress bar): one chunk. `npm run bench -- --products` shows a first
 * form screen's requests; a module missing here shows as an extra one.
 */
const FORM_FIRST = new RegExp(
  [
    'src/app/(FirstFormStep\\.tsx|form-suppressed\\.ts)',
    'src/ui/screens/form/(FirstForm|FormFrame|options-view|radios-view)\\.tsx',
    'src/ui/screens/form/(attributes|options-keys|dates|field-order)\\.ts',
    'src/ui/template/ProgressBar\\.tsx',
    'src/engine/(field-refs|form-suppress)\\.ts',
  ].join('|'),
);

/**
 * The lazy chunks a first screen loads (the form's first paint): each
 * carries its own copy of Rolldown's helpers (inlineRuntimeIntoEntry), so importing one must
 * not preload the runtime chunk as one more request.
 */
const FIRST_SCREEN_CHUNKS = ['form-first'];
const FIRST_SCREEN_CHUNK_FILE = new RegExp(`(^|/)(${FIRST_SCREEN_CHUNKS.join('|')})-[^/]*\\.js$`);

// The app is served under /join/get-started/ (ROUTE-01). One build runs in every
// environment: the environment, service URLs and the sandbox switch come from the
// runtime config.json served beside index.html, not from build-time variables.
export default defineConfig({
  base: '/join/get-started/',
  plugins: [react(), musterDocuments(), inlineRuntimeIntoEntry(FIRST_SCREEN_CHUNKS), oidcSandbox(), handOffPages(), pureReactRouter(), firstScreenStyles(FIRST_SCREEN_STYLES)],
  // rjsf's Markdown rendering is for UI schemas that ask for it; Muster's never do (plain-markdown.tsx).
  resolve: { alias: { 'markdown-to-jsx/react': fileURLToPath(new URL('./src/ui/screens/form/plain-markdown.tsx', import.meta.url)) } },
  // The first screen is one script: no modulepreload polyfill (every supported browser has
  // modulepreload), and Rolldown's runtime chunk folded into the entry.
  build: {
    outDir: 'dist',
    sourcemap: true,
    modulePreload: {
      polyfill: false,
      resolveDependencies: (url, deps) => (FIRST_SCREEN_CHUNK_FILE.test(url) ? deps.filter((d) => !/(^|\/)rolldown-runtime-[^/]*\.js$/.test(d)) : deps),
    },
    // A product that opens on a form (the quote flows) shows the form's first paint: one chunk
    // with what it draws with (FirstFormStep.tsx and its imports, shared with the full form) and
    // the progress bar it shows, not the several small chunks Rolldown would split them into.
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'form-first', test: FORM_FIRST }],
        },
      },
    },
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
});
