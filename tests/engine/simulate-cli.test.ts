/**
 * simulate validates a form panel's answers with the browser's validators (issue 9, "Authors'
 * tools"): the JSON Schema through rjsf's own Ajv configuration (the Node checker agrees with the
 * precompiled validator the browser loads, on every form panel), the panel's normalize and checks;
 * an invalid answer stops the walk with errors in the applicant's words. `simulate --batch` runs
 * one walk per input line in one process, and a bad line never stops the batch.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { customizeValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { FormPanel } from '../../src/engine/formats.generated';
import { schemaMessageKey } from '../../src/engine/form-messages';
import { simulate } from '../../src/engine/simulate';
import type { JsonValue } from '../../src/rules/index';
import { createFormChecker } from '../../tools/lib/form-checker';
import { PROJECT_ROOT, loadProject } from '../../tools/lib/project';

const TSX = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
const docs = loadProject();
const formPanels = [...docs.panels.values()].map((d) => d.value).filter((p): p is FormPanel => p.kind === 'form');
const text = (key: string): string => {
  const t = docs.content.get(key)?.text;
  if (typeof t !== 'string') throw new Error(`no copy for ${key}`);
  return t;
};

function run(args: string[], input: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(TSX, [path.join(PROJECT_ROOT, 'tools/simulate.ts'), ...args], { cwd: PROJECT_ROOT, encoding: 'utf8', input });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Data every form panel refuses somewhere: strings far too long, wrong types. */
function badData(panel: FormPanel): { [k: string]: JsonValue } {
  const out: { [k: string]: JsonValue } = {};
  for (const [name, schema] of Object.entries((panel.schema.properties ?? {}) as Record<string, { type?: unknown }>)) {
    out[name] = schema.type === 'string' ? `x${'9'.repeat(300)}@` : schema.type === 'object' ? { zz: 'x'.repeat(300) } : 'not-a-value';
  }
  return out;
}

// Inside the project, so the generated validators resolve ajv's runtime from its node_modules.
const dir = mkdtempSync(path.join(PROJECT_ROOT, 'node_modules', '.muster-simulate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const requireCjs = createRequire(import.meta.url);

/** The panel's validator as the browser loads it: rjsf's code generation (npm run pack), then createPrecompiledValidator. */
function browserValidator(panel: FormPanel) {
  const file = path.join(dir, `${panel.id}.cjs`);
  writeFileSync(file, compileSchemaValidatorsCode(panel.schema as RJSFSchema));
  return createPrecompiledValidator(requireCjs(file) as ValidatorFunctions, panel.schema as RJSFSchema);
}

const summary = (errors: RJSFValidationError[]): string[] => errors.map((e) => `${e.property ?? ''} ${e.name ?? ''} ${JSON.stringify(e.params)}`).sort();

describe("simulate's form validation", () => {
  it('uses the Ajv configuration the browser uses: on every form panel, the same errors as the precompiled validator', () => {
    expect(formPanels.length).toBeGreaterThan(3);
    const node = customizeValidator();
    for (const panel of formPanels) {
      for (const data of [badData(panel), {}]) {
        const expected = summary(browserValidator(panel).validateFormData(data, panel.schema as RJSFSchema).errors);
        expect(summary(node.validateFormData(data, panel.schema as RJSFSchema).errors), panel.id).toEqual(expected);
      }
    }
  });

  it('gives each invalid field of every form panel a message in the panel\'s words (never an unknown error where a message exists)', () => {
    const check = createFormChecker();
    for (const panel of formPanels) {
      const { errors = [] } = check(panel, badData(panel));
      for (const e of errors) {
        const key = schemaMessageKey(panel, e);
        expect(key, `${panel.id} ${e.field} ${e.keyword}`).toBeDefined();
      }
    }
  });

  it('stops the walk at the panel with errors [{field, message}], the message as the applicant reads it', () => {
    const panel = formPanels.find((p) => p.id === 'basic-info-panel');
    expect(panel).toBeDefined();
    const r = simulate(
      docs,
      { product: 'join-now', today: '2026-11-22', panel: 'basic-info-panel', answers: { firstName: 'Ann', lastName: 'Lee', dob: '1990-01-01', emailAddress: 'not-an-email', phoneNumber: '(210) 555-0123', countryCode: '1', countryOfCitizenship: '99' } },
      { checkForm: createFormChecker() },
    );
    expect(r.stop.kind).toBe('panel');
    expect(r.stop.step).toBe('basic-info-panel');
    // VAL-01's wording, from content (content/en/validation.json), as the form shows it.
    expect(r.stop.errors).toEqual([{ field: 'emailAddress', message: text('validation.email') }]);
  });
});

// Each test starts the CLI (tsx) once or twice: on a loaded 2-core machine that alone can take 20 s.
describe('simulate --batch', { timeout: 90_000 }, () => {
  const walk = { product: 'join-now', today: '2026-11-22', answers: { militaryService: 'yes', currentMilitaryStatus: 'retired', militaryDischargeType: 'GEN' } };
  const invalid = { product: 'join-now', today: '2026-11-22', panel: 'basic-info-panel', answers: { firstName: 'A'.repeat(40), lastName: 'Lee', dob: '1990-01-01', emailAddress: 'a@b.co', phoneNumber: '2105550123', countryCode: '1', countryOfCitizenship: '99' } };

  it('writes one result per input line, in order, each with its line number; a bad line gives an error result and the batch goes on', () => {
    const lines = [JSON.stringify(walk), 'not json', '', '{"today": "22/11/2026"}', '[1, 2]', JSON.stringify(invalid), JSON.stringify(walk)];
    const r = run(['--batch'], `${lines.join('\n')}\n`);
    expect(r.status).toBe(0);
    const out = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number; error?: string; stop?: { kind: string; errors?: { field: string; message: string }[] } });
    expect(out.map((o) => o.line)).toEqual([1, 2, 4, 5, 6, 7]);
    const single = JSON.parse(run([], JSON.stringify(walk)).stdout) as object;
    expect(out[0]).toEqual({ line: 1, ...single });
    expect(out[5]).toEqual(out[0] && { ...out[0], line: 7 });
    expect(out[1]?.error).toMatch(/^the input is not valid JSON: /);
    expect(out[2]?.error).toBe('the input needs "today" as yyyy-MM-dd');
    expect(out[3]?.error).toBe('the input must be a JSON object');
    expect(out[4]?.stop?.errors?.map((e) => e.field)).toEqual(['firstName']);
    expect(out[4]?.stop?.errors?.[0]?.message).not.toMatch(/unknown/i);
  });

  it('reads the lines from a file as well as from stdin', () => {
    const file = path.join(dir, 'walks.jsonl');
    writeFileSync(file, `${JSON.stringify(walk)}\n${JSON.stringify(invalid)}\n`);
    const r = run(['--batch', file], '');
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(2);
  });

  it('refuses an unknown option', () => {
    const r = run(['--bacth'], '');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown option --bacth');
  });
});
