/**
 * Restoring a saved session into the product's documents as they are now (issue 11; the rule
 * is written down in docs/decisions.md, "Session start (issue 11)").
 *
 * A saved session carries the product document's version. When the session comes back (a
 * reload, or an entry with action=resume or prefill) the documents may have changed under it:
 *
 * 1. The step it was on still exists in its module (the module of the same name at the saved
 *    position, else the nearest one of that name: a module that moved in the sequence is
 *    followed): it lands on that step. History entries are relocated the same way, and those
 *    whose steps no longer exist are dropped, so Back never reaches a step that is gone.
 * 2. Otherwise it lands on the start of its module: the module of the same name nearest the
 *    saved position (a module that moved in the sequence is found), else the module now at the
 *    saved position (clamped to the sequence). The start settles as a new module entry does
 *    (branches pass, a command runs).
 * 3. Only if that start itself fails (the module's start needs state the session lacks) does it
 *    start the flow at the product's start position. It never lands on the trap because the
 *    documents changed; a session that was on the error route stays there.
 *
 * Wherever it lands, the app's store then checks the answers the step depends on
 * (src/engine/answers.ts askAgain, issue 20): personal data is not kept in storage, so a panel
 * before it whose answers are gone is where the applicant is shown instead.
 *
 * Pure: no storage, no DOM. Loaded on demand (only a restored session needs it).
 */
import { currentCoordinate, findModule, historyOf, inModuleEnd, moduleAt, startFlow, stepOf, withProgress, writeFlow, type Coordinate, type Flow, type FlowContext } from './flow';
import { setPath, type AppState } from './state';
import type { JsonValue } from '../rules/engine';

export type RestoreLanding = 'same-step' | 'module-start' | 'flow-start';

export interface Restored {
  state: AppState;
  landed: RestoreLanding;
}

/** The coordinate in this flow: the module of the same name (at the saved position, else the nearest), if it still has the step. */
function relocate(flow: Flow, c: Coordinate): Coordinate | undefined {
  if (c.position < 0) return stepOf(flow, c) ? c : undefined;
  // Between two modules (the module update): the same place, while the module before it is still at that position.
  if (inModuleEnd(flow, c)) return stepOf(flow, c) ? c : undefined;
  const position = moduleAt(flow, c.position)?.name === c.module ? c.position : findModule(flow, c.module, c.position);
  if (position < 0 || moduleAt(flow, position)?.name !== c.module) return undefined;
  const moved = { ...c, position };
  return stepOf(flow, moved) ? moved : undefined;
}

function onErrorRoute(state: AppState): boolean {
  return currentCoordinate(state)?.position === -1;
}

/** The saved history relocated, less the entries that no longer exist (and, with `before`, those at or after that position). */
function keptHistory(flow: Flow, state: AppState, before?: number): Coordinate[] {
  const out: Coordinate[] = [];
  for (const h of historyOf(state)) {
    const r = relocate(flow, h);
    if (r && (before === undefined || r.position < before)) out.push(r);
  }
  return out;
}

export function restoreSession(flow: Flow, saved: AppState, ctx: FlowContext): Restored {
  const c = currentCoordinate(saved);
  if (c && (c.step === '@end' || c.step === '@error' || c.position === -1)) {
    // The end, or the error route: where the session was, not a consequence of a change.
    if (c.step === '@end' || c.step === '@error' || stepOf(flow, c)) return { state: saved, landed: 'same-step' };
  }
  const here = c ? relocate(flow, c) : undefined;
  if (here) {
    const history = keptHistory(flow, saved);
    const last = history[history.length - 1];
    if (!last || last.position !== here.position || last.step !== here.step) history.push(here);
    const s = writeFlow(setPath(saved, 'flow.history', history as unknown as JsonValue), { position: here.position });
    return { state: withProgress(flow, s, false), landed: 'same-step' };
  }
  const rest: AppState = { ...saved };
  delete rest.flow;
  const savedPosition = c && c.position >= 0 ? c.position : 0;
  let position = c ? findModule(flow, c.module, savedPosition) : -1;
  if (position < 0) position = Math.min(Math.max(savedPosition, 0), flow.modules.length - 1);
  const started = startFlow(flow, ctx, { initial: rest, position });
  if (!onErrorRoute(started)) {
    const history = [...keptHistory(flow, saved, position), ...historyOf(started)];
    return { state: withProgress(flow, setPath(started, 'flow.history', history as unknown as JsonValue), false), landed: 'module-start' };
  }
  return { state: startFlow(flow, ctx, { initial: rest }), landed: 'flow-start' };
}
