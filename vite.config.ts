import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { musterDocuments } from './tools/vite-plugin-muster';
import { inlineRuntimeIntoEntry } from './tools/vite-plugin-inline-runtime';
import { oidcSandbox } from './tools/vite-plugin-oidc-sandbox';
import { pureReactRouter } from './tools/vite-plugin-pure-react-router';

// The app is served under /join/get-started/ (ROUTE-01). One build runs in every
// environment: the environment, service URLs and the sandbox switch come from the
// runtime config.json served beside index.html, not from build-time variables.
export default defineConfig({
  base: '/join/get-started/',
  plugins: [react(), musterDocuments(), inlineRuntimeIntoEntry(), oidcSandbox(), pureReactRouter()],
  // rjsf's Markdown rendering is for UI schemas that ask for it; Muster's never do (plain-markdown.tsx).
  resolve: { alias: { 'markdown-to-jsx/react': fileURLToPath(new URL('./src/ui/screens/form/plain-markdown.tsx', import.meta.url)) } },
  // The first screen is one script: no modulepreload polyfill (every supported browser has
  // modulepreload), and Rolldown's runtime chunk folded into the entry.
  build: { outDir: 'dist', sourcemap: true, modulePreload: { polyfill: false } },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
});
