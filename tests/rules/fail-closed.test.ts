// Fail-closed behaviour: every refusal is a RuleError with a code and a JSON pointer into the
// logic, never a silent null / false.
import { afterEach, describe, expect, it, vi } from 'vitest';
import jsonLogic from 'json-logic-js';
import { RuleError, createRuleEngine, type JsonValue, type Logic, type RuleErrorCode } from '../../src/rules/index';

const ctx = { today: '2026-11-22' };
const known = new Set(['a', 'a.b', 'dob', 'household.members', 'eligibility.self.status', 'x', 'list']);
const strict = createRuleEngine({
  isKnownVar: (p) => known.has(p),
  namedRules: {
    adult: { '>=': [{ age: [{ var: 'dob' }] }, 18] },
    usesAdult: { and: [{ rule: 'adult' }, true] },
    loopA: { rule: 'loopB' },
    loopB: { or: [false, { rule: 'loopA' }] },
    self: { '!': { rule: 'self' } },
    reachesLoop: { and: [true, { rule: 'loopA' }] },
    brokenInside: { '==': [{ var: 'nope' }, 1] },
    callsBroken: { '!': [{ rule: 'brokenInside' }] },
  },
});
const loose = createRuleEngine();

function errorOf(run: () => unknown): RuleError {
  try {
    run();
  } catch (err) {
    if (err instanceof RuleError) return err;
    throw new Error(`expected a RuleError, got ${String(err)}`, { cause: err });
  }
  throw new Error('expected a RuleError, nothing was thrown');
}

function expectRefused(engine: typeof strict, logic: Logic, data: JsonValue, code: RuleErrorCode, path: string): void {
  const err = errorOf(() => engine.evaluate(logic, data, ctx));
  expect(err.code).toBe(code);
  expect(err.path).toBe(path);
  expect(err).toBeInstanceOf(Error);
}

function expectIssue(engine: typeof strict, logic: Logic, code: RuleErrorCode, path: string): void {
  expect(engine.check(logic).map((i) => [i.code, i.path])).toContainEqual([code, path]);
}

describe('unknown operations', () => {
  it('refuses an unknown op, statically and at evaluation, with or without isKnownVar', () => {
    for (const engine of [strict, loose]) {
      expectRefused(engine, { frobnicate: [] }, {}, 'UNKNOWN_OPERATION', '/frobnicate');
      expectRefused(engine, { and: [true, { frobnicate: [1] }] }, {}, 'UNKNOWN_OPERATION', '/and/1/frobnicate');
      expectIssue(engine, { and: [true, { frobnicate: [1] }] }, 'UNKNOWN_OPERATION', '/and/1/frobnicate');
    }
  });

  it('refuses an unknown op even in a branch that would not be taken', () => {
    expectRefused(loose, { if: [true, 1, { frobnicate: [] }] }, {}, 'UNKNOWN_OPERATION', '/if/2/frobnicate');
  });

  it('refuses "method"', () => {
    expectRefused(loose, { method: ['abc', 'toUpperCase'] }, {}, 'UNKNOWN_OPERATION', '/method');
    expectRefused(loose, { or: [false, { method: [{ var: 'a' }, 'constructor'] }] }, { a: 'x' }, 'UNKNOWN_OPERATION', '/or/1/method');
  });

  it('refuses "log", which would write its argument (a birth date) to the console (issue 13)', () => {
    const spy = vi.spyOn(console, 'log');
    try {
      for (const engine of [strict, loose]) {
        expectRefused(engine, { log: { var: 'dob' } }, { dob: '1990-01-01' }, 'UNKNOWN_OPERATION', '/log');
        expectRefused(engine, { and: [true, { log: [1] }] }, {}, 'UNKNOWN_OPERATION', '/and/1/log');
      }
      expectIssue(strict, { log: { var: 'dob' } }, 'UNKNOWN_OPERATION', '/log');
      expect(strict.check({ log: [1] })[0]?.message).toMatch(/"log" is not an operation/);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses an object of several keys, statically and at evaluation, never a truthy literal (issue 13)', () => {
    for (const engine of [strict, loose]) {
      expectRefused(engine, { '==': [{ var: 'x' }, 1], '!=': [{ var: 'x' }, 1] }, { x: 1 }, 'BAD_ARGUMENT', '');
      expectRefused(engine, { and: [true, { var: 'x', cat: ['a'] }] }, { x: 1 }, 'BAD_ARGUMENT', '/and/1');
      expectRefused(engine, { if: [{ a: 1, b: 2 }, 'yes', 'no'] }, {}, 'BAD_ARGUMENT', '/if/0');
      expectIssue(engine, { or: [false, { a: 1, b: 2 }] }, 'BAD_ARGUMENT', '/or/1');
    }
    // A named rule's arguments are an object of several keys, and are not logic themselves.
    const withArgs = createRuleEngine({ namedRules: { both: { and: [{ var: 'arg.a' }, { var: 'arg.b' }] } } });
    expect(withArgs.evaluate({ rule: ['both', { a: true, b: 1 }] }, {}, ctx)).toBe(1);
  });

  it('refuses dotted operation names and escapes the pointer', () => {
    expectRefused(loose, { 'var.call': ['a'] }, {}, 'UNKNOWN_OPERATION', '/var.call');
    expectRefused(loose, { 'a/b~c': [] }, {}, 'UNKNOWN_OPERATION', '/a~1b~0c');
    // "/" is a real op: its pointer token is escaped.
    expectRefused(loose, { '/': [{ nope: [] }, 2] }, {}, 'UNKNOWN_OPERATION', '/~1/0/nope');
  });

  it('wraps an "Unrecognized operation" from json-logic-js as UNKNOWN_OPERATION', () => {
    // Registered ops are removed behind the engine's back: the run-time path must still fail closed.
    jsonLogic.rm_operation('cat');
    try {
      expectRefused(loose, { cat: ['a', 'b'] }, {}, 'UNKNOWN_OPERATION', '');
    } finally {
      jsonLogic.add_operation('cat', (...args: unknown[]) => args.join(''));
    }
    expect(loose.evaluate({ cat: ['a', 'b'] }, {}, ctx)).toBe('ab');
  });
});

describe('variables with isKnownVar', () => {
  it('refuses an unknown variable instead of reading null', () => {
    expectRefused(strict, { var: 'nope' }, {}, 'UNKNOWN_VARIABLE', '/var');
    expectRefused(strict, { and: [true, { '==': [{ var: ['nope', 1] }, 1] }] }, {}, 'UNKNOWN_VARIABLE', '/and/1/==/0/var/0');
    expectIssue(strict, { and: [{ var: 'x' }, { var: 'nope' }] }, 'UNKNOWN_VARIABLE', '/and/1/var');
  });

  it('accepts known variables and their defaults', () => {
    expect(strict.evaluate({ var: 'a.b' }, { a: { b: 3 } }, ctx)).toBe(3);
    expect(strict.evaluate({ var: ['x', 'dflt'] }, {}, ctx)).toBe('dflt');
    expect(strict.check({ and: [{ var: 'x' }, { var: ['a.b', 2] }] })).toEqual([]);
  });

  it('refuses a computed (dynamic) path', () => {
    const logic: Logic = { var: { cat: ['a', '.b'] } };
    expectRefused(strict, logic, { a: { b: 1 } }, 'DYNAMIC_VARIABLE', '/var');
    expectRefused(strict, { var: [{ if: [true, 'a', 'x'] }, 0] }, {}, 'DYNAMIC_VARIABLE', '/var/0');
    expect(loose.evaluate(logic, { a: { b: 1 } }, ctx)).toBe(1); // standard behaviour without a contract
  });

  it('refuses the whole-data var ""', () => {
    expectRefused(strict, { var: '' }, {}, 'UNKNOWN_VARIABLE', '/var');
    expectRefused(strict, { var: [] }, {}, 'UNKNOWN_VARIABLE', '/var');
    expectRefused(strict, { '!!': { var: null } }, {}, 'UNKNOWN_VARIABLE', '/!!/var');
  });

  it('checks missing / missing_some paths, including the merge/if idiom', () => {
    expectRefused(strict, { missing: ['a', 'nope'] }, {}, 'UNKNOWN_VARIABLE', '/missing/1');
    expectRefused(strict, { missing_some: [1, ['a', 'nope']] }, {}, 'UNKNOWN_VARIABLE', '/missing_some/1/1');
    expectRefused(strict, { missing: { var: 'list' } }, {}, 'DYNAMIC_VARIABLE', '/missing');
    const idiom: Logic = { missing: { merge: ['a', { if: [{ var: 'x' }, ['dob'], []] }] } };
    expect(strict.evaluate(idiom, { x: true }, ctx)).toEqual(['a', 'dob']);
    expectRefused(strict, { missing: { merge: ['a', { if: [{ var: 'x' }, ['nope'], []] }] } }, {}, 'UNKNOWN_VARIABLE', '/missing/merge/1/if/1/0');
  });

  it('reads map/filter items and reduce current/accumulator without asking the contract', () => {
    const logic: Logic = {
      reduce: [
        { filter: [{ var: 'household.members' }, { '>=': [{ var: 'age' }, 18] }] },
        { '+': [{ var: 'accumulator' }, { var: 'current.age' }] },
        0,
      ],
    };
    expect(strict.check(logic)).toEqual([]);
    expect(strict.evaluate(logic, { household: { members: [{ age: 20 }, { age: 3 }, { age: 40 }] } }, ctx)).toBe(60);
    expectRefused(strict, { reduce: [{ var: 'list' }, { var: 'other' }, 0] }, {}, 'UNKNOWN_VARIABLE', '/reduce/1/var');
    expectRefused(strict, { map: [{ var: 'list' }, { var: { cat: ['a'] } }] }, {}, 'DYNAMIC_VARIABLE', '/map/1/var');
  });
});

describe('forbidden paths and inherited properties (always)', () => {
  const cases: [Logic, string][] = [
    [{ var: '__proto__' }, '/var'],
    [{ var: 'constructor' }, '/var'],
    [{ var: 'prototype' }, '/var'],
    [{ var: 'a.__proto__.polluted' }, '/var'],
    [{ var: ['a.constructor.name', 'x'] }, '/var/0'],
    [{ and: [true, { var: 'x.prototype' }] }, '/and/1/var'],
    [{ missing: ['a', '__proto__'] }, '/missing/1'],
    [{ missing_some: [1, ['constructor']] }, '/missing_some/1/0'],
    [{ filter: [{ var: 'list' }, { var: 'constructor' }] }, '/filter/1/var'],
  ];
  it.each(cases)('%j is FORBIDDEN_PATH at %s', (logic, path) => {
    for (const engine of [strict, loose]) {
      expectRefused(engine, logic, { a: {}, list: [1] }, 'FORBIDDEN_PATH', path);
      expectIssue(engine, logic, 'FORBIDDEN_PATH', path);
    }
  });

  it('refuses forbidden segments of computed paths at run time (no isKnownVar)', () => {
    expectRefused(loose, { var: { cat: ['a.', '__proto__'] } }, { a: {} }, 'FORBIDDEN_PATH', '/var');
    expectRefused(loose, { missing: { merge: [{ cat: ['const', 'ructor'] }] } }, {}, 'FORBIDDEN_PATH', '/missing');
  });

  it('never reads inherited properties', () => {
    expect(loose.evaluate({ var: 'toString' }, {}, ctx)).toBeNull();
    expect(loose.evaluate({ var: ['toString', 'none'] }, {}, ctx)).toBe('none');
    expect(loose.evaluate({ var: 'a.hasOwnProperty' }, { a: {} }, ctx)).toBeNull();
    expect(loose.evaluate({ var: 'a.valueOf' }, { a: [1] }, ctx)).toBeNull();
    expect(loose.evaluate({ var: 'a.length' }, { a: [1, 2] }, ctx)).toBe(2); // own property of arrays
    expect(loose.evaluate({ missing: ['toString', 'valueOf'] }, {}, ctx)).toEqual(['toString', 'valueOf']);
    expect(loose.evaluate({ missing_some: [1, ['toString']] }, {}, ctx)).toEqual(['toString']);
    expect(loose.evaluate({ in: ['x', { var: 'o' }] }, { o: { indexOf: 1 } }, ctx)).toBe(false);
  });

  it('does not pollute Object.prototype', () => {
    const data = JSON.parse('{"a": {"__proto__": {"polluted": 1}}}') as JsonValue;
    expect(() => loose.evaluate({ var: 'a.__proto__.polluted' }, data, ctx)).toThrow(RuleError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('named rules', () => {
  it('evaluates a named rule by reference and by id', () => {
    expect(strict.evaluate({ rule: 'adult' }, { dob: '2000-01-01' }, ctx)).toBe(true);
    expect(strict.evaluate({ rule: ['adult'] }, { dob: '2010-01-01' }, ctx)).toBe(false);
    expect(strict.evaluateRule('usesAdult', { dob: '2000-01-01' }, ctx)).toBe(true);
  });

  it('evaluates a named rule on the root data even inside map/filter', () => {
    const logic: Logic = { map: [{ var: 'list' }, { rule: 'adult' }] };
    expect(strict.evaluate(logic, { list: [1, 2], dob: '2000-01-01' }, ctx)).toEqual([true, true]);
  });

  it('refuses an unknown rule reference', () => {
    expectRefused(strict, { and: [true, { rule: 'nope' }] }, {}, 'UNKNOWN_RULE', '/and/1/rule');
    expectRefused(strict, { rule: ['nope'] }, {}, 'UNKNOWN_RULE', '/rule/0');
    expectIssue(loose, { rule: 'nope' }, 'UNKNOWN_RULE', '/rule');
    const err = errorOf(() => strict.evaluateRule('nope', {}, ctx));
    expect([err.code, err.path]).toEqual(['UNKNOWN_RULE', '']);
  });

  it('refuses rule cycles, statically and at evaluation', () => {
    expectRefused(strict, { '!': [{ rule: 'loopA' }] }, {}, 'RULE_CYCLE', '/!/0/rule');
    // A reference to a rule that only reaches a cycle is refused at the reference itself.
    expectRefused(strict, { rule: 'reachesLoop' }, {}, 'RULE_CYCLE', '/rule');
    expect(strict.check({ rule: 'reachesLoop' })[0]?.message).toContain('loopA -> loopB -> loopA');
    expectIssue(strict, { rule: 'self' }, 'RULE_CYCLE', '/rule');
    expect(strict.check({ or: [false, { rule: 'loopA' }] })).toEqual([
      expect.objectContaining({ code: 'RULE_CYCLE', path: '/or/1/rule' }),
    ]);
    const err = errorOf(() => strict.evaluateRule('loopB', {}, ctx));
    expect([err.code, err.path, err.ruleId]).toEqual(['RULE_CYCLE', '/or/1/rule', 'loopB']);
  });

  it('reports a problem inside a referenced rule with that rule\'s id and pointer', () => {
    const err = errorOf(() => strict.evaluate({ rule: 'callsBroken' }, {}, ctx));
    expect([err.code, err.path, err.ruleId]).toEqual(['UNKNOWN_VARIABLE', '/==/0/var', 'brokenInside']);
    expect(strict.check({ rule: 'callsBroken' })).toEqual([]); // check() reports this document only
  });

  it('reports run-time errors inside a named rule with its id', () => {
    const err = errorOf(() => strict.evaluate({ and: [true, { rule: 'adult' }] }, { dob: '02/30/2000' }, ctx));
    expect([err.code, err.path, err.ruleId]).toEqual(['INVALID_DATE', '/>=/0/age', 'adult']);
  });
});

describe('arity of custom operations', () => {
  it.each([
    [{ age: [] }, '/age'],
    [{ age: ['2000-01-01', '2001-01-01'] }, '/age'],
    [{ yearsSince: [] }, '/yearsSince'],
    [{ and: [true, { yearsSince: ['a', 'b', 'c'] }] }, '/and/1/yearsSince'],
    [{ rule: 5 }, '/rule'],
    [{ rule: ['adult', 'usesAdult'] }, '/rule'],
    [{ rule: { var: 'x' } }, '/rule'],
  ] as [Logic, string][])('%j is BAD_ARGUMENT at %s', (logic, path) => {
    expectRefused(strict, logic, {}, 'BAD_ARGUMENT', path);
    expectIssue(strict, logic, 'BAD_ARGUMENT', path);
  });

  it('refuses logic nested too deeply', () => {
    let logic: Logic = true;
    for (let i = 0; i < 150; i++) logic = { '!!': [logic] };
    expect(errorOf(() => loose.evaluate(logic, {}, ctx)).code).toBe('BAD_ARGUMENT');
  });
});

describe('the evaluation never leaks other errors', () => {
  afterEach(() => vi.restoreAllMocks());

  it('wraps a TypeError caused by odd data as BAD_ARGUMENT', () => {
    const data = { o: { toString: 1, valueOf: 1 } } as JsonValue;
    const err = errorOf(() => loose.evaluate({ cat: [{ var: 'o' }] }, data, ctx));
    expect(err.code).toBe('BAD_ARGUMENT');
    expect(err.cause).toBeInstanceOf(TypeError);
  });

  it('caches the static check per logic object', () => {
    const logic: Logic = { '==': [{ var: 'x' }, 1] };
    const isKnownVar = vi.fn((p: string) => p === 'x');
    const engine = createRuleEngine({ isKnownVar });
    for (let i = 0; i < 5; i++) expect(engine.evaluate(logic, { x: 1 }, ctx)).toBe(true);
    expect(isKnownVar).toHaveBeenCalledTimes(1);
  });
});

describe('prepareAll (idle-time preparation)', () => {
  it('prepares every named rule without throwing, and evaluation answers as before', () => {
    const ctx = { today: '2026-11-22' };
    const engine = createRuleEngine({
      namedRules: { 'a.ok': { '==': [{ var: 'x' }, 1] }, 'a.bad': { nope: [1] }, 'a.loop': { rule: 'a.loop' } },
      isKnownVar: (p) => p === 'x',
    });
    expect(() => engine.prepareAll()).not.toThrow();
    expect(engine.evaluateRule('a.ok', { x: 1 }, ctx)).toBe(true);
    expect(() => engine.evaluateRule('a.bad', {}, ctx)).toThrow(RuleError);
    expect(() => engine.evaluateRule('a.loop', {}, ctx)).toThrow(/never finishes/);
  });
});
