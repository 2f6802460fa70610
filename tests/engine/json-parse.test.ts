/**
 * The parser behind every finding's file:line:col (src/engine/json-parse.ts), driven with hostile
 * input (issue 13): each input is either read as JSON.parse reads it, or refused with a
 * JsonSyntaxError that has a position inside the text and a message saying what to fix; never
 * another exception, a stack overflow or a hang.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING, parseJsonWithPositions } from '../../src/engine/json-parse';
import { JsonSyntaxError, type ParsedJson } from '../../src/engine/json-source';
import { lintProject, PROJECT_ROOT } from '../../tools/lib/project';
import { at, locate, realSources, where, withText } from '../lint/helpers';

/** The refusal of `text`: its position and message (fails the test when the text is accepted or something else is thrown). */
function refusal(text: string): { line: number; col: number; message: string } {
  let parsed: ParsedJson | undefined;
  try {
    parsed = parseJsonWithPositions(text);
  } catch (err) {
    expect(err).toBeInstanceOf(JsonSyntaxError);
    const e = err as JsonSyntaxError;
    return { line: e.position.line, col: e.position.col, message: e.message };
  }
  throw new Error(`accepted: ${JSON.stringify(parsed.value)}`);
}

/** The last position inside `text` (or just after it): a refusal is never placed beyond. */
function endOf(text: string): { line: number; col: number } {
  const lines = text.split('\n');
  return { line: lines.length, col: (lines[lines.length - 1] ?? '').length + 1 };
}

function inside(text: string, pos: { line: number; col: number }): boolean {
  const end = endOf(text);
  return pos.line >= 1 && pos.col >= 1 && (pos.line < end.line || (pos.line === end.line && pos.col <= end.col));
}

describe('hostile input: refused at a position, with what to fix', () => {
  it.each([
    // [name, text, line, col, message]
    ['empty file', '', 1, 1, /^Unexpected end of the file: the document is incomplete \(truncated\?\): expected a value\.$/],
    ['only spaces', '  \n ', 2, 2, /end of the file.*expected a value/],
    ['trailing comma in an object', '{"a": 1,}', 1, 9, /^Trailing comma before "}": remove the last comma\.$/],
    ['trailing comma in an array', '[1,\n 2,\n]', 3, 1, /^Trailing comma before "\]"/],
    ['a missing comma', '{"a": 1\n "b": 2}', 2, 2, /expected "," or "}" \(is a comma or a closing brace missing\?\)/],
    ['single quotes', "{'a': 1}", 1, 2, /expected a property name in double quotes/],
    ['a comment', '{"a": 1 // one\n}', 1, 9, /Unexpected "\/": expected "," or "}"/],
    ['NaN', '{"a": NaN}', 1, 7, /Unexpected "N": expected a value/],
    ['two documents', '{} {}', 1, 4, /Unexpected "{" after the end of the document/],
    ['a line break in a string', '{"a": "x\ny"}', 1, 9, /Line break inside a string: close the string or write \\n/],
    ['a raw tab in a string', '{"a": "x\ty"}', 1, 9, /Unescaped the control character U\+0009 inside a string: write it as \\u0009 or \\t/],
    ['a NUL in a string', '["\u0000"]', 1, 3, /control character U\+0000/],
    ['an unknown escape', '["\\x41"]', 1, 4, /Unknown escape \\x in a string/],
    ['a bad \\u escape', '["\\u12G4"]', 1, 3, /Bad \\u escape: write four hexadecimal digits/],
    ['a lone high surrogate escape', '["\\ud800"]', 1, 3, /Lone surrogate \\ud800: a high surrogate must be followed by a low one/],
    ['a high surrogate followed by a non-surrogate', '["\\ud800\\u0041"]', 1, 3, /Lone surrogate \\ud800/],
    ['a lone low surrogate escape', '["a\\udc00"]', 1, 4, /Lone surrogate \\udc00: a low surrogate must follow a high one/],
    ['a raw lone surrogate', '["a\ud800b"]', 1, 4, /Lone surrogate inside a string: the text is not valid Unicode/],
    ['a byte-order mark inside the document', '{"a":\ufeff1}', 1, 6, /Unexpected a byte-order mark \(U\+FEFF\): expected a value/],
    ['two byte-order marks', '\ufeff\ufeff{}', 1, 1, /byte-order mark/],
    ['a number too large for a double', '{"n": 1e400}', 1, 7, /Number 1e400 is too large for a number: write it as a string/],
    ['a number of 400 digits', `[${'9'.repeat(400)}]`, 1, 2, /Number 9{24}\.\.\. is too large/],
    ['an integer past 2^53', '{"id": 9007199254740993}', 1, 8, /Integer 9007199254740993 is too large to keep exactly \(more than 2\^53\): write it as a string/],
    ['a leading zero', '[012]', 1, 3, /Malformed number "01".*no leading zeros/],
    ['a dot without digits', '[1.]', 1, 3, /Malformed number "1\."/],
    ['a number cut after its dot', '[0.', 1, 4, /^Unexpected end of the file.*: expected the digits of the number\.$/],
    ['a number cut after its exponent sign', '[2e-', 1, 5, /^Unexpected end of the file/],
    ['a bare minus', '[-]', 1, 2, /Unexpected "-": expected a value \(a number after "-"\)/],
    ['a plus sign', '[+1]', 1, 2, /Unexpected "\+": expected a value/],
    ['a control character between values', '[1,\u00072]', 1, 4, /Unexpected the control character U\+0007/],
  ])('%s', (_name, text, line, col, message) => {
    const r = refusal(text);
    expect(r.message).toMatch(message);
    expect([r.line, r.col]).toEqual([line, col]);
    expect(inside(text, r)).toBe(true);
  });

  it(`refuses nesting deeper than ${MAX_NESTING} levels, at the first bracket too deep, with no stack overflow`, () => {
    for (const [open, close] of [['[', ']'], ['{"a":', '}']] as const) {
      const deep = open.repeat(100_000) + close.repeat(100_000);
      const r = refusal(deep);
      expect(r.message).toBe(`Nested more than ${MAX_NESTING} levels deep: flatten the document.`);
      expect([r.line, r.col]).toEqual([1, MAX_NESTING * open.length + 1]);
    }
    // MAX_NESTING levels are read.
    const ok = '['.repeat(MAX_NESTING) + ']'.repeat(MAX_NESTING);
    expect(parseJsonWithPositions(ok).value).toEqual(JSON.parse(ok));
  });

  it('reads a large document (850 KB) in bounded time: no quadratic path, no hang', () => {
    const big = JSON.stringify({ list: Array.from({ length: 20_000 }, (_, i) => ({ n: i, s: `v${i}`, b: i % 2 === 0, z: null })) });
    const started = performance.now();
    const parsed = parseJsonWithPositions(big);
    // Well under a second on a quiet machine; a quadratic path would take minutes. Generous for a shared CI box.
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(parsed.value).toEqual(JSON.parse(big));
    expect(parsed.positions.size).toBe(2 + 20_000 * 5);
  }, 60_000);
});

describe('what it accepts, it reads as JSON.parse does, with positions', () => {
  it.each([
    ['a byte-order mark opening the file (columns not moved)', '\ufeff{"a": [1, true, null]}'],
    ['escapes', '["\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\u20AC"]'],
    ['a surrogate pair as escapes', '["\\ud83d\\ude00"]'],
    ['a surrogate pair as text', '["\ud83d\ude00 ok"]'],
    ['numbers', '[0, -0, 1.5, -2e-3, 1E+2, 9007199254740991, -9007199254740991, 1e308, 5e-324]'],
    ['CRLF line ends', '{\r\n  "a": 1\r\n}\r\n'],
    ['a key "__proto__" (an own property, never the prototype)', '{"__proto__": {"polluted": true}, "b": 1}'],
    ['unicode line separators inside strings', '["a\u2028b\u2029c"]'],
  ])('%s', (_name, text) => {
    const parsed = parseJsonWithPositions(text);
    expect(parsed.value).toEqual(JSON.parse(text.replace(/^\ufeff/, '')));
    expect(parsed.duplicateKeys).toEqual([]);
  });

  it('"__proto__" stays an own key and pollutes nothing', () => {
    const value = parseJsonWithPositions('{"__proto__": {"polluted": true}}').value as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('places values and keys, after a byte-order mark as an editor shows them', () => {
    const parsed = parseJsonWithPositions('\ufeff{\n  "a": [10,\n    "x"]\n}');
    expect(parsed.positions.get('')).toEqual({ value: { line: 1, col: 1 } });
    expect(parsed.positions.get('/a')).toEqual({ key: { line: 2, col: 3 }, value: { line: 2, col: 8 } });
    expect(parsed.positions.get('/a/1')).toEqual({ value: { line: 3, col: 5 } });
    expect(refusal('\ufeff{"a" 1}')).toMatchObject({ line: 1, col: 6 });
  });
});

describe('duplicate keys', () => {
  it('are reported with the pointer and the position of each later key; the later value wins, as in JSON.parse', () => {
    const text = '{\n  "a": 1,\n  "b": {"x": 1, "x": 2, "x": 3},\n  "a": 2,\n  "a/b~": 0, "a/b~": 1\n}';
    const parsed = parseJsonWithPositions(text);
    expect(parsed.value).toEqual(JSON.parse(text));
    expect(parsed.duplicateKeys).toEqual([
      { pointer: '/b/x', position: { line: 3, col: 17 } },
      { pointer: '/b/x', position: { line: 3, col: 25 } },
      { pointer: '/a', position: { line: 4, col: 3 } },
      { pointer: '/a~1b~0', position: { line: 5, col: 14 } },
    ]);
  });

  it('a key equal to another only after escapes is a duplicate; keys differing in case are not', () => {
    expect(parseJsonWithPositions('{"é": 1, "\\u00e9": 2}').duplicateKeys.map((d) => d.pointer)).toEqual(['/é']);
    expect(parseJsonWithPositions('{"a": 1, "A": 2}').duplicateKeys).toEqual([]);
    // The same key in sibling objects is no duplicate.
    expect(parseJsonWithPositions('[{"a": 1}, {"a": 2}]').duplicateKeys).toEqual([]);
  });

  it('lint reports one in a real document as duplicate-key at the later key, and refuses it', () => {
    const file = 'flows/products/join-now.json';
    const sources = realSources();
    const original = sources.find((s) => s.path === file)?.text ?? '';
    const text = original.replace('"id": "join-now",', '"id": "join-now",\n  "description": "again",');
    expect(text).not.toBe(original);
    const errors = lintProject(withText(sources, file, text)).findings.filter((d) => d.severity === 'error');
    // The later key is the product's own description, below the one added.
    expect(where(errors)).toContain(at(file, locate(text, '"description": "The default'), 'duplicate-key'));
    expect(errors.find((d) => d.check === 'duplicate-key')?.message).toBe('duplicate key "description": the later one silently replaces the earlier; keep one');
  });
});

describe('a real document cut at every position', () => {
  const file = 'flows/products/join-now.json';
  const text = readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

  it(`${file} is read whole, and refused at each of its ${text.length} truncations, at a position inside the text with the end named`, () => {
    expect(parseJsonWithPositions(text).value).toEqual(JSON.parse(text));
    const lastBrace = text.lastIndexOf('}');
    for (let n = 0; n <= lastBrace; n++) {
      const cut = text.slice(0, n);
      const r = refusal(cut);
      expect(inside(cut, r), `cut at ${n}: ${r.line}:${r.col}`).toBe(true);
      expect(r.message, `cut at ${n}`).toMatch(/^Unexpected end of the file: the document is incomplete \(truncated\?\): /);
      expect([r.line, r.col], `cut at ${n}`).toEqual([endOf(cut).line, endOf(cut).col]);
    }
  });

  it('every cut of a string with escapes and surrogate pairs names the end of the file', () => {
    const doc = '{"s": "a\\"b\\\\c\\u00e9\\ud83d\\ude00\ud83d\ude00", "n": -12.5e+3, "t": true, "f": false, "z": null}';
    expect(parseJsonWithPositions(doc).value).toEqual(JSON.parse(doc));
    for (let n = 0; n < doc.length; n++) {
      const cut = doc.slice(0, n);
      // A cut between the two halves of a raw surrogate pair leaves a lone surrogate: also refused, at it.
      const r = refusal(cut);
      expect(inside(cut, r), `cut at ${n}`).toBe(true);
      expect(r.message, `cut at ${n}: ${r.message}`).toMatch(/^Unexpected end of the file|^Lone surrogate inside a string|^Malformed number/);
    }
  });
});
