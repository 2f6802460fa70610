/** `npm run lint:content` as authors run it: a child process, its output lines and its exit status. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/engine/diagnostics';
import { PROJECT_ROOT } from '../../tools/lib/project';
import { positionAt } from './helpers';

const TSX = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
const LINE = /^(\S+):(\d+):(\d+) (error|warning) (.+) \[([a-z-]+)\]$/;
const SUMMARY = /^lint: (\d+) errors?, (\d+) warnings? in (\d+) documents?$/;

function lint(...args: string[]): { status: number | null; lines: string[]; stdout: string } {
  const r = spawnSync(TSX, [path.join(PROJECT_ROOT, 'tools/lint.ts'), ...args], { cwd: PROJECT_ROOT, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, lines: r.stdout.trimEnd().split('\n') };
}

/** A copy of the project's documents and schemas in a temporary folder. */
const root = mkdtempSync(path.join(tmpdir(), 'muster-lint-'));
for (const folder of ['flows', 'schemas', 'rules', 'content', 'tests/scenarios']) {
  cpSync(path.join(PROJECT_ROOT, folder), path.join(root, folder), { recursive: true });
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Each run lints every product's pack on its own (25 products: about 4 s of CPU); on a shared,
// loaded machine the wall time of a spawned lint passes the default 20 s.
describe('tools/lint.ts', { timeout: 60_000 }, () => {
  it('exits 0 on the project, with one line per finding and a summary', () => {
    const r = lint();
    expect(r.status).toBe(0);
    const summary = r.lines.at(-1) ?? '';
    expect(summary).toMatch(SUMMARY);
    expect(summary).toMatch(/^lint: 0 errors,/);
    for (const line of r.lines.slice(0, -1)) expect(line).toMatch(LINE);
  });

  it('exits 1 on a broken copy and names the file, line, column and check', () => {
    const file = 'flows/products/join-now.json';
    const original = readFileSync(path.join(root, file), 'utf8');
    const broken = original.replace(/\s*\}\s*$/, ',\n}\n');
    writeFileSync(path.join(root, file), broken);
    try {
      const r = lint(root);
      expect(r.status).toBe(1);
      for (const line of r.lines.slice(0, -1)) expect(line).toMatch(LINE);
      const pos = positionAt(broken, broken.lastIndexOf('}'));
      expect(r.lines).toContain(`${file}:${pos.line}:${pos.col} error malformed JSON: Trailing comma before "}": remove the last comma. [json-syntax]`);
      expect(r.lines.at(-1)).toMatch(SUMMARY);
      expect(r.lines.at(-1)).not.toMatch(/^lint: 0 errors/);

      const json = lint(root, '--format', 'json');
      expect(json.status).toBe(1);
      const findings = JSON.parse(json.stdout) as Diagnostic[];
      expect(findings).toContainEqual(expect.objectContaining({ file, line: pos.line, col: pos.col, severity: 'error', check: 'json-syntax' }));
    } finally {
      writeFileSync(path.join(root, file), original);
    }
  });
});
