// The string and date operations added for form checks (issue 9): `matches` (a literal, checked
// regular expression), `isDate`, `daysBetween`, and named rules called with arguments.
import { describe, expect, it } from 'vitest';
import { RuleError, createRuleEngine, patternProblem, type JsonValue, type Logic, type RuleErrorCode } from '../../src/rules/index';

const ctx = { today: '2026-11-22' };
const known = new Set(['form', 'form.line', 'form.start', 'form.end', 'x']);
const engine = createRuleEngine({
  isKnownVar: (p) => known.has(p) || p.startsWith('form.'),
  namedRules: {
    isBox: { matches: [{ var: 'arg.text' }, '^\\s*p\\.?\\s*o\\.?\\s*box\\b', 'i'] },
    before: { and: [{ isDate: [{ var: 'arg.date' }] }, { isDate: [{ var: 'arg.limit' }] }, { '<': [{ daysBetween: [{ var: 'arg.limit' }, { var: 'arg.date' }] }, 0] }] },
    callsWithArgs: { '!': { rule: ['isBox', { text: { var: 'arg.line' } }] } },
    readsState: { '==': [{ var: 'x' }, 1] },
    mixed: { and: [{ var: 'arg.a' }, { var: 'x' }] },
    callsStatePlain: { and: [{ var: 'arg.a' }, { rule: 'readsState' }] },
    wholeArg: { '!!': { var: 'arg' } },
  },
});

function errorOf(run: () => unknown): RuleError {
  try {
    run();
  } catch (err) {
    if (err instanceof RuleError) return err;
    throw err;
  }
  throw new Error('expected a RuleError');
}
const evaluate = (logic: Logic, data: JsonValue = {}): JsonValue => engine.evaluate(logic, data, ctx);
const issues = (logic: Logic): [RuleErrorCode, string][] => engine.check(logic).map((i) => [i.code, i.path]);

describe('matches', () => {
  it('matches a string with the literal pattern and flags; a non-string does not match', () => {
    expect(evaluate({ matches: [{ var: 'form.line' }, '^box', 'i'] }, { form: { line: 'BOX 12' } })).toBe(true);
    expect(evaluate({ matches: [{ var: 'form.line' }, '^box'] }, { form: { line: 'BOX 12' } })).toBe(false);
    expect(evaluate({ matches: ['Núñez', '^\\p{L}+$', 'u'] })).toBe(true);
    for (const value of [null, 12, true, ['box'], { a: 'box' }]) {
      expect(evaluate({ matches: [{ var: 'form.line' }, '.*'] }, { form: { line: value } as JsonValue })).toBe(false);
    }
    expect(evaluate({ matches: [{ var: 'form.line' }, '.*'] }, {})).toBe(false);
  });

  it('refuses (fail closed) a value longer than 500 characters', () => {
    expect(evaluate({ matches: ['a'.repeat(500), '^a+$'] })).toBe(true);
    const err = errorOf(() => evaluate({ and: [true, { matches: ['a'.repeat(501), '^a+$'] }] }));
    expect([err.code, err.path]).toEqual(['BAD_ARGUMENT', '/and/1/matches']);
  });

  it('refuses statically a computed, uncompilable, over-long or dangerous pattern and unknown flags', () => {
    expect(issues({ matches: ['x', { var: 'form.line' }] })).toEqual([['BAD_ARGUMENT', '/matches/1']]);
    expect(issues({ matches: ['x', '(unclosed'] })).toEqual([['BAD_ARGUMENT', '/matches/1']]);
    expect(issues({ matches: ['x', 'a'.repeat(301)] })).toEqual([['BAD_ARGUMENT', '/matches/1']]);
    expect(issues({ matches: ['x', 'a'.repeat(300)] })).toEqual([]);
    expect(issues({ matches: ['x', 'a', 'g'] })).toEqual([['BAD_ARGUMENT', '/matches/2']]);
    expect(issues({ matches: ['x', 'a', 'ii'] })).toEqual([['BAD_ARGUMENT', '/matches/2']]);
    expect(issues({ matches: ['x'] })).toEqual([['BAD_ARGUMENT', '/matches']]);
    expect(issues({ matches: ['x', 'a', 'i', 'u'] })).toEqual([['BAD_ARGUMENT', '/matches']]);
    const err = errorOf(() => evaluate({ matches: ['aaaa', '(a+)+$'] }));
    expect(err.code).toBe('BAD_ARGUMENT');
  });

  it('flags nested unbounded repetition, not bounded or flat patterns', () => {
    for (const bad of ['(a+)+', '(a*)*', '(?:a|aa)+', '((ab)+c)*', '(\\s*,)+', '(a+){2,}', '(?<n>a+)+']) {
      expect(patternProblem(bad, ''), bad).toMatch(/repeated group/);
    }
    for (const ok of ['^\\s*p\\.?\\s*o\\.?\\s*box\\b', '(?:post\\s+office|p\\.?o\\.?)?\\s*box', '[(a+)]+', '\\(a+\\)+', '(ab)+', '(?:a|b)?', '^[A-Za-z][A-Za-z \'-]*$']) {
      expect(patternProblem(ok, 'i'), ok).toBeNull();
    }
  });
});

describe('isDate and daysBetween', () => {
  it('isDate is true for an accepted real date and false for anything else, never an error', () => {
    expect(['2026-02-28', '02/28/2026', '02/2026'].map((d) => evaluate({ isDate: [d] }))).toEqual([true, true, true]);
    expect(['2026-02-30', '', null, 5, '2026-2-3', ['2026-02-28']].map((d) => evaluate({ isDate: [d as JsonValue] }))).toEqual([false, false, false, false, false, false]);
    expect(evaluate({ isDate: { var: 'form.end' } }, {})).toBe(false);
  });

  it('daysBetween counts calendar days, negative backwards; missing and bad dates are errors', () => {
    expect(evaluate({ daysBetween: ['2026-11-20', '11/22/2026'] })).toBe(2);
    expect(evaluate({ daysBetween: ['2026-11-22', '2026-11-22'] })).toBe(0);
    expect(evaluate({ daysBetween: ['12/2026', '2026-11-30'] })).toBe(-1);
    expect(errorOf(() => evaluate({ daysBetween: ['', '2026-11-22'] })).code).toBe('MISSING_DATE');
    expect(errorOf(() => evaluate({ daysBetween: ['2026-13-01', '2026-11-22'] })).code).toBe('INVALID_DATE');
    expect(issues({ daysBetween: ['2026-11-22'] })).toEqual([['BAD_ARGUMENT', '/daysBetween']]);
    expect(issues({ isDate: ['a', 'b'] })).toEqual([['BAD_ARGUMENT', '/isDate']]);
  });
});

describe('named rules with arguments', () => {
  it('evaluates the rule on {arg} alone, from inline logic and from another rule', () => {
    expect(evaluate({ rule: ['isBox', { text: { var: 'form.line' } }] }, { form: { line: 'P.O. Box 7' } })).toBe(true);
    expect(evaluate({ rule: ['isBox', { text: { var: 'form.line' } }] }, { form: { line: '7 Boxwood Ln' } })).toBe(false);
    expect(evaluate({ rule: ['isBox', { text: 'po box 1' }] })).toBe(true);
    expect(evaluate({ rule: ['callsWithArgs', { line: 'PO Box 1' }] })).toBe(false);
    expect(evaluate({ rule: ['before', { date: { var: 'form.end' }, limit: { var: 'form.start' } }] }, { form: { start: '2020-01-01', end: '2019-12-31' } })).toBe(true);
    expect(evaluate({ rule: ['before', { date: { var: 'form.end' }, limit: { var: 'form.start' } }] }, { form: { start: '2020-01-01' } })).toBe(false);
    // A multi-key argument object is one set of arguments, not an operation.
    expect(evaluate({ map: [['PO Box 1', 'Main St'], { rule: ['isBox', { text: { var: '' } }] }] })).toEqual([true, false]);
  });

  it('evaluateRule reads the arguments from data.arg, and refuses data without it', () => {
    expect(engine.evaluateRule('isBox', { arg: { text: 'POB 4' } }, ctx)).toBe(false);
    expect(engine.evaluateRule('isBox', { arg: { text: 'PO Box 4' } }, ctx)).toBe(true);
    expect(engine.evaluateRule('isBox', { arg: {} }, ctx)).toBe(false);
    expect(errorOf(() => engine.evaluateRule('isBox', { form: {} }, ctx)).code).toBe('BAD_ARGUMENT');
    expect(engine.ruleArguments('before')).toEqual(['date', 'limit']);
    expect(engine.ruleArguments('readsState')).toEqual([]);
  });

  it('refuses statically: missing, extra or misnamed arguments, a plain call of a rule with arguments, arguments to a rule without', () => {
    expect(issues({ rule: ['isBox', {}] })).toEqual([['BAD_ARGUMENT', '/rule/1']]);
    expect(issues({ rule: ['isBox', { text: 'a', other: 'b' }] })).toEqual([['BAD_ARGUMENT', '/rule/1']]);
    expect(issues({ rule: ['isBox', { text: 'a', __proto__x: 1 }] })).toContainEqual(['BAD_ARGUMENT', '/rule/1']);
    expect(issues({ rule: 'isBox' })).toEqual([['BAD_ARGUMENT', '/rule']]);
    expect(issues({ rule: ['readsState', { a: 1 }] })).toEqual([['BAD_ARGUMENT', '/rule/1']]);
    expect(issues({ rule: ['nope', { a: 1 }] })).toEqual([['UNKNOWN_RULE', '/rule/0']]);
    expect(issues({ rule: ['isBox', { text: { var: 'nope' } }] })).toEqual([['UNKNOWN_VARIABLE', '/rule/1/text/var']]);
    expect(issues({ rule: ['isBox', 'text'] })).toEqual([['BAD_ARGUMENT', '/rule']]);
    expect(errorOf(() => evaluate({ rule: 'isBox' })).code).toBe('BAD_ARGUMENT');
  });

  it('a rule with arguments reads only them; arg.* is refused outside named rules', () => {
    expect(errorOf(() => evaluate({ rule: ['mixed', { a: 1 }] })).ruleId).toBe('mixed');
    expect(errorOf(() => evaluate({ rule: ['callsStatePlain', { a: 1 }] })).code).toBe('BAD_ARGUMENT');
    expect(errorOf(() => evaluate({ rule: 'wholeArg' })).code).toBe('UNKNOWN_VARIABLE');
    expect(issues({ var: 'arg.text' })).toEqual([['UNKNOWN_VARIABLE', '/var']]);
    // Without a contract (the official suite) arg is an ordinary variable.
    expect(createRuleEngine().evaluate({ var: 'arg.text' }, { arg: { text: 'x' } }, ctx)).toBe('x');
  });
});
