/** Reading and writing dotted paths of the application state, immutably. */
import type { JsonValue } from '../rules/index';

export type JsonObject = { [k: string]: JsonValue };
export type AppState = JsonObject;

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

function segmentsOf(path: string): string[] {
  const segments = path.split('.');
  for (const s of segments) if (FORBIDDEN.has(s)) throw new Error(`forbidden state path segment "${s}" in "${path}"`);
  return segments;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function getPath(state: JsonValue | undefined, path: string): JsonValue | undefined {
  let node: JsonValue | undefined = state;
  for (const s of segmentsOf(path)) {
    if (Array.isArray(node) && /^[0-9]+$/.test(s)) node = node[Number(s)];
    else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, s)) node = node[s];
    else return undefined;
  }
  return node;
}

/** A copy of `state` with `path` set to `value` (undefined removes it). */
export function setPath(state: AppState, path: string, value: JsonValue | undefined): AppState {
  const segments = segmentsOf(path);
  const write = (node: JsonValue | undefined, i: number): JsonValue => {
    const base: JsonObject = isObject(node) ? { ...node } : {};
    const key = segments[i] as string;
    if (i === segments.length - 1) {
      if (value !== undefined) return { ...base, [key]: value };
      const { [key]: _removed, ...rest } = base;
      return rest;
    }
    base[key] = write(base[key], i + 1);
    return base;
  };
  return write(state, 0) as AppState;
}

/** RFC 7386 JSON merge patch: the way products override shared documents. */
export function mergePatch(target: JsonValue | undefined, patch: JsonValue): JsonValue {
  if (!isObject(patch)) return patch;
  let out: JsonObject = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (FORBIDDEN.has(k)) continue;
    if (v === null) {
      const { [k]: _removed, ...rest } = out;
      out = rest;
    } else {
      out[k] = mergePatch(out[k], v);
    }
  }
  return out;
}

/**
 * A form's stored data as the form starts from it: `null` means "no answer" (a rule that found
 * nothing to copy, e.g. a member number not given in triage), so it is left out, deeply.
 */
export function withoutNulls(value: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === null) continue;
    out[k] = isObject(v) ? withoutNulls(v) : v;
  }
  return out;
}
