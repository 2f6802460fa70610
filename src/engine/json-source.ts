/**
 * Where values stand in a JSON document: the parsed shape with its positions, JSON pointers,
 * and the lookup that turns a pointer into file:line:col for a finding. The parser that
 * records the positions is src/engine/json-parse.ts (only the full check loads it).
 */
import type { JsonValue } from '../rules/index';

export interface SourcePosition {
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  col: number;
}

export interface ParsedJson {
  value: JsonValue;
  /** JSON pointer (RFC 6901) -> position of the value; for object members also of the key. */
  positions: Map<string, { value: SourcePosition; key?: SourcePosition }>;
  /** Duplicate keys: JSON allows them, but the second silently wins; authors want to know. */
  duplicateKeys: { pointer: string; position: SourcePosition }[];
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: SourcePosition,
  ) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointerOf(segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + escapePointerSegment(String(s))).join('');
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The position of the nearest enclosing value that has one (a pointer into a merged document may not). */
export function positionOf(parsed: ParsedJson, pointer: string, preferKey = false): SourcePosition {
  let p = pointer;
  for (;;) {
    const found = parsed.positions.get(p);
    if (found) return (preferKey && found.key) || found.value;
    if (p === '') return { line: 1, col: 1 };
    p = p.slice(0, p.lastIndexOf('/'));
  }
}
