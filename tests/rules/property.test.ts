// Property: on random logic built from the allowed operations (plus some refused ones) and random
// data, evaluate either returns a non-function value or throws a RuleError; nothing else escapes.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CUSTOM_OPERATIONS, RuleError, STANDARD_OPERATIONS, createRuleEngine, type JsonValue, type Logic, type RuleEngine } from '../../src/rules/index';

const ctx = { today: '2026-11-22' };
const namedRules: Record<string, Logic> = {
  adult: { '>=': [{ age: [{ var: 'dob' }] }, 18] },
  loop: { '!': { rule: 'loop' } },
  sum: { '+': [{ var: 'n' }, 1] },
};
const paths = ['a', 'a.b', 'n', 'dob', 'list', 'list.0', 'list.1.x', '', 'toString', 'valueOf', 'length', 'a.length',
  '__proto__', 'constructor', 'a.prototype', 'current', 'accumulator', 'current.x', 'hasOwnProperty', '1'];
const ops = [...STANDARD_OPERATIONS, ...Object.keys(CUSTOM_OPERATIONS)];

const scalar: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom<JsonValue>(null, true, false, 0, 1, -1, 2.5, '', 'a', '0', '2008-11-22', '11/22/2008', '02/2020', '13/45/2020', []),
  fc.integer({ min: -100, max: 100 }),
  fc.string({ maxLength: 5 }),
);

const { logic } = fc.letrec<{ logic: JsonValue }>((tie) => ({
  logic: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.constantFrom(...paths).map((p): JsonValue => ({ var: p })),
    fc.tuple(fc.constantFrom(...paths), tie('logic')).map(([p, d]): JsonValue => ({ var: [p, d] })),
    fc.constantFrom('adult', 'loop', 'sum', 'nope').map((id): JsonValue => ({ rule: id })),
    fc.tuple(fc.constantFrom(...ops), fc.array(tie('logic'), { maxLength: 4 })).map(([op, args]): JsonValue => ({ [op]: args })),
    fc.tuple(fc.constantFrom(...ops), tie('logic')).map(([op, arg]): JsonValue => ({ [op]: arg })),
    fc.tuple(fc.constantFrom('method', 'frobnicate', 'var.call'), fc.array(tie('logic'), { maxLength: 2 })).map(([op, args]): JsonValue => ({ [op]: args })),
    fc.array(tie('logic'), { maxLength: 3 }),
  ),
}));

const data: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<JsonValue>,
  fc.record({
    a: fc.oneof(fc.constant<JsonValue>({ b: 1 }), fc.constant<JsonValue>([1, 2]), scalar),
    n: scalar,
    dob: scalar,
    list: fc.array(fc.oneof(scalar, fc.record({ x: scalar })), { maxLength: 3 }),
  }) as fc.Arbitrary<JsonValue>,
);

function assertSafe(engine: RuleEngine, l: Logic, d: JsonValue): void {
  let result: unknown;
  try {
    result = engine.evaluate(l, d, ctx);
  } catch (err) {
    expect(err, String(err)).toBeInstanceOf(RuleError);
    // Whatever check() reports statically, evaluate refuses with the first such issue.
    const first = engine.check(l)[0];
    if (first !== undefined) expect([(err as RuleError).code, (err as RuleError).path]).toEqual([first.code, first.path]);
    return;
  }
  expect(typeof result).not.toBe('function');
  expect(result).not.toBeUndefined();
  expect(engine.check(l)).toEqual([]);
}

describe('evaluate on random logic', () => {
  beforeAll(() => {
    vi.spyOn(console, 'log'); // "log" is not an operation: nothing may write to the console
  });
  afterAll(() => {
    expect(console.log).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('only ever throws RuleError and never returns a function (no contract)', () => {
    const engine = createRuleEngine({ namedRules });
    fc.assert(fc.property(logic, data, (l, d) => assertSafe(engine, l, d)), { numRuns: 3000 });
  });

  it('only ever throws RuleError and never returns a function (with a contract)', () => {
    const engine = createRuleEngine({ namedRules, isKnownVar: (p) => ['a', 'a.b', 'n', 'dob', 'list'].includes(p) });
    fc.assert(fc.property(logic, data, (l, d) => assertSafe(engine, l, d)), { numRuns: 3000 });
  });
});
