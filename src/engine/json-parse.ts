/**
 * A small JSON parser that remembers where every value stands, so that any finding about a
 * document (schema error, broken reference, dead end) can be reported as file:line:col.
 * JSON.parse cannot do this, and its syntax errors give a character offset at best.
 */
import type { JsonValue } from '../rules/index';
import { JsonSyntaxError, pointerOf, type SourcePosition, type ParsedJson } from './json-source';

export function parseJsonWithPositions(text: string): ParsedJson {
  let i = 0;
  let line = 1;
  let col = 1;
  const positions: ParsedJson['positions'] = new Map();
  const duplicateKeys: ParsedJson['duplicateKeys'] = [];

  const here = (): SourcePosition => ({ line, col });
  const advance = (n = 1): void => {
    for (let k = 0; k < n; k++) {
      if (text[i] === '\n') {
        line++;
        col = 1;
      } else {
        col++;
      }
      i++;
    }
  };
  const describe = (ch: string | undefined): string =>
    ch === undefined ? 'the end of the file' : JSON.stringify(ch);
  const fail = (message: string): never => {
    throw new JsonSyntaxError(message, here());
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
      const ch = text[i];
      if (ch === undefined) fail('Unterminated string: add the closing quote.');
      if (ch === '"') {
        advance();
        return out;
      }
      if (ch === '\n') fail('Line break inside a string: close the string or write \\n.');
      if (ch === '\\') {
        const esc = text[i + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (esc !== undefined && esc in simple) {
          out += simple[esc];
          advance(2);
        } else if (esc === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('Bad \\u escape: write four hexadecimal digits.');
          out += String.fromCharCode(parseInt(hex, 16));
          advance(6);
        } else {
          advance();
          fail(`Unknown escape \\${esc ?? ''} in a string.`);
        }
        continue;
      }
      out += ch;
      advance();
    }
  };

  const parseNumber = (): number => {
    const match = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i));
    if (!match) return fail(`Unexpected ${describe(text[i])}: expected a value.`);
    advance(match[0].length);
    return Number(match[0]);
  };

  const parseValue = (path: (string | number)[], keyPos?: SourcePosition): JsonValue => {
    skipSpace();
    const start = here();
    const pointer = pointerOf(path);
    positions.set(pointer, keyPos ? { value: start, key: keyPos } : { value: start });
    const ch = text[i];
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
        const v = parseValue([...path, key], kp);
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
        arr.push(parseValue([...path, arr.length]));
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
    for (const [word, val] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) {
        advance(word.length);
        return val;
      }
    }
    if (ch === undefined) return fail('Unexpected end of the file: the document is incomplete (truncated?).');
    return fail(`Unexpected ${describe(ch)}: expected a value (string, number, object, array, true, false or null).`);
  };

  if (text.charCodeAt(0) === 0xfeff) advance(); // byte-order mark
  const value = parseValue([]);
  skipSpace();
  if (i < text.length) fail(`Unexpected ${describe(text[i])} after the end of the document.`);
  return { value, positions, duplicateKeys };
}
