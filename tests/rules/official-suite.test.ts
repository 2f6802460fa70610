// The official JSON-Logic conformance suite (jwadhams/json-logic tests.json), read from the shared
// corpora directory, must pass unchanged with Muster's custom and safe operations registered.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRuleEngine, type JsonValue } from '../../src/rules/index';

const corpusPath = path.resolve(process.cwd(), '../shared/corpora/jsonlogic-tests.json');
const present = existsSync(corpusPath);
if (!present) console.warn(`JSON-Logic official suite skipped: ${corpusPath} is missing`);

type Case = [JsonValue, JsonValue, JsonValue];

function loadCases(): { group: string; rule: JsonValue; data: JsonValue; expected: JsonValue }[] {
  const raw = JSON.parse(readFileSync(corpusPath, 'utf8')) as unknown[];
  const cases: { group: string; rule: JsonValue; data: JsonValue; expected: JsonValue }[] = [];
  let group = '(start)';
  for (const entry of raw) {
    if (typeof entry === 'string') {
      group = entry.replace(/^#\s*/, ''); // group headers ("# ..." and a few bare strings)
    } else if (Array.isArray(entry) && entry.length === 3) {
      const [rule, data, expected] = entry as Case;
      cases.push({ group, rule, data, expected });
    } else {
      throw new Error(`unexpected entry in the official suite: ${JSON.stringify(entry)}`);
    }
  }
  return cases;
}

describe.skipIf(!present)('official JSON-Logic suite', () => {
  const cases = present ? loadCases() : [];
  const engine = createRuleEngine();
  const ctx = { today: '2026-11-22' };

  it('has the expected number of cases', () => {
    expect(cases.length).toBeGreaterThan(200);
  });

  it.each(cases.map((c, i) => [i, c.group, JSON.stringify(c.rule), c] as const))(
    '#%i %s: %s',
    (_i, _group, _text, c) => {
      expect(engine.evaluate(c.rule, c.data, ctx)).toEqual(c.expected);
    },
  );

  it('reports no static issues for any official rule', () => {
    for (const c of cases) expect(engine.check(c.rule), JSON.stringify(c.rule)).toEqual([]);
  });
});
