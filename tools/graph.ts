/**
 * npm run graph -- [PRODUCT...] [--sequence ID] [--stdout] [--check]
 *
 * Writes a Mermaid flowchart of each product's flow to docs/flows/<product>.md (with a
 * sequence other than the default: docs/flows/<product>.<sequence>.md) and prints the path.
 * Without a product, every product that is not abstract.
 *   --stdout  print the page instead of writing it
 *   --check   write nothing; exit 1 if a committed page differs from what would be generated
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT, loadProject } from './lib/project';
import { DEFAULT_SEQUENCE, resolveFlow } from '../src/engine/flow';
import { formatDiagnostic } from '../src/engine/diagnostics';
import { renderFlowPage } from '../src/engine/graph';

function usage(message: string): never {
  console.error(`graph: ${message}`);
  console.error('usage: npm run graph -- [PRODUCT...] [--sequence ID] [--stdout] [--check]');
  process.exit(2);
}

const args = process.argv.slice(2);
let toStdout = false;
let check = false;
let sequence = DEFAULT_SEQUENCE;
const products: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i] as string;
  if (a === '--stdout') toStdout = true;
  else if (a === '--check') check = true;
  else if (a === '--sequence') sequence = args[++i] ?? usage('--sequence needs a value');
  else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else products.push(a);
}

/** The page's path, relative to the project root. */
export function pagePath(product: string, sequenceId: string): string {
  return `docs/flows/${product}${sequenceId === DEFAULT_SEQUENCE ? '' : `.${sequenceId}`}.md`;
}

const docs = loadProject();
const wanted = products.length > 0 ? products : [...docs.products.values()].filter((d) => d.value.abstract !== true).map((d) => d.value.id).sort();
let failed = false;
for (const product of wanted) {
  const doc = docs.products.get(product);
  if (!doc) usage(`no product "${product}" (products: ${[...docs.products.keys()].sort().join(', ')})`);
  if (doc.value.abstract === true) usage(`product "${product}" is abstract: it has no flow of its own`);
  if (sequence !== DEFAULT_SEQUENCE && !doc.value.sequences?.[sequence]) usage(`product "${product}" has no module sequence "${sequence}"`);
  const { flow, diagnostics } = resolveFlow(docs, product, sequence);
  if (!flow) {
    for (const d of diagnostics) console.error(formatDiagnostic(d));
    failed = true;
    continue;
  }
  const page = renderFlowPage(flow);
  const file = pagePath(product, sequence);
  const full = path.join(PROJECT_ROOT, file);
  if (toStdout) {
    process.stdout.write(page);
  } else if (check) {
    const current = existsSync(full) ? readFileSync(full, 'utf8') : undefined;
    if (current !== page) {
      console.error(`${file} is ${current === undefined ? 'missing' : 'out of date'}: run npm run graph -- ${product}${sequence === DEFAULT_SEQUENCE ? '' : ` --sequence ${sequence}`}`);
      failed = true;
    } else {
      console.log(`${file} is current`);
    }
  } else {
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, page);
    console.log(file);
  }
}
process.exit(failed ? 1 : 0);
