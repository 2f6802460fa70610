/**
 * The state contract's bare shape (src/engine/state-contract.ts reads it): the keywords a lookup
 * needs, without prose. It travels in each product's pack with its fingerprint
 * (src/engine/pack.ts), so the browser's first reading checks the rules' variables against it
 * without carrying the contract in the first screen's script: the entry keeps only the
 * fingerprint of its own contract (src/generated/state-contract-hash.json, src/app/load.ts).
 */
import type { JsonValue } from '../rules/index';
import { stableHash } from './hash';

type SchemaNode = { [k: string]: JsonValue };

/** The keywords a contract lookup reads; everything else (descriptions, formats, enums) is prose or validation. */
const SHAPE_KEYWORDS = new Set(['properties', '$defs', '$ref', 'type', 'items', 'additionalProperties']);

/**
 * The contract's bare shape: the same `isKnownVar` answers from a fraction of the bytes (the
 * browser's rule engine checks variables against it; `describe` has nothing to say on it).
 */
export function contractShape(schema: object): object {
  const strip = (node: JsonValue, names: boolean): JsonValue => {
    if (Array.isArray(node)) return node.map((n) => strip(n, false));
    if (node === null || typeof node !== 'object') return node;
    const out: SchemaNode = {};
    for (const [k, v] of Object.entries(node)) {
      // Under properties/$defs the keys are names, not keywords.
      if (!names && !SHAPE_KEYWORDS.has(k)) continue;
      // `additionalProperties: false` closes an object; an object without it is open (any path under it).
      if (!names && k === 'additionalProperties' && v === true) continue;
      out[k] = strip(v, !names && (k === 'properties' || k === '$defs'));
    }
    return out;
  };
  return strip(schema as JsonValue, false) as object;
}

/** The fingerprint of a contract's shape: a pack is read against the contract it was checked with only when they match. */
export function contractHash(shape: object): string {
  return stableHash(shape as JsonValue);
}
