/**
 * What a reload keeps (issue 4: "a reload lands on the same step with the same answers, within
 * the session"). The flow slice, the triage answers and the other non-personal slices go into
 * session storage; personal data never does. Kept by allow-list, so a slice added to the state
 * contract later stays in memory until someone decides it is not personal:
 *
 *   kept            flow, session, config, triage (minus member numbers), command, app,
 *                   address, error, eligibility.reasons, individuals status flags,
 *                   sponsor status flags
 *   memory only     eligibility.<person>.* (names, birth dates, phone, e-mail, SSN, military
 *                   and federal details, employment), triage.parentMemberNumber, sponsor ids,
 *                   individuals.prefillDetails (the prefill's pairs)
 *
 * After a reload the answers of the data panels are therefore gone: the store takes the
 * applicant back to the first panel that asked them, with a message saying why, and the panels
 * after it are asked again (src/engine/answers.ts, issue 20). What is typed and not sent is kept
 * in the store's memory only (drafts), for Back and Forward within the tab.
 */
import type { JsonValue } from '../rules/index';
import { isObject, type AppState, type JsonObject } from '../engine/state';

const WHOLE_SLICES = ['flow', 'session', 'config', 'command', 'app', 'address', 'error'] as const;
const TRIAGE_PERSONAL = new Set(['parentMemberNumber']);
const INDIVIDUALS_KEPT = ['lastStatus', 'status', 'memberFound'] as const;
const SPONSOR_KEPT = ['isEligible', 'sponsorExists', 'isCreated', 'isComplete', 'isError', 'codes', 'searchedWithMemberNumber', 'mode', 'militaryStatus'] as const;

function pick(source: JsonValue | undefined, keys: readonly string[]): JsonObject | undefined {
  if (!isObject(source)) return undefined;
  const out: JsonObject = {};
  for (const k of keys) if (source[k] !== undefined) out[k] = source[k] as JsonValue;
  return Object.keys(out).length > 0 ? out : undefined;
}

function omitDeep(source: JsonValue, personal: ReadonlySet<string>): JsonValue {
  if (Array.isArray(source)) return source.map((v) => omitDeep(v, personal));
  if (!isObject(source)) return source;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(source)) if (!personal.has(k)) out[k] = omitDeep(v, personal);
  return out;
}

/** The state without personal data: what may be written to session storage. */
export function redactPersonal(state: AppState): AppState {
  const out: AppState = {};
  for (const slice of WHOLE_SLICES) if (state[slice] !== undefined) out[slice] = state[slice] as JsonValue;
  if (state.triage !== undefined) out.triage = omitDeep(state.triage, TRIAGE_PERSONAL);
  const reasons = isObject(state.eligibility) ? state.eligibility.reasons : undefined;
  if (reasons !== undefined) out.eligibility = { reasons };
  const individuals = pick(state.individuals, INDIVIDUALS_KEPT);
  if (individuals) out.individuals = individuals;
  const sponsor = pick(state.sponsor, SPONSOR_KEPT);
  if (sponsor) out.sponsor = sponsor;
  return out;
}

/** Every personal string the state holds in memory (for telemetry masking). */
export function personalValues(state: AppState): string[] {
  const kept = JSON.stringify(redactPersonal(state));
  const values: string[] = [];
  const walk = (node: JsonValue | undefined): void => {
    if (typeof node === 'string') {
      if (node.length >= 2 && !kept.includes(JSON.stringify(node))) values.push(node);
    } else if (Array.isArray(node)) node.forEach(walk);
    else if (isObject(node)) Object.values(node).forEach(walk);
  };
  walk(state.eligibility);
  walk(isObject(state.triage) ? state.triage.parentMemberNumber : undefined);
  walk(isObject(state.sponsor) ? state.sponsor.sponsorData : undefined);
  walk(isObject(state.individuals) ? state.individuals.guid : undefined);
  const prefilled = isObject(state.individuals) ? state.individuals.prefillDetails : undefined;
  if (Array.isArray(prefilled)) for (const pair of prefilled) walk(isObject(pair) ? pair.value : undefined); // the values, not the key names
  return values;
}

export interface FlowSnapshotRecord {
  productId: string;
  sequenceId: string;
  /** The product document's version the state was saved under (src/engine/restore.ts). */
  version?: string;
  state: AppState;
}

export function isSnapshotRecord(value: JsonValue | undefined): value is JsonObject & { productId: string; sequenceId: string; state: JsonObject } {
  return isObject(value) && typeof value.productId === 'string' && typeof value.sequenceId === 'string' && isObject(value.state);
}
