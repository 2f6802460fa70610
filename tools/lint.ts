/**
 * npm run lint:content [-- ROOT] [--format json]
 *
 * Checks the project's documents (flows, panels, rules, content, scenarios): JSON syntax,
 * formats, references, rule operations and variables (the loader), the graph checks of
 * src/engine/analysis.ts, every product's flow, every product-level module override, and each
 * product's pack on its own (src/engine/check.ts checkProject: the build refuses the same).
 * Prints `file:line:col severity message [check-id]` per finding, sorted, then a summary;
 * with `--format json`, a JSON array of the findings instead. Exit 1 on any error.
 * ROOT (default: this project) lets tests lint a copy of the project.
 */
import path from 'node:path';
import { PROJECT_ROOT, lintProject, readProjectSources } from './lib/project';
import { formatDiagnostic, hasErrors, sortDiagnostics, type Diagnostic } from '../src/engine/diagnostics';

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
// The same function the build refuses documents with (tools/vite-plugin-muster.ts).
const findings: Diagnostic[] = sortDiagnostics(lintProject(sources, root).findings);

if (format === 'json') {
  console.log(JSON.stringify(findings, null, 2));
} else {
  for (const d of findings) console.log(formatDiagnostic(d));
  const errors = findings.filter((d) => d.severity === 'error').length;
  const warnings = findings.length - errors;
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  console.log(`lint: ${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(sources.length, 'document')}`);
}
process.exit(hasErrors(findings) ? 1 : 0);
