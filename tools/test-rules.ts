/**
 * npm run test:rules
 *
 * Runs every rule test table (rules/*.table.json) and every scenario table
 * (tests/scenarios/*.json), prints each failing row with expected and actual values, and
 * reports edge coverage: the share of module edges the scenarios exercise, with the list
 * of those they don't. Exit 1 on any failure.
 * Options: --module NAME (coverage of one module only), --min-coverage PCT (fail below it).
 */
import { configDestinations, loadProject, projectSponsorRequest } from './lib/project';
import { createFormChecker } from './lib/form-checker';
import { allEdges, runRuleTables, runScenarios } from '../src/engine/rule-tables';
import { edgeKey } from '../src/engine/flow';
import { formatDiagnostic, hasErrors } from '../src/engine/diagnostics';
import { positionOf } from '../src/engine/json-source';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const onlyModule = option('--module');
const minCoverage = option('--min-coverage');

const docs = loadProject();
if (hasErrors(docs.diagnostics)) {
  for (const d of docs.diagnostics.filter((x) => x.severity === 'error')) console.error(formatDiagnostic(d));
  console.error('test:rules: the documents have errors (run npm run lint:content)');
  process.exit(1);
}

const tables = runRuleTables(docs);
for (const f of tables.failures) {
  const doc = docs.files.get(f.file);
  const pos = doc ? positionOf(doc.parsed, `/tables/${f.table}/rows/${f.row}`) : { line: 1, col: 1 };
  console.log(`FAIL ${f.file}:${pos.line}:${pos.col} ${f.rule}`);
  console.log(`     inputs   ${JSON.stringify(f.inputs)}`);
  console.log(`     expected ${JSON.stringify(f.expected)}`);
  console.log(`     actual   ${JSON.stringify(f.actual)}`);
}

const covered = new Set<string>();
const sponsorRequest = projectSponsorRequest();
const scenarios = runScenarios(docs, createFormChecker(), (ref) => covered.add(edgeKey(ref)), { destinations: configDestinations(), ...(sponsorRequest ? { sponsorRequest } : {}) });
for (const f of scenarios.failures) {
  console.log(`FAIL ${f.file} scenario ${f.id} (${f.requirements.join(', ')})`);
  for (const m of f.mismatches) console.log(`     ${m}`);
  console.log(`     stopped at ${JSON.stringify({ ...f.actual, visited: undefined })}`);
}

const edges = [...allEdges(docs)].filter(([key]) => !onlyModule || key.startsWith(`${onlyModule}:`));
const missed = edges.filter(([key]) => !covered.has(key));
const share = edges.length === 0 ? 1 : (edges.length - missed.length) / edges.length;
console.log('');
console.log(`edge coverage${onlyModule ? ` (${onlyModule})` : ''}: ${edges.length - missed.length}/${edges.length} = ${(share * 100).toFixed(1)}%`);
for (const [key, where] of missed) {
  const doc = docs.files.get(where.file);
  const pos = doc ? positionOf(doc.parsed, where.pointer) : { line: 1, col: 1 };
  console.log(`  not exercised: ${where.file}:${pos.line}:${pos.col} ${key}`);
}
const failed = tables.failures.length + scenarios.failures.length;
console.log(`${tables.rows + scenarios.count - failed} passed, ${failed} failed`);
if (minCoverage !== undefined && share * 100 < Number(minCoverage)) {
  console.log(`test:rules: edge coverage ${(share * 100).toFixed(1)}% is below --min-coverage ${minCoverage}%`);
  process.exit(1);
}
process.exit(failed > 0 ? 1 : 0);
