/**
 * npm run pack: precompiles the browser's validators into src/generated/ (format schemas
 * and form panels), and with --out DIR writes each product's document pack
 * (DIR/packs/<product>.json). The Vite plugin (tools/vite-plugin-muster.ts) runs the same
 * code on `npm start` and `npm run build`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatDiagnostic, hasErrors } from '../src/engine/diagnostics';
import { buildPack } from '../src/engine/pack';
import { loadProject, readProjectSources } from './lib/project';
import { generateFormatValidators, generatePanelValidators, generateStateContract } from './lib/generate';

const sources = readProjectSources();
const docs = loadProject(sources);
if (hasErrors(docs.diagnostics)) {
  for (const d of docs.diagnostics.filter((x) => x.severity === 'error')) console.error(formatDiagnostic(d));
  console.error('pack: the documents have errors (run npm run lint:content)');
  process.exit(1);
}
generateFormatValidators();
generateStateContract();
generatePanelValidators(docs);
const outIndex = process.argv.indexOf('--out');
if (outIndex > 0 && process.argv[outIndex + 1]) {
  const out = path.resolve(process.argv[outIndex + 1] as string, 'packs');
  mkdirSync(out, { recursive: true });
  for (const doc of docs.products.values()) {
    if (doc.value.abstract) continue;
    writeFileSync(path.join(out, `${doc.value.id}.json`), JSON.stringify(buildPack(docs, sources, doc.value.id)));
  }
}
console.log('pack: validators generated in src/generated');
