// Static side: check() issues with JSON pointers, analyze() usage lists, and the exported tables.
import { describe, expect, it } from 'vitest';
import { CUSTOM_OPERATIONS, CUSTOM_OPERATION_NAMES, STANDARD_OPERATIONS, createRuleEngine, truthy, type Logic } from '../../src/rules/index';

const engine = createRuleEngine({
  isKnownVar: (p) => ['a', 'b.c', 'dob', 'items', 'flag'].includes(p),
  namedRules: { adult: { '>=': [{ age: [{ var: 'dob' }] }, 18] }, other: { rule: 'adult' } },
});

describe('check()', () => {
  it('returns no issues for good logic', () => {
    expect(engine.check({ and: [{ rule: 'adult' }, { '==': [{ var: 'a' }, 1] }, { missing: ['b.c'] }] })).toEqual([]);
    expect(engine.check(true)).toEqual([]);
    expect(engine.check('literal')).toEqual([]);
  });

  it('refuses an object with more than one key: json-logic-js would return it as a truthy literal (issue 13)', () => {
    expect(engine.check({ two: 1, keys: 2 }).map((i) => [i.code, i.path])).toEqual([['BAD_ARGUMENT', '']]);
    expect(engine.check({ two: 1, keys: 2 })[0]?.message).toBe('an object in logic has one key, its operation; this one has 2 ("two", "keys") and would be a true value: combine them with "and" or "or", one operation each');
    // {} is a literal (an edge's `set` empties an object with it).
    expect(engine.check({ '==': [{}, {}] })).toEqual([]);
  });

  it('reports every issue with a pointer into the document', () => {
    const logic: Logic = {
      and: [
        { frobnicate: [{ var: 'a' }] },
        { var: 'nope' },
        { var: { cat: ['a'] } },
        { var: 'a.__proto__' },
        { rule: 'missingRule' },
        { age: [] },
        { method: ['x', 'y'] },
      ],
    };
    expect(engine.check(logic).map((i) => [i.code, i.path])).toEqual([
      ['UNKNOWN_OPERATION', '/and/0/frobnicate'],
      ['UNKNOWN_VARIABLE', '/and/1/var'],
      ['DYNAMIC_VARIABLE', '/and/2/var'],
      ['FORBIDDEN_PATH', '/and/3/var'],
      ['UNKNOWN_RULE', '/and/4/rule'],
      ['BAD_ARGUMENT', '/and/5/age'],
      ['UNKNOWN_OPERATION', '/and/6/method'],
    ]);
    for (const issue of engine.check(logic)) expect(issue.message.length).toBeGreaterThan(5);
  });

  it('refuses a many-keyed object where an operand stands, at its pointer, and does not descend into it', () => {
    expect(engine.check({ '==': [{ frobnicate: 1, var: 'nope' }, 1] }).map((i) => [i.code, i.path])).toEqual([['BAD_ARGUMENT', '/==/0']]);
  });

  it('returns fresh arrays (callers may not corrupt the cache)', () => {
    const logic: Logic = { var: 'nope' };
    engine.check(logic).pop();
    expect(engine.check(logic)).toHaveLength(1);
  });
});

describe('analyze()', () => {
  it('lists literal var paths, ops and rule ids without expanding rules', () => {
    const logic: Logic = {
      if: [
        { and: [{ rule: 'adult' }, { var: ['b.c', 0] }, { '<': [{ yearsSince: { var: 'dob' } }, 2] }] },
        { missing: { merge: ['a', { if: [{ var: 'flag' }, ['b.c'], []] }] } },
        { some: [{ var: 'items' }, { '==': [{ var: 'kind' }, 'x'] }] },
      ],
    };
    expect(engine.analyze(logic)).toEqual({
      vars: ['b.c', 'dob', 'a', 'flag', 'items'],
      ops: ['if', 'and', 'rule', 'var', '<', 'yearsSince', 'missing', 'merge', 'some', '=='],
      rules: ['adult'],
    });
  });

  it('does not list the vars of referenced rules nor item-relative vars', () => {
    expect(engine.analyze({ rule: 'other' })).toEqual({ vars: [], ops: ['rule'], rules: ['other'] });
    expect(engine.analyze({ map: [{ var: 'items' }, { var: 'price' }] }).vars).toEqual(['items']);
  });

  it('lists numeric paths as strings and the first element of [path, default]', () => {
    const loose = createRuleEngine();
    expect(loose.analyze({ '+': [{ var: 1 }, { var: ['x.y', 3] }, { var: '' }] }).vars).toEqual(['1', 'x.y', '']);
  });
});

describe('exported tables and helpers', () => {
  it('documents exactly the custom operations', () => {
    expect(Object.keys(CUSTOM_OPERATIONS).sort()).toEqual(['age', 'daysBetween', 'isDate', 'matches', 'plainText', 'rule', 'yearsSince']);
    expect([...CUSTOM_OPERATION_NAMES].sort()).toEqual(Object.keys(CUSTOM_OPERATIONS).sort());
    for (const entry of Object.values(CUSTOM_OPERATIONS)) {
      expect(entry.signature).toMatch(/^\{"/);
      expect(entry.description.length).toBeGreaterThan(20);
    }
    expect(STANDARD_OPERATIONS).not.toContain('method');
  });

  it('truthy follows JSON-Logic', () => {
    expect([[], [0], 0, '', '0', null, {}, 'a', 1].map((v) => truthy(v))).toEqual([false, true, false, false, true, false, true, true, true]);
  });
});
