/**
 * npm run simulate -- [--through-milestones] [--batch] [FILE]   (FILE or `-`: stdin)
 *
 * Walks a product's flow with no UI and prints one JSON object:
 * {"product", "visited": [{"module","step","variant"}], "stop": {"kind", "module", "step",
 *  "variant", "milestone", "reasons", "retriage", ...}}. A form panel's answers are validated
 * as the form validates them (normalize, the JSON Schema with rjsf's Ajv, the panel's checks):
 * an invalid answer stops the walk there with "errors": [{"field", "message"}]. A command's
 * response may be an outcome or the service's answer {"status", "body"}; the stop carries
 * "statuses" (the lifecycle statuses sent) and "payload" (the last one); a walk that leaves the app
 * stops with "destination", the URL (config.json `destinations` for a named page). See docs/authoring.md.
 *
 * Options: --through-milestones (press each milestone's first button and go on);
 * --batch: the input holds one JSON input per line, and one result per line is printed, in
 * order, each with "line" (the input's line number); a line that cannot be walked gives
 * {"line", "error"} and the batch goes on. The documents load once, so thousands of walks run
 * in one process.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { configDestinations, loadProject, projectJoinStartUrl, projectSponsorRequest } from './lib/project';
import { createFormChecker } from './lib/form-checker';
import { simulate, type SimulateInput, type SimulateOptions } from '../src/engine/simulate';
import { formatDiagnostic, hasErrors } from '../src/engine/diagnostics';
import type { DocumentSet } from '../src/engine/loader';

/** An input that cannot be walked: the message says what to fix. */
class InputError extends Error {}

function parseInput(text: string): SimulateInput {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (err) {
    throw new InputError(`the input is not valid JSON: ${(err as Error).message}`);
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new InputError('the input must be a JSON object');
  const today = (input as { today?: unknown }).today;
  if (typeof today !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new InputError('the input needs "today" as yyyy-MM-dd');
  return input as SimulateInput;
}

/** One walk, as printed (the final state is for tests, not printed). */
function walk(docs: DocumentSet, input: SimulateInput, options: SimulateOptions): object {
  const { state: _state, ...printed } = simulate(docs, input, options);
  return printed;
}

function loadDocuments(): DocumentSet {
  const docs = loadProject();
  if (hasErrors(docs.diagnostics)) {
    for (const d of docs.diagnostics.filter((x) => x.severity === 'error')) console.error(formatDiagnostic(d));
    console.error('simulate: the documents have errors (run npm run lint:content)');
    process.exit(2);
  }
  return docs;
}

const args = process.argv.slice(2);
for (const a of args) {
  if (a.startsWith('--') && a !== '--through-milestones' && a !== '--batch') {
    console.error(`simulate: unknown option ${a}`);
    console.error('usage: npm run simulate -- [--through-milestones] [--batch] [FILE]');
    process.exit(2);
  }
}
const file = args.find((a) => !a.startsWith('--'));
const fromStdin = file === undefined || file === '-';
const sponsorRequest = projectSponsorRequest();
const joinStartUrl = projectJoinStartUrl();
const options: SimulateOptions = { throughMilestones: args.includes('--through-milestones'), checkForm: createFormChecker(), destinations: configDestinations(), ...(sponsorRequest ? { sponsorRequest } : {}), ...(joinStartUrl ? { config: { joinStartUrl } } : {}) };

if (args.includes('--batch')) {
  const docs = loadDocuments();
  const lines = createInterface({ input: fromStdin ? process.stdin : createReadStream(file), crlfDelay: Infinity });
  let n = 0;
  for await (const text of lines) {
    n += 1;
    if (text.trim() === '') continue;
    let result: object;
    try {
      result = { line: n, ...walk(docs, parseInput(text), options) };
    } catch (err) {
      // A bad line (or a walk that throws) is reported on its own line; the batch goes on.
      result = { line: n, error: err instanceof InputError ? err.message : `the walk failed: ${err instanceof Error ? err.message : String(err)}` };
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
} else {
  let input: SimulateInput;
  try {
    input = parseInput(readFileSync(fromStdin ? 0 : file, 'utf8'));
  } catch (err) {
    console.error(`simulate: ${(err as Error).message}`);
    process.exit(2);
  }
  console.log(JSON.stringify(walk(loadDocuments(), input, options), null, 2));
}
