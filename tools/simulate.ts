/**
 * npm run simulate -- FILE   (or JSON on stdin)
 *
 * Walks a product's flow with no UI and prints one JSON object:
 * {"product", "visited": [{"module","step","variant"}], "stop": {"kind", "module", "step",
 *  "variant", "milestone", "reasons", "retriage", ...}}. See docs/authoring.md.
 * Options: --through-milestones (press each milestone's first button and go on).
 */
import { readFileSync } from 'node:fs';
import { loadProject } from './lib/project';
import { createFormChecker } from './lib/form-checker';
import { simulate, type SimulateInput } from '../src/engine/simulate';
import { formatDiagnostic, hasErrors } from '../src/engine/diagnostics';

function readInput(args: string[]): string {
  const file = args.find((a) => !a.startsWith('--'));
  if (file && file !== '-') return readFileSync(file, 'utf8');
  return readFileSync(0, 'utf8');
}

const args = process.argv.slice(2);
let input: SimulateInput;
try {
  input = JSON.parse(readInput(args)) as SimulateInput;
} catch (err) {
  console.error(`simulate: the input is not valid JSON: ${(err as Error).message}`);
  process.exit(2);
}
if (typeof input.today !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(input.today)) {
  console.error('simulate: the input needs "today" as yyyy-MM-dd');
  process.exit(2);
}
const docs = loadProject();
if (hasErrors(docs.diagnostics)) {
  for (const d of docs.diagnostics.filter((x) => x.severity === 'error')) console.error(formatDiagnostic(d));
  console.error('simulate: the documents have errors (run npm run lint:content)');
  process.exit(2);
}
const result = simulate(docs, input, { throughMilestones: args.includes('--through-milestones'), checkForm: createFormChecker() });
const { state: _state, ...printed } = result;
console.log(JSON.stringify(printed, null, 2));
