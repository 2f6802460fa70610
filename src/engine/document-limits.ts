/**
 * The size limits of documents (issue 22, "Documents without size limits"): a content list of a
 * million items hung the tab, and a rule of 100 000 operands kept lint busy for minutes. Before
 * anything expensive reads the documents (the positions parser, the format validators, the rule
 * analysis, the graph), each file is measured against these limits; one over any of them refuses
 * the documents with `file:line:col` and the limit, and nothing else is checked.
 *
 * The one check (src/engine/check.ts `checkDocuments`) runs this first, so lint:content, the
 * build (and each product's pack) and the browser's full check refuse the same documents. The
 * limits are several times what the documents hold today (the largest: 30 KiB, 1 503 values,
 * 136 members in one list or object, a rule of 68 values), so an author never meets them by
 * writing a flow. Pure: no fs, no DOM.
 */
import type { Diagnostic } from './diagnostics';
import type { SourceFile } from './document-set';
import { JsonSyntaxError, escapePointerSegment, positionOf, type SourcePosition } from './json-source';
import { parseJsonWithPositions } from './json-parse';
import type { JsonValue } from '../rules/index';

export const DOCUMENT_LIMITS = {
  /** Characters of one document file. */
  fileChars: 256 * 1024,
  /** Values (strings, numbers, lists, objects...) in one document. */
  values: 20_000,
  /** Items of one list, or members of one object. */
  members: 1_000,
  /** Values in one rule: a named rule's `logic`, or a condition (`when`, `showWhen`, `hideWhen`, `invalidWhen`). */
  ruleValues: 500,
  /** Nesting of one rule (the rule engine refuses past 100 when it walks it). */
  ruleDepth: 40,
} as const;

/** The keys whose value is a rule (the format schemas' `Logic` and `Condition` places that hold decisions). */
const RULE_KEYS = new Set(['logic', 'when', 'showWhen', 'hideWhen', 'invalidWhen']);

/** Findings per file at most: the first ones say what to fix. */
const MAX_FINDINGS_PER_FILE = 5;

interface Over {
  pointer: string;
  message: string;
}

/** Values and depth of one rule, counting stops past the limit. */
function measureRule(rule: JsonValue): { values: number; depth: number } {
  let values = 0;
  let depth = 0;
  const stack: [JsonValue, number][] = [[rule, 1]];
  while (stack.length > 0 && values <= DOCUMENT_LIMITS.ruleValues && depth <= DOCUMENT_LIMITS.ruleDepth) {
    const [value, d] = stack.pop() as [JsonValue, number];
    values++;
    if (d > depth) depth = d;
    if (Array.isArray(value)) for (const item of value) stack.push([item, d + 1]);
    else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) stack.push([item, d + 1]);
  }
  return { values, depth };
}

/** What in one parsed document is over a limit, by JSON pointer (the walk stops at the values limit). */
function overLimits(value: JsonValue): Over[] {
  const found: Over[] = [];
  let values = 0;
  // [value, pointer, the value is a rule, the value lies in a rule]
  const stack: [JsonValue, string, boolean, boolean][] = [[value, '', false, false]];
  while (stack.length > 0 && found.length < MAX_FINDINGS_PER_FILE) {
    const [node, pointer, isRule, inRule] = stack.pop() as [JsonValue, string, boolean, boolean];
    values++;
    if (values > DOCUMENT_LIMITS.values) {
      found.push({ pointer: '', message: `the document holds more than ${DOCUMENT_LIMITS.values} values (the limit): split it, or shorten its lists` });
      break;
    }
    if (isRule) {
      const rule = measureRule(node);
      if (rule.values > DOCUMENT_LIMITS.ruleValues) found.push({ pointer, message: `the rule holds more than ${DOCUMENT_LIMITS.ruleValues} values (the limit): split it into named rules, or use "in" with a list` });
      else if (rule.depth > DOCUMENT_LIMITS.ruleDepth) found.push({ pointer, message: `the rule is nested more than ${DOCUMENT_LIMITS.ruleDepth} levels deep (the limit): split it into named rules` });
    }
    if (Array.isArray(node)) {
      if (node.length > DOCUMENT_LIMITS.members) found.push({ pointer, message: `the list holds ${node.length} items (at most ${DOCUMENT_LIMITS.members})` });
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i] as JsonValue, `${pointer}/${i}`, false, inRule]);
    } else if (typeof node === 'object' && node !== null) {
      const entries = Object.entries(node);
      if (entries.length > DOCUMENT_LIMITS.members) found.push({ pointer, message: `the object holds ${entries.length} members (at most ${DOCUMENT_LIMITS.members})` });
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, member] = entries[i] as [string, JsonValue];
        // A rule is measured once, at its root (a "when" inside a rule is not another rule).
        const startsRule = !inRule && RULE_KEYS.has(key);
        stack.push([member, `${pointer}/${escapePointerSegment(key)}`, startsRule, inRule || startsRule]);
      }
    }
  }
  return found;
}

/**
 * The documents over a limit (DOCUMENT_LIMITS), each with its place. JSON.parse measures a file
 * (fast, and bounded by `fileChars`); positions are read only for a file over a limit. A file
 * that does not parse is left to the loader, which says where.
 */
export function documentLimitFindings(files: readonly SourceFile[]): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const file of files) {
    const at = (pointer: string, message: string, pos: SourcePosition): void => {
      found.push({ file: file.path, pointer, line: pos.line, col: pos.col, severity: 'error', message, check: 'too-large' });
    };
    if (file.text.length > DOCUMENT_LIMITS.fileChars) {
      at('', `the file has ${file.text.length} characters (at most ${DOCUMENT_LIMITS.fileChars}): split it`, { line: 1, col: 1 });
      continue;
    }
    let value: JsonValue;
    try {
      value = JSON.parse(file.text) as JsonValue;
    } catch {
      continue;
    }
    const over = overLimits(value);
    if (over.length === 0) continue;
    let place = (_pointer: string): SourcePosition => ({ line: 1, col: 1 });
    try {
      const parsed = parseJsonWithPositions(file.text);
      place = (pointer) => positionOf(parsed, pointer);
    } catch (err) {
      if (!(err instanceof JsonSyntaxError)) throw err;
    }
    for (const o of over) at(o.pointer, o.message, place(o.pointer));
  }
  return found;
}
