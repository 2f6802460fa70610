/**
 * npm run lint:content [-- ROOT] [--format json]
 *
 * Checks the project's documents (flows, panels, rules, content, scenarios): JSON syntax,
 * formats, references, rule operations and variables (the loader), the graph checks of
 * src/engine/analysis.ts, every product's flow, and every product-level module override.
 * Prints `file:line:col severity message [check-id]` per finding, sorted, then a summary;
 * with `--format json`, a JSON array of the findings instead. Exit 1 on any error.
 * ROOT (default: this project) lets tests lint a copy of the project.
 */
import path from 'node:path';
import { PROJECT_ROOT, loadProject, readFormatSchemas, readProjectSources } from './lib/project';
import { analyzeDocuments, analyzeOverrides } from '../src/engine/analysis';
import { formatDiagnostic, hasErrors, sortDiagnostics, type Diagnostic } from '../src/engine/diagnostics';
import { DEFAULT_SEQUENCE, resolveFlow } from '../src/engine/flow';
import { createAjvFormatValidator } from '../src/engine/validate-ajv';

function usage(message: string): never {
  console.error(`lint: ${message}`);
  console.error('usage: npm run lint:content [-- ROOT] [--format text|json]');
  process.exit(2);
}

const args = process.argv.slice(2);
let format = 'text';
let root = PROJECT_ROOT;
for (let i = 0; i < args.length; i++) {
  const a = args[i] as string;
  if (a === '--format') format = args[++i] ?? usage('--format needs a value');
  else if (a.startsWith('--format=')) format = a.slice('--format='.length);
  else if (a === '--json') format = 'json';
  else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else root = path.resolve(a);
}
if (format !== 'text' && format !== 'json') usage(`unknown format "${format}"`);

const sources = readProjectSources(root);
const docs = loadProject(sources, root);
const findings: Diagnostic[] = [...docs.diagnostics, ...analyzeDocuments(docs)];

// Every product's flow (each of its sequences), and every product-level module override.
for (const [id, doc] of docs.products) {
  if (doc.value.abstract === true) continue;
  const sequences = [DEFAULT_SEQUENCE, ...Object.keys(doc.value.sequences ?? {})];
  for (const sequence of sequences) {
    try {
      findings.push(...resolveFlow(docs, id, sequence).diagnostics);
    } catch (err) {
      findings.push({ file: doc.file, pointer: '', line: 1, col: 1, severity: 'error', message: `the flow of ${id} cannot be resolved: ${err instanceof Error ? err.message : String(err)}`, check: 'flow' });
    }
  }
}
findings.push(...analyzeOverrides(docs, createAjvFormatValidator(readFormatSchemas(root))));

// The same finding reached twice (e.g. two sequences of one product) is printed once.
const seen = new Set<string>();
const unique = sortDiagnostics(findings).filter((d) => {
  const key = formatDiagnostic(d);
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
});

if (format === 'json') {
  console.log(JSON.stringify(unique, null, 2));
} else {
  for (const d of unique) console.log(formatDiagnostic(d));
  const errors = unique.filter((d) => d.severity === 'error').length;
  const warnings = unique.length - errors;
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  console.log(`lint: ${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(sources.length, 'document')}`);
}
process.exit(hasErrors(unique) ? 1 : 0);
