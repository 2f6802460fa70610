/**
 * The analytics events of doc 2 §9 (CONST-08), read from the flow's state changes: each move
 * the FlowStore commits is compared with the state before it, so no screen or command fires
 * them and a new module, command or product needs nothing here. Loaded on demand once the
 * applicant's first move is painted (boot.ts): no first screen loads or requests it. Moves made
 * before it loaded are seen as one change from the first screen's state.
 *
 * Every event goes to the collector seam through Telemetry.track (src/ui/telemetry.ts: the data
 * layer `window.musterAnalytics`): the event name, `eventId` (the spec's number) and
 * non-personal fields only (module names, step ids, positions, reason codes, the variant).
 * What each id means where the spec only names it is in docs/decisions.md, "Observability".
 */
import { afterPaint } from '../ui/after-paint';
import type { Telemetry } from '../ui/contract';
import { getPath, isObject, type AppState } from '../engine/state';
import type { RuleContext, RuleEngine } from '../rules/engine';

// The page's marketing visitor ids (PAY-02) load with this chunk: boot starts both once the first move is painted.
export { watchVisitorIds } from './visitor-ids';

/** doc 2 §9: 14, 15, 25, 26 eligibility start, complete, success, failure; 280–284 module eligibility; 290–293 member found, created, spouse created, retriage. */
export const ANALYTICS_EVENTS = {
  eligibility_start: 14,
  eligibility_complete: 15,
  eligibility_success: 25,
  eligibility_failure: 26,
  module_start: 280,
  module_complete: 281,
  module_back: 282,
  module_error: 283,
  module_ineligible: 284,
  member_found: 290,
  member_created: 291,
  spouse_created: 292,
  retriage: 293,
} as const;

export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS;
type Fields = Record<string, string | number | boolean>;

export interface FlowEvent {
  name: AnalyticsEventName;
  data: Fields;
}

interface FlowPoint {
  position: number;
  module: string;
  step: string;
  variant: string;
  entry: string | undefined;
  depth: number;
}

function pointOf(state: AppState): FlowPoint {
  const f = isObject(state.flow) ? state.flow : {};
  return {
    position: typeof f.position === 'number' ? f.position : 0,
    module: typeof f.module === 'string' ? f.module : '',
    step: typeof f.step === 'string' ? f.step : '',
    variant: typeof f.variant === 'string' ? f.variant : 'self',
    entry: typeof f.entry === 'string' ? f.entry : undefined,
    depth: Array.isArray(f.history) ? f.history.length : 0,
  };
}

function reasonsOf(state: AppState): string[] {
  const r = getPath(state, 'eligibility.reasons');
  return Array.isArray(r) ? r.filter((x): x is string => typeof x === 'string') : [];
}

const isTrue = (state: AppState, path: string): boolean => getPath(state, path) === true;
const hasText = (state: AppState, path: string): boolean => {
  const v = getPath(state, path);
  return typeof v === 'string' && v !== '';
};

/**
 * The events one state change gives, in order. `before` undefined: the flow has just started
 * (a new session): eligibility_start and the first module's module_start.
 */
export function flowEvents(before: AppState | undefined, after: AppState, reasonForm: ReasonForm = () => undefined): FlowEvent[] {
  const to = pointOf(after);
  const events: FlowEvent[] = [];
  const add = (name: AnalyticsEventName, data: Fields = {}): void => void events.push({ name, data });
  if (before === undefined) {
    add('eligibility_start', { module: to.module, step: to.step });
    if (to.position >= 0 && to.step !== '@end') add('module_start', { module: to.module, position: to.position, variant: to.variant });
    return events;
  }
  if (before === after) return events;
  const from = pointOf(before);
  const forward = to.depth >= from.depth;

  // Ineligibility reasons recorded by this move (an edge's `reasons`), in the module that recorded them.
  const had = new Set(reasonsOf(before));
  const added = reasonsOf(after).filter((r) => !had.has(r));
  if (added.length > 0) {
    // The kebab forms the spec writes beside the codes (rule reasons.kebabForm: not-a-US-citizen, ERR-07), for the codes that have one.
    const forms = added.map((r) => reasonForm(r)).filter((f): f is string => f !== undefined);
    add('module_ineligible', { module: from.module, step: from.step, reasons: added.join(','), ...(forms.length > 0 ? { reasonForms: forms.join(',') } : {}), variant: from.variant });
  }

  // The enrollment record and the sponsor: what the commands wrote.
  if (!hasText(before, 'individuals.guid') && hasText(after, 'individuals.guid')) add('member_created', { module: to.module, variant: to.variant });
  if (!isTrue(before, 'individuals.memberFound.isFound') && isTrue(after, 'individuals.memberFound.isFound')) add('member_found', { module: to.module, variant: to.variant });
  if (!isTrue(before, 'sponsor.isCreated') && isTrue(after, 'sponsor.isCreated')) add('spouse_created', { module: to.module, variant: to.variant });

  if (from.position >= 0 && to.position < 0) {
    // The error route (FLOW-14): the module failed and so did this attempt.
    const reason = getPath(after, 'error.reason');
    const kind = typeof reason === 'string' ? (reason.split('|')[0] ?? '') : '';
    add('module_error', { module: from.module, step: from.step, reason: kind });
    add('eligibility_complete', { outcome: 'failure' });
    add('eligibility_failure', { module: from.module, reason: kind });
    return events;
  }
  if (to.position < 0) return events;

  if (to.step === '@end' && from.step !== '@end') {
    add('module_complete', { module: from.module, position: from.position, variant: from.variant });
    add('eligibility_complete', { outcome: 'success' });
    add('eligibility_success', { module: from.module, variant: to.variant });
    return events;
  }

  // A re-triage entry was entered (the engine writes flow.entry only then; entering a module at
  // its start clears it). Re-entering the same entry from inside its own module is not seen.
  const retriage = forward && to.entry !== undefined && (to.entry !== from.entry || to.position !== from.position);
  if (retriage) add('retriage', { entry: to.entry ?? '', from: from.module, module: to.module });

  if (to.position !== from.position || to.module !== from.module) {
    if (!forward) add('module_back', { module: from.module, to: to.module, position: to.position });
    else {
      if (to.position > from.position && from.position >= 0) add('module_complete', { module: from.module, position: from.position, variant: from.variant });
      add('module_start', { module: to.module, position: to.position, variant: to.variant });
    }
  }
  return events;
}

/** The kebab form of a reason code, when it has one. */
export type ReasonForm = (code: string) => string | undefined;

export interface ObservedStore {
  getSnapshot(): { state: AppState };
  subscribe(listener: () => void): () => void;
  /** The flow's documents and rule context (the FlowStore has them): the reasons' kebab forms come from rule reasons.kebabForm. */
  flow?: { docs: { ruleEngine: Pick<RuleEngine, 'evaluateRule'> } };
  context?(): RuleContext;
}

/** The kebab forms of rule reasons.kebabForm (rules/reasons.rules.json), or none when the store has no documents or the rule is absent or fails. */
export function reasonFormsOf(store: ObservedStore): ReasonForm {
  const engine = store.flow?.docs.ruleEngine;
  if (!engine) return () => undefined;
  return (code) => {
    try {
      const form = engine.evaluateRule('reasons.kebabForm', { arg: { code } }, store.context?.() ?? { today: '' });
      return typeof form === 'string' ? form : undefined;
    } catch {
      return undefined;
    }
  };
}

/**
 * Tracks the events of every state change of `store`; `since`: the state the observation starts
 * from (default the store's state now), whose change to the store's state now is tracked at once;
 * `newSession`: that state is a new flow's first (not a reload), so eligibility_start comes first.
 * Later changes are tracked once their screen is painted (after-paint.ts), in order. Returns the
 * unsubscribe.
 */
export function observeFlow(store: ObservedStore, telemetry: Pick<Telemetry, 'track'>, options: { newSession: boolean; since?: AppState; defer?: (fn: () => void) => void; reasonForm?: ReasonForm }): () => void {
  const defer = options.defer ?? afterPaint;
  const reasonForm = options.reasonForm ?? reasonFormsOf(store);
  const emit = (events: readonly FlowEvent[]): void => {
    for (const e of events) telemetry.track(e.name, { ...e.data, eventId: ANALYTICS_EVENTS[e.name] });
  };
  let last = options.since ?? store.getSnapshot().state;
  if (options.newSession) emit(flowEvents(undefined, last));
  const now = store.getSnapshot().state;
  emit(flowEvents(last, now, reasonForm));
  last = now;
  return store.subscribe(() => {
    const next = store.getSnapshot().state;
    if (next === last) return;
    const events = flowEvents(last, next, reasonForm);
    last = next;
    if (events.length > 0) defer(() => emit(events));
  });
}
