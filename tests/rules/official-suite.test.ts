// The official JSON-Logic conformance suite (jwadhams/json-logic tests.json), read from the shared
// corpora directory, must pass unchanged with Muster's custom and safe operations registered.
// No row is skipped: none uses `log` or a rule object of several keys, which Muster refuses
// (issue 13); a test below keeps it so.
import { describe, expect, it } from 'vitest';
import { createRuleEngine, type JsonValue } from '../../src/rules/index';
import { corpus, corpusText } from '../corpora';

const NAME = 'jsonlogic-tests.json';
const text = corpusText(NAME);

type Case = [JsonValue, JsonValue, JsonValue];

function loadCases(source: string): { group: string; rule: JsonValue; data: JsonValue; expected: JsonValue }[] {
  const raw = JSON.parse(source) as unknown[];
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

describe('official JSON-Logic suite', () => {
  // The cases are this file's tests, so they are read when the tests are collected: missing, there
  // are none, and the first test says why (skipped, or failed on CI).
  const cases = text === undefined ? [] : loadCases(text);
  const engine = createRuleEngine();
  const ctx = { today: '2026-11-22' };

  it('has the expected number of cases', (tc) => {
    expect(loadCases(corpus(tc, NAME)).length).toBeGreaterThan(200);
  });

  it('has no case Muster refuses on purpose (log, a rule object of several keys), so none is skipped', (tc) => {
    const refused = (node: unknown): boolean =>
      Array.isArray(node) ? node.some(refused) : typeof node === 'object' && node !== null ? Object.keys(node).length > 1 || 'log' in node || Object.values(node).some(refused) : false;
    expect(loadCases(corpus(tc, NAME)).filter((c) => refused(c.rule))).toEqual([]);
  });

  it.each(cases.map((c, i) => [i, c.group, JSON.stringify(c.rule), c] as const))(
    '#%i %s: %s',
    (_i, _group, _text, c) => {
      expect(engine.evaluate(c.rule, c.data, ctx)).toEqual(c.expected);
    },
  );

  it('reports no static issues for any official rule', (tc) => {
    corpus(tc, NAME);
    for (const c of cases) expect(engine.check(c.rule), JSON.stringify(c.rule)).toEqual([]);
  });
});
