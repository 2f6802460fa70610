/**
 * Vite plugin: serves each product's document pack in development (fresh on every request,
 * so an author's edit shows on reload), emits the packs into the build, and regenerates the
 * precompiled validators when a format or panel schema changes. Documents with errors fail
 * the build with their file:line:col findings: exactly what `npm run lint:content` exits 1 on
 * (src/engine/check.ts checkProject, through tools/lib/project.ts lintProject).
 */
import type { Plugin } from 'vite';
import { formatDiagnostic, hasErrors } from '../src/engine/diagnostics';
import { buildPack } from '../src/engine/pack';
import { PROJECT_ROOT, lintProject, loadProject, readProjectSources } from './lib/project';
import { generateFormatValidators, generatePanelValidators, generateStateContract } from './lib/generate';

export interface MusterDocumentsOptions {
  /** The project whose documents are served and packed (tests point it at a copy). */
  root?: string;
}

export function musterDocuments(options: MusterDocumentsOptions = {}): Plugin {
  const root = options.root ?? PROJECT_ROOT;
  const loadChecked = (): { docs: ReturnType<typeof loadProject>; sources: ReturnType<typeof readProjectSources> } => {
    const sources = readProjectSources(root);
    return { docs: loadProject(sources, root), sources };
  };
  let base = '/';
  let isBuild = false;
  return {
    name: 'muster-documents',
    configResolved(config) {
      base = config.base;
      isBuild = config.command === 'build';
    },
    buildStart() {
      // What lint:content exits 1 on, the build refuses: the same function (src/engine/check.ts).
      const { docs, findings } = lintProject(readProjectSources(root), root);
      if (hasErrors(findings)) {
        const lines = findings.filter((d) => d.severity === 'error').map(formatDiagnostic);
        // A build refuses broken documents; the dev server says so and keeps serving (the
        // app then shows the trap and logs the findings), so an author loses nothing.
        if (isBuild) this.error(`the documents have errors (npm run lint:content lists them too):\n${lines.join('\n')}`);
        this.warn(`the documents have errors (run npm run lint:content):\n${lines.join('\n')}`);
      }
      // Validators are generated from documents that load (graph findings do not stop that in development).
      if (hasErrors(docs.diagnostics)) return;
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
