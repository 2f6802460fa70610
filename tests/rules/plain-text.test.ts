// Issue 22: `plainText`, the text as rules compare it (ADDR-16, ADDR-21: "ＰＯ Ｂｏｘ" and a
// zero-width space inside "PO Box" read as PO Box).
import { describe, expect, it } from 'vitest';
import { createRuleEngine } from '../../src/rules/index';

const engine = createRuleEngine();
const ctx = { today: '2026-11-22' };
const plain = (value: unknown): unknown => engine.evaluate({ plainText: [{ var: 'v' }] }, { v: value as string }, ctx);

describe('plainText (issue 22)', () => {
  it('removes format characters and makes full-width letters, digits and spaces plain (NFKC)', () => {
    expect(plain('P\u200bO Box 5')).toBe('PO Box 5');
    expect(plain('PO\u00adBox\u2060 9')).toBe('POBox 9');
    expect(plain('\u200eBox\u200f 4')).toBe('Box 4');
    expect(plain('\uff30\uff2f\u3000\uff22\uff4f\uff58\u3000\uff11\uff12')).toBe('PO Box 12');
    expect(plain('12 Main St')).toBe('12 Main St');
  });

  it('returns other values unchanged, and takes exactly one argument', () => {
    expect(plain(12)).toBe(12);
    expect(plain(null)).toBeNull();
    expect(engine.check({ plainText: [1, 2] }).map((i) => i.code)).toEqual(['BAD_ARGUMENT']);
    expect(() => engine.evaluate({ plainText: [1, 2] }, {}, ctx)).toThrow(/exactly one argument/);
  });
});
