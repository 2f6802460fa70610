// The core engine (src/rules/engine.ts): what the browser's first screen evaluates with, without
// the checks written for authors (src/rules/author-checks.ts). It must give the same answers as
// the full engine wherever the full engine gives one, refuse beforehand what could evaluate to a
// wrong answer, and refuse the rest when evaluated: never a silent null or false.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRuleEngine as createCoreEngine } from '../../src/rules/engine';
import { CUSTOM_OPERATION_NAMES, RuleError, STANDARD_OPERATIONS, createRuleEngine, type JsonValue, type Logic, type RuleErrorCode } from '../../src/rules/index';

const ctx = { today: '2026-11-22' };
const known = new Set(['a', 'a.b', 'n', 'dob', 'list', 'form', 'x']);
const isKnownVar = (p: string): boolean => known.has(p) || p.startsWith('form.');
const namedRules: Record<string, Logic> = {
  adult: { '>=': [{ age: [{ var: 'dob' }] }, 18] },
  isBox: { matches: [{ var: 'arg.text' }, '^\\s*p\\.?\\s*o\\.?\\s*box\\b', 'i'] },
  nested: { matches: [{ var: 'arg.text' }, '(a+)+$'] },
  badFlags: { matches: [{ var: 'arg.text' }, 'a', 'g'] },
  loopA: { rule: 'loopB' },
  loopB: { or: [false, { rule: 'loopA' }] },
  readsState: { '==': [{ var: 'x' }, 1] },
  callsPlain: { and: [{ var: 'arg.a' }, { rule: 'readsState' }] },
};
const core = createCoreEngine({ namedRules, isKnownVar });
const full = createRuleEngine({ namedRules, isKnownVar });

function refusal(run: () => unknown): RuleErrorCode | undefined {
  try {
    run();
  } catch (err) {
    if (err instanceof RuleError) return err.code;
    throw err;
  }
  return undefined;
}
const evaluate = (logic: Logic, data: JsonValue = {}): JsonValue => core.evaluate(logic, data, ctx);

describe('the core engine refuses when evaluated what only the author checks report beforehand', () => {
  it('an unknown operation, an unknown rule, a rule cycle, a wrong number of date arguments', () => {
    expect(refusal(() => evaluate({ frobnicate: [1] }))).toBe('UNKNOWN_OPERATION');
    expect(refusal(() => evaluate({ method: ['abc', 'toUpperCase'] }))).toBe('UNKNOWN_OPERATION');
    expect(refusal(() => evaluate({ rule: 'nope' }))).toBe('UNKNOWN_RULE');
    expect(refusal(() => evaluate({ rule: 'loopA' }))).toBe('RULE_CYCLE');
    expect(refusal(() => evaluate({ isDate: ['2026-01-01', 'x'] }))).toBe('BAD_ARGUMENT');
    expect(refusal(() => evaluate({ daysBetween: ['2026-01-01'] }))).toBe('BAD_ARGUMENT');
    expect(refusal(() => evaluate({ age: ['2000-01-01', 'x'] }))).toBe('BAD_ARGUMENT');
    // Not reached: not refused (the full engine, lint and the build refuse it beforehand).
    expect(evaluate({ if: [true, 1, { frobnicate: [] }] })).toBe(1);
    expect(full.check({ if: [true, 1, { frobnicate: [] }] }).map((i) => i.code)).toEqual(['UNKNOWN_OPERATION']);
  });

  it('an object of several keys (issue 13): refused when reached, never the truthy literal json-logic-js would return; {} stays a literal', () => {
    for (const logic of [{ '==': [1, 1], '!=': [1, 2] }, { and: [true, { var: 'a', cat: ['x'] }] }, { if: [{ a: 1, b: 2 }, 'yes', 'no'] }] as Logic[]) {
      expect(core.check(logic)).toEqual([]);
      expect(refusal(() => evaluate(logic))).toBe('UNKNOWN_OPERATION');
      expect(full.check(logic).map((i) => i.code)).toEqual(['BAD_ARGUMENT']);
    }
    expect(evaluate({ if: [false, { a: 1, b: 2 }, 'no'] })).toBe('no');
    expect(evaluate({ '==': [{}, {}] })).toBe(false); // two literals, compared by identity as json-logic-js does
  });

  it('a pattern that cannot be evaluated: computed, uncompilable, over-long, with flags other than i and u', () => {
    for (const logic of [
      { matches: ['x', { var: 'form.line' }] },
      { matches: ['x', '(unclosed'] },
      { matches: ['x', 'a'.repeat(301)] },
      { matches: ['x', 'a', 'g'] },
      { matches: ['x', 'a', 'ii'] },
      { matches: ['x'] },
    ] as Logic[]) {
      expect(core.check(logic)).toEqual([]);
      expect(refusal(() => evaluate(logic))).toBe('BAD_ARGUMENT');
      expect(full.check(logic).map((i) => i.code)).toEqual(['BAD_ARGUMENT']);
    }
    expect(refusal(() => evaluate({ rule: ['badFlags', { text: 'a' }] }))).toBe('BAD_ARGUMENT');
    expect(evaluate({ matches: ['x'.repeat(300), 'x{300}'] })).toBe(true);
  });

  it('refuses beforehand arguments that are not the rule\'s (they would read as null), and unknown variables', () => {
    for (const logic of [{ rule: ['isBox', {}] }, { rule: ['isBox', { text: 'a', other: 'b' }] }, { rule: 'isBox' }, { rule: ['readsState', { a: 1 }] }] as Logic[]) {
      expect(core.check(logic).map((i) => i.code)).toEqual(['BAD_ARGUMENT']);
      expect(refusal(() => evaluate(logic))).toBe('BAD_ARGUMENT');
    }
    expect(refusal(() => evaluate({ rule: ['callsPlain', { a: 1 }] }))).toBe('BAD_ARGUMENT');
    expect(core.check({ var: 'nope' }).map((i) => i.code)).toEqual(['UNKNOWN_VARIABLE']);
    expect(refusal(() => evaluate({ if: [false, { var: 'nope' }, 1] }))).toBe('UNKNOWN_VARIABLE');
  });

  it('only the author checks analyse a pattern for nested repetitions (lint and the build refuse it)', () => {
    expect(full.check({ rule: ['nested', { text: 'a' }] })).toEqual([]);
    expect(refusal(() => full.evaluate({ rule: ['nested', { text: 'aaa' }] }, {}, ctx))).toBe('BAD_ARGUMENT');
    expect(evaluate({ rule: ['nested', { text: 'aaa' }] })).toBe(true);
  });
});

// Random logic over the allowed operations and a few refused ones, as tests/rules/property.test.ts builds it.
const paths = ['a', 'a.b', 'n', 'dob', 'list', 'list.0', 'nope', '', 'arg.text', 'current', '__proto__'];
const ops = [...STANDARD_OPERATIONS, ...CUSTOM_OPERATION_NAMES, 'frobnicate'];
const scalar: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom<JsonValue>(null, true, false, 0, 1, -1, '', 'a', '2008-11-22', '11/22/2008', '02/2020', '13/45/2020', '(a+)+', '^a', 'i', 'g', []),
  fc.integer({ min: -50, max: 50 }),
);
const { logic } = fc.letrec<{ logic: JsonValue }>((tie) => ({
  logic: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.constantFrom(...paths).map((p): JsonValue => ({ var: p })),
    fc.constantFrom('adult', 'isBox', 'loopA', 'readsState', 'nope').map((id): JsonValue => ({ rule: id })),
    fc.tuple(fc.constantFrom('isBox', 'nested', 'callsPlain', 'adult'), fc.dictionary(fc.constantFrom('text', 'a', 'other'), tie('logic'), { maxKeys: 2 })).map(([id, args]): JsonValue => ({ rule: [id, args] })),
    fc.tuple(fc.constantFrom(...ops), fc.array(tie('logic'), { maxLength: 3 })).map(([op, args]): JsonValue => ({ [op]: args })),
    fc.array(tie('logic'), { maxLength: 3 }),
  ),
}));
const data: fc.Arbitrary<JsonValue> = fc.record({ a: fc.oneof(fc.constant<JsonValue>({ b: 1 }), scalar), n: scalar, dob: scalar, list: fc.array(scalar, { maxLength: 3 }) }) as fc.Arbitrary<JsonValue>;

describe('the core engine answers as the full engine', () => {
  beforeAll(() => {
    vi.spyOn(console, 'log'); // "log" is not an operation: nothing may write to the console
  });
  afterAll(() => {
    expect(console.log).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('gives the full engine\'s answer wherever the full engine gives one, and throws nothing but RuleError', () => {
    fc.assert(
      fc.property(logic, data, (l, d) => {
        let expected: JsonValue | undefined;
        try {
          expected = full.evaluate(l, d, ctx);
        } catch (err) {
          expect(err).toBeInstanceOf(RuleError);
        }
        let actual: JsonValue | undefined;
        try {
          actual = core.evaluate(l, d, ctx);
        } catch (err) {
          expect(err, String(err)).toBeInstanceOf(RuleError);
          expect(expected).toBeUndefined();
          return;
        }
        if (expected !== undefined) expect(actual).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
