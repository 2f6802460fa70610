/**
 * A session that comes back (SESS-03; docs/decisions.md, "Session start (issue 11)"): the saved
 * flow state restored into the documents as they are now (src/engine/restore.ts), older answer
 * notations read as today's (TRI-05), and the prefill the sending page left (src/app/prefill.ts).
 * Loaded on demand: a new session without prefill never loads it (the first screen's budget).
 */
import { answerAliases, normalizeStateAnswers } from '../engine/answer-aliases';
import { restoreSession } from '../engine/restore';
import { setPath, type AppState } from '../engine/state';
import type { Flow } from '../engine/flow';
import type { DocumentSet } from '../engine/loader';
import type { JsonValue } from '../rules/index';
import type { SessionValues, Telemetry } from '../shared/ports';
import { applyPrefill } from './prefill';

export interface ResumeInput {
  flow: Flow;
  docs: DocumentSet;
  today: string;
  telemetry: Pick<Telemetry, 'log'>;
  /** The saved flow state to restore, and the document version it was saved under. */
  saved: { state: AppState; version?: JsonValue } | undefined;
  currentVersion: string;
  /** An entry with action=resume or prefill and every resume key (the prefill is read then only). */
  resuming: boolean;
  /** The stored session values (prefillStatus, prefillDetails). */
  stored: SessionValues;
}

/** The restored state (if any), and the prefilled slices a new session starts with. */
export function resumeState(input: ResumeInput): { state?: AppState; prefilled: AppState } {
  const { flow, telemetry } = input;
  let state: AppState | undefined;
  if (input.saved) {
    const restored = restoreSession(flow, normalizeStateAnswers(answerAliases(input.docs), input.saved.state), { today: input.today });
    state = restored.state;
    const from = typeof input.saved.version === 'string' ? input.saved.version : '';
    if (from !== input.currentVersion || restored.landed !== 'same-step') {
      telemetry.log('info', 'session restored into changed documents', { product: flow.productId, from, to: input.currentVersion, landed: restored.landed });
    }
  }
  const status = typeof input.stored.prefillStatus === 'string' ? input.stored.prefillStatus : '';
  let prefilled: AppState = {};
  if (input.resuming && input.stored.prefillDetails !== undefined) {
    const applied = applyPrefill(state ?? {}, input.stored.prefillDetails);
    if (state) state = applied.state;
    else prefilled = applied.state;
    telemetry.log('info', 'prefill details read', { fields: applied.fields, status });
  }
  // The status the sending page left is the one that counts (PAY-36), also in a restored session.
  if (state && input.resuming) state = setPath(state, 'session.prefillStatus', status);
  return { ...(state ? { state } : {}), prefilled };
}
