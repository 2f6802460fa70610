/**
 * The state contract (schemas/state.schema.json) as a lookup: which dotted paths a rule may
 * read and an edge may write. Fail closed: a path the contract does not name is unknown, except
 * under an object the contract leaves open (no `additionalProperties: false`), as JSON Schema reads it.
 */
import type { JsonValue } from '../rules/index';

type SchemaNode = { [k: string]: JsonValue };

export interface StateContract {
  isKnownVar(path: string): boolean;
  /** The contract's description of a path, for docs and error messages. */
  describe(path: string): string | undefined;
  /** Every leaf path, for docs and for suggestions. */
  paths(): string[];
  /** The schema (or bare shape, src/engine/contract-shape.ts) the lookup reads. */
  readonly schema: object;
}

/** What a path under an open object resolves to: known, with nothing more to say. */
const OPEN: SchemaNode = { type: 'object' };

export function createStateContract(schema: object): StateContract {
  const root = schema as SchemaNode;
  const defs = (root.$defs ?? {}) as { [k: string]: SchemaNode };

  const deref = (node: SchemaNode): SchemaNode => {
    let n = node;
    for (let guard = 0; typeof n.$ref === 'string' && guard < 20; guard++) {
      const name = n.$ref.replace(/^#\/\$defs\//, '');
      const target = defs[name];
      if (!target) return {};
      n = target;
    }
    return n;
  };

  const resolve = (path: string): SchemaNode | undefined => {
    if (path === '') return undefined;
    let node: SchemaNode = root;
    for (const segment of path.split('.')) {
      node = deref(node);
      const props = node.properties as { [k: string]: SchemaNode } | undefined;
      if (props && Object.prototype.hasOwnProperty.call(props, segment)) {
        node = props[segment] as SchemaNode;
        continue;
      }
      if (node.type === 'array' && /^[0-9]+$/.test(segment) && node.items && typeof node.items === 'object') {
        node = node.items as SchemaNode;
        continue;
      }
      const extra = node.additionalProperties;
      if (extra && typeof extra === 'object' && !Array.isArray(extra)) {
        node = extra as SchemaNode;
        continue;
      }
      // An open object (`"type": "object"` without `additionalProperties: false`, e.g. `form`, the
      // form being validated): any path under it is known.
      if (node.type === 'object' && extra !== false) return OPEN;
      return undefined;
    }
    return deref(node);
  };

  const collect = (node: SchemaNode, prefix: string, out: string[], depth: number): void => {
    const n = deref(node);
    const props = n.properties as { [k: string]: SchemaNode } | undefined;
    if (!props || depth > 6) {
      if (prefix) out.push(prefix);
      return;
    }
    if (prefix) out.push(prefix);
    for (const [k, v] of Object.entries(props)) collect(v, prefix ? `${prefix}.${k}` : k, out, depth + 1);
  };

  return {
    schema,
    isKnownVar: (path) => resolve(path) !== undefined,
    describe: (path) => {
      const node = resolve(path);
      return node && typeof node.description === 'string' ? node.description : undefined;
    },
    paths: () => {
      const out: string[] = [];
      collect(root, '', out, 0);
      return out;
    },
  };
}
