/**
 * A small JSON parser that remembers where every value stands, so that any finding about a
 * document (schema error, broken reference, dead end) can be reported as file:line:col.
 * JSON.parse cannot do this, and its syntax errors give a character offset at best.
 *
 * It accepts what JSON.parse accepts (RFC 8259), with the same values (a duplicate key: the later
 * value, reported in `duplicateKeys`), and refuses with a position and what to fix what a
 * document should not hold even where JSON.parse would take it: nesting deeper than MAX_NESTING
 * (a stack overflow otherwise), a lone UTF-16 surrogate (it cannot be written as UTF-8), and a
 * number that a JavaScript number cannot hold (Infinity, or an integer past 2^53 that would
 * silently change). A byte-order mark opens a file without moving its columns.
 * tests/engine/json-parse.test.ts drives it with hostile inputs.
 */
import type { JsonValue } from '../rules/index';
import { JsonSyntaxError, pointerOf, type SourcePosition, type ParsedJson } from './json-source';

/** Objects and arrays nested deeper than this are refused (no document comes near it). */
export const MAX_NESTING = 200;

const END = 'Unexpected end of the file: the document is incomplete (truncated?)';
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
// eslint-disable-next-line no-control-regex -- a plain run stops at control characters
const PLAIN = /[^"\\\u0000-\u001f\ud800-\udfff]+/y;
const WORDS = [
  ['true', true],
  ['false', false],
  ['null', null],
] as const;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

export function parseJsonWithPositions(text: string): ParsedJson {
  let i = 0;
  let line = 1;
  let col = 1;
  const positions: ParsedJson['positions'] = new Map();
  const duplicateKeys: ParsedJson['duplicateKeys'] = [];

  const here = (): SourcePosition => ({ line, col });
  const advance = (n = 1): void => {
    for (let k = 0; k < n && i < text.length; k++) {
      if (text[i] === '\n') {
        line++;
        col = 1;
      } else {
        col++;
      }
      i++;
    }
  };
  const describe = (ch: string | undefined): string => {
    if (ch === undefined) return 'the end of the file';
    const code = ch.charCodeAt(0);
    if (code === 0xfeff) return 'a byte-order mark (U+FEFF)';
    return code < 0x20 || code === 0x7f ? `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}` : JSON.stringify(ch);
  };
  /** Refuse at the current position; at the end of the text, say the file is incomplete. */
  const fail = (message: string): never => {
    throw new JsonSyntaxError(i >= text.length ? `${END}: ${message}` : message, here());
  };
  const skipSpace = (): void => {
    while (i < text.length) {
      const ch = text[i];
      if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') advance();
      else break;
    }
  };

  const parseString = (): string => {
    // text[i] === '"'
    advance();
    let out = '';
    for (;;) {
      // A run of plain characters at once (no quote, backslash, control character or surrogate: no line break either).
      PLAIN.lastIndex = i;
      const run = PLAIN.exec(text)?.[0] ?? '';
      if (run.length > 0) {
        out += run;
        i += run.length;
        col += run.length;
      }
      if (i >= text.length) fail('add the closing quote of the string.');
      const ch = text[i] as string;
      const code = ch.charCodeAt(0);
      if (ch === '"') {
        advance();
        return out;
      }
      if (ch === '\n' || ch === '\r') fail('Line break inside a string: close the string or write \\n.');
      if (code < 0x20) fail(`Unescaped ${describe(ch)} inside a string: write it as \\u${code.toString(16).padStart(4, '0')}${ch === '\t' ? ' or \\t' : ''}.`);
      if (ch === '\\') {
        const esc = text[i + 1];
        if (esc === undefined) {
          advance();
          fail('add the rest of the escape and the closing quote of the string.');
        }
        if (esc !== undefined && esc in ESCAPES) {
          out += ESCAPES[esc];
          advance(2);
        } else if (esc === 'u') {
          const unit = (at: number): number | undefined => {
            const hex = text.slice(at, at + 4);
            return /^[0-9a-fA-F]{4}$/.test(hex) ? parseInt(hex, 16) : undefined;
          };
          const first = unit(i + 2);
          if (first === undefined) {
            if (/^[0-9a-fA-F]{0,3}$/.test(text.slice(i + 2))) advance(text.length - i); // cut short by the end
            fail('Bad \\u escape: write four hexadecimal digits.');
          }
          const value = first as number;
          if (isLow(value)) fail(`Lone surrogate \\u${text.slice(i + 2, i + 6)}: a low surrogate must follow a high one (\\ud83d\\ude00); write the character itself.`);
          if (isHigh(value)) {
            const second = text.slice(i + 6, i + 8) === '\\u' ? unit(i + 8) : undefined;
            if (second === undefined || !isLow(second)) {
              if (second === undefined && /^(?:\\(?:u[0-9a-fA-F]{0,3})?)?$/.test(text.slice(i + 6))) advance(text.length - i); // cut short by the end
              fail(`Lone surrogate \\u${text.slice(i + 2, i + 6)}: a high surrogate must be followed by a low one (\\ud83d\\ude00); write the character itself.`);
            }
            out += String.fromCharCode(value, second as number);
            advance(12);
          } else {
            out += String.fromCharCode(value);
            advance(6);
          }
        } else {
          advance();
          fail(`Unknown escape \\${esc ?? ''} in a string: write \\\\ for a backslash.`);
        }
        continue;
      }
      if (isHigh(code) && isLow(text.charCodeAt(i + 1))) {
        out += text.slice(i, i + 2);
        advance(2);
        continue;
      }
      if (isHigh(code) || isLow(code)) fail('Lone surrogate inside a string: the text is not valid Unicode (re-save the file as UTF-8).');
      out += ch;
      advance();
    }
  };

  const parseNumber = (): number => {
    const start = here();
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (!match) {
      if (i + 1 >= text.length) advance(); // a "-" the end of the file cut short
      return fail(`Unexpected ${describe(text[i])}: expected a value (a number after "-").`);
    }
    const literal = match[0];
    advance(literal.length);
    // "1." or "1e" at the end of the file: a number cut short.
    if (text.length - i <= 2 && /^(?:\.|[eE][+-]?)$/.test(text.slice(i))) {
      advance(text.length - i);
      fail('expected the digits of the number.');
    }
    const next = text[i];
    if (next !== undefined && /[0-9.eE+-]/.test(next)) fail(`Malformed number ${JSON.stringify(literal + next)}: write digits, with an optional fraction (.5) and exponent (e3); no leading zeros.`);
    const value = Number(literal);
    const refuse = (message: string): never => {
      throw new JsonSyntaxError(message, start);
    };
    if (!Number.isFinite(value)) refuse(`Number ${literal.length > 24 ? `${literal.slice(0, 24)}...` : literal} is too large for a number: write it as a string.`);
    if (/^-?[0-9]+$/.test(literal) && !Number.isSafeInteger(value)) refuse(`Integer ${literal} is too large to keep exactly (more than 2^53): write it as a string.`);
    return value;
  };

  const parseValue = (path: (string | number)[], depth: number, keyPos?: SourcePosition): JsonValue => {
    skipSpace();
    const start = here();
    const ch = text[i];
    if ((ch === '{' || ch === '[') && depth >= MAX_NESTING) fail(`Nested more than ${MAX_NESTING} levels deep: flatten the document.`);
    const pointer = pointerOf(path);
    positions.set(pointer, keyPos ? { value: start, key: keyPos } : { value: start });
    if (ch === '{') {
      advance();
      const obj: { [k: string]: JsonValue } = {};
      const seen = new Set<string>();
      skipSpace();
      if (text[i] === '}') {
        advance();
        return obj;
      }
      for (;;) {
        skipSpace();
        if (text[i] !== '"') {
          if (text[i] === '}') fail('Trailing comma before "}": remove the last comma.');
          fail(`Unexpected ${describe(text[i])}: expected a property name in double quotes.`);
        }
        const kp = here();
        const key = parseString();
        skipSpace();
        if (text[i] !== ':') fail(`Unexpected ${describe(text[i])}: expected ":" after the property name.`);
        advance();
        if (seen.has(key)) duplicateKeys.push({ pointer: pointerOf([...path, key]), position: kp });
        seen.add(key);
        const v = parseValue([...path, key], depth + 1, kp);
        // defineProperty: a key "__proto__" is an own property, as JSON.parse makes it, never the prototype.
        Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
        skipSpace();
        if (text[i] === ',') {
          advance();
          continue;
        }
        if (text[i] === '}') {
          advance();
          return obj;
        }
        fail(`Unexpected ${describe(text[i])}: expected "," or "}" (is a comma or a closing brace missing?).`);
      }
    }
    if (ch === '[') {
      advance();
      const arr: JsonValue[] = [];
      skipSpace();
      if (text[i] === ']') {
        advance();
        return arr;
      }
      for (;;) {
        skipSpace();
        if (text[i] === ']') fail('Trailing comma before "]": remove the last comma.');
        arr.push(parseValue([...path, arr.length], depth + 1));
        skipSpace();
        if (text[i] === ',') {
          advance();
          continue;
        }
        if (text[i] === ']') {
          advance();
          return arr;
        }
        fail(`Unexpected ${describe(text[i])}: expected "," or "]" (is a comma or a closing bracket missing?).`);
      }
    }
    if (ch === '"') return parseString();
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return parseNumber();
    for (const [word, val] of WORDS) {
      if (text.startsWith(word, i)) {
        advance(word.length);
        return val;
      }
      // A word cut short by the end of the file ("tru").
      if (i < text.length && i + word.length > text.length && word.startsWith(text.slice(i))) {
        advance(text.length - i);
        fail(`expected ${word}.`);
      }
    }
    if (ch === undefined) return fail('expected a value.');
    return fail(`Unexpected ${describe(ch)}: expected a value (string, number, object, array, true, false or null).`);
  };

  // A byte-order mark opens the file: skipped, and not counted as a column.
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  const value = parseValue([], 0);
  skipSpace();
  if (i < text.length) fail(`Unexpected ${describe(text[i])} after the end of the document.`);
  return { value, positions, duplicateKeys };
}
