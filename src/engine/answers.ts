/**
 * The answers a step depends on, and asking again for those that are gone (issue 20, "Data that
 * is there, or asked again"). Pure: no storage, no DOM.
 *
 * A step depends on the answers of the data panels the applicant answered on the way to it: the
 * panels in the flow's history before it. What a panel's answers are comes from its document:
 * a form panel's are its schema's top-level `required` fields at its bound path (`bind`, with
 * the step's variant; a panel that requires nothing has none); a question panel's is its
 * `field` there. A panel whose bound path lies inside the bound path of a panel before it in the
 * history (address-confirm's `eligibility.self.address.validation` inside self-address's
 * `eligibility.self.address`) confirms that panel's answers and goes with them. A panel's answers
 * are held while at least one of them is present (a reload loses a person's data whole; a
 * partial loss is not one the flow makes).
 *
 * Personal data is not kept in browser storage (src/app/persist.ts): after a reload, or a
 * session restored on an entry, the state lacks the answers of the panels that asked them.
 * `askAgain` then takes the applicant back to the first panel whose answers are gone: the
 * history ends there (the panels after it come back as they are answered again, and progress
 * follows), and `flow.askedAgain` names that panel, for the screen's message
 * (content `app.askAgain.reload`). The app runs it on every state it shows (a reload, a restore,
 * Back and Forward, every move), so no step after a lost answer is shown or run: no command
 * sends a prospect without them (docs/decisions.md, "Data that is there, or asked again").
 *
 * A hand-off the applicant comes back from (the quote page, FLOW-07) sent the prospect with the
 * answers given before it: `handOver` (src/engine/flow-moves.ts, with the hand-off's other
 * moves) records how many history entries it took
 * (`flow.handedOver`); their answers are not asked again, and the prospects sent after the
 * return carry what the state holds (a redacted prospect, docs/decisions.md).
 */
import type { JsonValue, RuleContext } from '../rules/engine';
import { answerPath, bindPath, currentCoordinate, historyOf, panelOf, stepOf, withProgress, writeFlow, type Coordinate, type Flow } from './flow';
import { getPath, isObject, setPath, type AppState } from './state';

/** Where a panel's answers are and which of them count: undefined for a panel that asks none (a review page, a form that requires nothing). */
export interface PanelAnswers {
  kind: 'form' | 'question';
  path: string;
  /** Field paths under `path`; empty (a question): the value at `path`. */
  fields: string[];
}

export function panelAnswers(flow: Flow, c: Coordinate): PanelAnswers | undefined {
  const step = c.position >= 0 ? stepOf(flow, c) : undefined;
  if (step?.kind !== 'panel') return undefined;
  const panel = panelOf(flow, c.step);
  if (!panel || panel.kind === 'review') return undefined;
  if (panel.kind === 'question') return { kind: 'question', path: answerPath(panel, c.variant), fields: [] };
  const required = Array.isArray(panel.schema.required) ? (panel.schema.required as JsonValue[]).filter((f): f is string => typeof f === 'string') : [];
  // A panel that requires nothing cannot be told from one left empty: nothing of it is asked again.
  if (required.length === 0) return undefined;
  return { kind: 'form', path: bindPath(panel, c.variant), fields: required };
}

function present(v: JsonValue | undefined): boolean {
  if (v === undefined || v === null || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isObject(v)) return Object.values(v).some(present);
  return true;
}

/** Whether the state holds the answers `answers` names. */
export function answersHeld(state: AppState, answers: PanelAnswers): boolean {
  const stored = getPath(state, answers.path);
  if (answers.fields.length === 0) return present(stored);
  if (!isObject(stored)) return false;
  return answers.fields.some((f) => present(getPath(stored, f)));
}

/** How many history entries a hand-off the applicant came back from took with it (`flow.handedOver`). */
export function handedOverOf(state: AppState): number {
  const n = getPath(state, 'flow.handedOver');
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0;
}

function sameStep(a: Coordinate, b: Coordinate): boolean {
  return a.position === b.position && a.module === b.module && a.step === b.step && a.variant === b.variant;
}

/**
 * The first panel before the current step (in the history, after what a hand-off took) whose
 * answers the state no longer holds, with its index in the history; undefined when every answer
 * the current step depends on is there.
 */
export function firstLostAnswers(flow: Flow, state: AppState): { at: Coordinate; index: number } | undefined {
  const here = currentCoordinate(state);
  if (!here || here.position < 0 || here.step.startsWith('@')) return undefined;
  if (getPath(state, 'error.hasError') === true) return undefined;
  const history = historyOf(state);
  // The current step's own entry is the last: its answers are what it asks.
  const last = history[history.length - 1];
  const before = last && sameStep(last, here) ? history.length - 1 : history.length;
  const bound: string[] = [];
  for (let i = 0; i < before; i++) {
    const h = history[i] as Coordinate;
    const answers = panelAnswers(flow, h);
    if (!answers) continue;
    const confirms = answers.kind === 'form' && bound.some((b) => answers.path.startsWith(`${b}.`));
    if (answers.kind === 'form') bound.push(answers.path);
    if (i < handedOverOf(state) || confirms) continue;
    if (!answersHeld(state, answers)) return { at: h, index: i };
  }
  return undefined;
}

/** The panel the applicant was sent back to, while they are on it (`flow.askedAgain`). */
export function askedAgainOf(state: AppState): Coordinate | undefined {
  const a = getPath(state, 'flow.askedAgain');
  if (!isObject(a) || typeof a.position !== 'number' || typeof a.module !== 'string' || typeof a.step !== 'string') return undefined;
  return { position: a.position, module: a.module, step: a.step, variant: typeof a.variant === 'string' ? a.variant : 'self' };
}

/** Whether the current step is the panel the applicant was sent back to because its answers were gone. */
export function isAskedAgain(state: AppState): boolean {
  const a = askedAgainOf(state);
  const here = currentCoordinate(state);
  return a !== undefined && here !== undefined && sameStep(a, here);
}

/**
 * The state to show: unchanged when every answer the current step depends on is held; else back
 * on the first panel whose answers are gone, the history ending there, `flow.askedAgain` naming
 * it. The mark is dropped once the applicant has left that panel, and `flow.handedOver` once the
 * applicant has gone back across the hand-off.
 */
export function askAgain(flow: Flow, state: AppState, _ctx?: RuleContext): AppState {
  let s = state;
  const handed = handedOverOf(s);
  if (handed > 0 && historyOf(s).length <= handed) s = setPath(s, 'flow.handedOver', undefined);
  const lost = firstLostAnswers(flow, s);
  if (!lost) {
    if (getPath(s, 'flow.askedAgain') !== undefined && !isAskedAgain(s)) s = setPath(s, 'flow.askedAgain', undefined);
    return s;
  }
  const { at, index } = lost;
  s = setPath(s, 'flow.history', historyOf(s).slice(0, index + 1) as unknown as JsonValue);
  s = setPath(s, 'flow.returnTo', undefined);
  s = writeFlow(s, { position: at.position, module: at.module, step: at.step, variant: at.variant, isComplete: false, askedAgain: { ...at } });
  return withProgress(flow, s, false);
}
