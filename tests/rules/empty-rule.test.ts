/**
 * Issue 22, hardening: an empty rule `{}` is refused, never counted as true (fail closed). As a
 * condition (an edge's `when`, a form check, a suppress entry, an outcome row) and as a named
 * rule, statically (engine.check) and when evaluated. As a value (an edge's `set` emptying an
 * object) it stays the literal {} (FLOW-14: a rule that cannot be evaluated takes the error route).
 */
import { describe, expect, it } from 'vitest';
import { RuleError, conditionHolds, createRuleEngine, type Logic } from '../../src/rules/index';

const ctx = { today: '2026-11-22' };
const engine = createRuleEngine({ isKnownVar: (p) => p === 'a', namedRules: { empty: {}, usesEmpty: { and: [true, { rule: 'empty' }] }, fine: { '==': [{ var: 'a' }, 1] } } });

describe('an empty rule {} (issue 22)', () => {
  it('is refused as a condition when evaluated, where it counted as true', () => {
    expect(() => conditionHolds(engine, {} as Logic, { a: 1 }, ctx)).toThrow(RuleError);
    expect(() => conditionHolds(engine, {} as Logic, { a: 1 }, ctx)).toThrow(/empty rule/);
    expect(conditionHolds(engine, true, {}, ctx)).toBe(true);
    expect(conditionHolds(engine, 'fine', { a: 1 }, ctx)).toBe(true);
    expect(conditionHolds(engine, { '==': [{ var: 'a' }, 2] }, { a: 1 }, ctx)).toBe(false);
  });

  it('is refused as a named rule used as a condition, also through a rule that ends on it', () => {
    expect(() => conditionHolds(engine, 'empty', { a: 1 }, ctx)).toThrow(/empty rule/);
    expect(() => conditionHolds(engine, 'usesEmpty', { a: 1 }, ctx)).toThrow(RuleError);
    expect(() => conditionHolds(engine, { and: [true, { rule: 'empty' }] }, { a: 1 }, ctx)).toThrow(/empty rule/);
  });

  it('stays a literal value ({} empties an object in an edge\'s set)', () => {
    expect(engine.evaluate({}, { a: 1 }, ctx)).toEqual({});
    expect(engine.check({})).toEqual([]);
  });
});
