/**
 * The prospect payload (doc 2 §3, PAY-01..PAY-39) built from its mapping, flows/payload.json:
 * for each field a state path, a named rule with arguments, a fixed value or a value of the
 * sending command's context. Pure: no network, no DOM; the enrollment commands
 * (src/engine/provider/commands.ts) send what this returns, and `npm run simulate` shows it.
 *
 * - A section is sent only when one of its values is present (PAY-09): a value is present
 *   unless it is absent, null or empty text; a section is present when it is sent.
 * - `{person}` in a path, or in any string of a rule's arguments, is the person key (PAY-28).
 * - Formats: `digits` (phones, PAY-11), `noDashes` (SSN and tax id, PAY-19), `date` (yyyy-MM-dd,
 *   PAY-26/27; a value that is not an accepted date is left out).
 * - Rules fail closed: a rule error is thrown (the command fails and the flow takes the error
 *   route), never a field silently left out.
 */
import { toIsoDate, type JsonValue, type Logic } from '../rules/index';
import type { Diagnostic } from './diagnostics';
import type { Doc, DocumentSet } from './document-set';
import type { PayloadMapping, PayloadNode, PayloadSection, ProductFlow } from './formats.generated';
import { pointerOf, positionOf } from './json-source';
import { getPath, isObject, type AppState, type JsonObject } from './state';

export interface PayloadContext {
  today: string;
  /** The product id sent (`productId`). */
  productId: string;
  /** The lifecycle status sent (`status`, SUB-01). */
  status: string;
  /** Whose prospect: one of the mapping's `persons` (default: the first, self). */
  person?: string;
  /**
   * The product's config: its flags fill the state's `config` slice where the state has none
   * (`config.prefillFlow` for PAY-22), so a walk without the browser's boot sees them too.
   */
  config?: ProductFlow['config'];
}

export class PayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayloadError';
  }
}

export const PERSON_PLACEHOLDER = '{person}';

/** `{person}` replaced in every string of a value (paths, arguments). */
function withPerson<T extends JsonValue>(value: T, person: string): T {
  if (typeof value === 'string') return value.split(PERSON_PLACEHOLDER).join(person) as T;
  if (Array.isArray(value)) return value.map((v) => withPerson(v, person)) as T;
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withPerson(v, person)])) as T;
  return value;
}

/** The rule call of a rule field for a person, built once per field and person (the rule engine caches its check per logic object). */
const calls = new WeakMap<object, Map<string, Logic>>();
function ruleCall(node: { rule: string; args?: Record<string, JsonValue> }, person: string): Logic {
  let byPerson = calls.get(node);
  if (!byPerson) calls.set(node, (byPerson = new Map()));
  let call = byPerson.get(person);
  if (call === undefined) {
    call = node.args === undefined ? { rule: node.rule } : { rule: [node.rule, withPerson(node.args as JsonObject, person)] };
    byPerson.set(person, call);
  }
  return call;
}

function present(value: JsonValue | undefined): value is JsonValue {
  return value !== undefined && value !== null && value !== '';
}

function formatted(value: JsonValue | undefined, format: string | undefined): JsonValue | undefined {
  if (!present(value) || format === undefined) return value;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return value;
  switch (format) {
    case 'digits':
      return text.replace(/\D/g, '');
    case 'noDashes':
      return text.replace(/-/g, '');
    case 'date':
      return toIsoDate(text) ?? undefined;
    default:
      return value;
  }
}

function isSection(node: PayloadNode): node is PayloadSection {
  return 'fields' in node;
}

/** The state the rules read: the state, with the product's config flags where the state's `config` slice has none. */
function dataOf(state: AppState, config: PayloadContext['config'], isKnownVar: (path: string) => boolean): AppState {
  if (!config) return state;
  const own = isObject(state.config) ? state.config : {};
  const flags: JsonObject = {};
  for (const [k, v] of Object.entries(config)) {
    if ((typeof v === 'boolean' || typeof v === 'string') && !(k in own) && isKnownVar(`config.${k}`)) flags[k] = v;
  }
  return Object.keys(flags).length === 0 ? state : { ...state, config: { ...flags, ...own } };
}

/** The mapping's person keys; the first is the default. */
export function payloadPersons(mapping: PayloadMapping): string[] {
  return [...mapping.persons];
}

/** Builds the prospect payload from the mapping, the state and the command's context. Throws PayloadError or the rule's RuleError. */
export function buildPayload(docs: Pick<DocumentSet, 'payload' | 'ruleEngine' | 'contract'>, state: AppState, ctx: PayloadContext): JsonObject {
  const mapping = docs.payload?.value;
  if (!mapping) throw new PayloadError('there is no payload mapping (flows/payload.json)');
  const person = ctx.person ?? mapping.persons[0];
  if (!mapping.persons.includes(person)) throw new PayloadError(`person "${person}" is not one of the mapping's persons (${mapping.persons.join(', ')})`);
  const data = dataOf(state, ctx.config, docs.contract.isKnownVar);
  const contextValue = { productId: ctx.productId, status: ctx.status, person } as const;

  const valueOf = (node: PayloadNode): JsonValue | undefined => {
    if (isSection(node)) {
      const out: JsonObject = {};
      for (const [name, child] of Object.entries(node.fields)) {
        const v = valueOf(child);
        if (present(v)) out[name] = v;
      }
      return Object.keys(out).length > 0 || node.always === true ? out : undefined;
    }
    if ('path' in node) return formatted(getPath(data, withPerson(node.path, person)), node.format);
    if ('rule' in node) return formatted(docs.ruleEngine.evaluate(ruleCall(node as { rule: string; args?: Record<string, JsonValue> }, person), data, { today: ctx.today }), node.format);
    if ('value' in node) return node.value;
    return contextValue[node.context];
  };
  const payload = valueOf(mapping.payload);
  return isObject(payload) ? payload : {};
}

/**
 * The consent value sent for a consent answer (PAY-06): AUTHORIZED when it is true or
 * AUTHORIZED, otherwise REVOKED. The prospect takes it from rule payload.consentAcquired; the
 * sponsor request and the hand-over values use this.
 */
export function consentOf(value: JsonValue | undefined): 'AUTHORIZED' | 'REVOKED' {
  return value === true || value === 'AUTHORIZED' ? 'AUTHORIZED' : 'REVOKED';
}

/**
 * Lint of flows/payload.json (`npm run lint:content`, the build, the browser's full check):
 * for each person key, every path is in the state contract, every rule exists and its call
 * (with the arguments) passes the rule check; a mapping is needed when a command sends a prospect.
 */
export function checkPayloadMapping(docs: DocumentSet): Diagnostic[] {
  const out: Diagnostic[] = [];
  const doc = docs.payload;
  const push = (d: Doc<unknown>, pointer: string, check: string, message: string, preferKey = false): void => {
    const pos = positionOf(d.parsed, pointer, preferKey);
    out.push({ file: d.file, pointer, line: pos.line, col: pos.col, severity: 'error', message, check });
  };
  if (!doc) {
    for (const [name, entry] of docs.commands) {
      if (entry.command.sends === 'prospect') push(entry.doc, pointerOf(['commands', name, 'sends']), 'broken-reference', `command ${name} sends the prospect, but there is no flows/payload.json (the payload mapping)`);
    }
    return out;
  }
  const seen = new Set<string>();
  const once = (pointer: string, check: string, message: string, preferKey = false): void => {
    const key = `${pointer}|${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    push(doc, pointer, check, message, preferKey);
  };
  const visit = (node: PayloadNode, at: string[], person: string): void => {
    const pointer = pointerOf(at);
    if (isSection(node)) {
      for (const [name, child] of Object.entries(node.fields)) visit(child, [...at, 'fields', name], person);
      return;
    }
    if ('path' in node) {
      const path = withPerson(node.path, person);
      if (!docs.contract.isKnownVar(path)) once(`${pointer}/path`, 'unknown-variable', `"${path}" (person ${person}) is not in the state contract (schemas/state.schema.json)`);
      return;
    }
    if ('rule' in node) {
      const rule = node as { rule: string; args?: Record<string, JsonValue> };
      if (!docs.rules.has(rule.rule)) {
        once(`${pointer}/rule`, 'broken-reference', `unknown rule "${rule.rule}"`);
        return;
      }
      const takes = docs.ruleEngine.ruleArguments(rule.rule);
      if (takes.length > 0 && rule.args === undefined) {
        once(`${pointer}/rule`, 'bad-rule', `rule "${rule.rule}" takes arguments: give "args" with ${takes.map((a) => `"${a}"`).join(', ')}`);
        return;
      }
      for (const issue of docs.ruleEngine.check(ruleCall(rule, person))) {
        const inArgs = /^\/rule\/1\/([^/]+)(.*)$/.exec(issue.path);
        const where = inArgs ? `${pointer}/args/${inArgs[1] ?? ''}${inArgs[2] ?? ''}` : `${pointer}/rule`;
        once(where, issue.code === 'UNKNOWN_VARIABLE' ? 'unknown-variable' : 'bad-rule', `${issue.message} (person ${person})`);
      }
    }
  };
  for (const person of doc.value.persons) visit(doc.value.payload, ['payload'], person);
  return out;
}
