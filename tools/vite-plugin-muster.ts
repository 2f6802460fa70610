/**
 * Vite plugin: serves each product's document pack in development (fresh on every request,
 * so an author's edit shows on reload), emits the packs into the build, and regenerates the
 * precompiled validators when a format or panel schema changes. A document with errors
 * fails the build with its file:line:col findings.
 */
import type { Plugin } from 'vite';
import { formatDiagnostic, hasErrors } from '../src/engine/diagnostics';
import { buildPack } from '../src/engine/pack';
import { loadProject, readProjectSources } from './lib/project';
import { generateFormatValidators, generatePanelValidators, generateStateContract } from './lib/generate';

function loadChecked(): { docs: ReturnType<typeof loadProject>; sources: ReturnType<typeof readProjectSources> } {
  const sources = readProjectSources();
  const docs = loadProject(sources);
  return { docs, sources };
}

export function musterDocuments(): Plugin {
  let base = '/';
  let isBuild = false;
  return {
    name: 'muster-documents',
    configResolved(config) {
      base = config.base;
      isBuild = config.command === 'build';
    },
    buildStart() {
      const { docs } = loadChecked();
      if (hasErrors(docs.diagnostics)) {
        const lines = docs.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
        // A build refuses broken documents; the dev server says so and keeps serving (the
        // app then shows the trap and logs the findings), so an author loses nothing.
        if (isBuild) this.error(`the documents have errors:\n${lines.join('\n')}`);
        this.warn(`the documents have errors (run npm run lint:content):\n${lines.join('\n')}`);
        return;
      }
      generateFormatValidators();
      generateStateContract();
      generatePanelValidators(docs);
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (/schemas[\\/](formats|panels)[\\/]|state\.schema\.json$/.test(file)) {
          const { docs } = loadChecked();
          if (!hasErrors(docs.diagnostics)) {
            generateFormatValidators();
            generateStateContract();
            generatePanelValidators(docs);
          }
        }
      });
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        const m = new RegExp(`^${base.replace(/\//g, '\\/')}packs\\/([A-Za-z0-9-]+)\\.json`).exec(url);
        if (!m || !m[1]) return next();
        const { docs, sources } = loadChecked();
        res.setHeader('Content-Type', 'application/json');
        if (!docs.products.has(m[1])) {
          res.statusCode = 404;
          res.end(JSON.stringify({ error: `no product ${m[1]}` }));
          return;
        }
        // Errors are not hidden here: the runtime loader finds them again and shows the trap.
        res.end(JSON.stringify(buildPack(docs, sources, m[1])));
      });
    },
    generateBundle() {
      const { docs, sources } = loadChecked();
      for (const doc of docs.products.values()) {
        if (doc.value.abstract) continue;
        this.emitFile({ type: 'asset', fileName: `packs/${doc.value.id}.json`, source: JSON.stringify(buildPack(docs, sources, doc.value.id)) });
      }
    },
  };
}
