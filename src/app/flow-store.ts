/**
 * The app's hold on the engine: the current state, the moves the applicant makes, and a redo
 * stack for the browser's forward button. Every move is an engine call (src/engine/flow.ts);
 * this class decides nothing about the flow. A move the engine refuses (an answer the panel
 * does not offer now, a rule error) goes to the product's error route, never a blank screen.
 */
import { afterPaint } from '../ui/after-paint';
import { RuleError, type JsonValue } from '../rules/engine';
import {
  back,
  current,
  currentCoordinate,
  forward,
  historyOf,
  submitAnswer,
  toErrorRoute,
  writeFlow,
  FlowError,
  type Flow,
  type FlowContext,
  type StepView,
} from '../engine/flow';
import { setPath, type AppState, type JsonObject } from '../engine/state';
import type { Telemetry } from '../ui/contract';

export type Direction = 'forward' | 'back' | 'none';

export interface FlowSnapshot {
  state: AppState;
  view: StepView;
  direction: Direction;
  /** Bumped on every change; screens are keyed on it. */
  version: number;
  /** Bumped on every move (not on a patch): a command step runs once per arrival, whatever is patched meanwhile. */
  moves: number;
  /** How many browser-forward steps can be redone. */
  redoDepth: number;
}

export type { CommandResult } from '../shared/ports';

export interface FlowStoreOptions {
  flow: Flow;
  state: AppState;
  today: () => string;
  telemetry: Pick<Telemetry, 'log' | 'track'>;
  /**
   * The engine's check of the answers a step depends on (src/engine/answers.ts askAgain), run on
   * every state the store shows; boot passes it (issue 20). Without it, states are shown as they are.
   */
  askAgain?: (flow: Flow, state: AppState, ctx: FlowContext) => AppState;
  /** Whether the current step is a panel the applicant was sent back to (src/engine/answers.ts isAskedAgain). */
  isAskedAgain?: (state: AppState) => boolean;
  /** Called once the new screen is painted, with the latest state (persisting it, redacted); changes in the same frame coalesce. */
  onChange?: (state: AppState) => void;
}

function draftKey(view: Pick<StepView, 'position' | 'module' | 'step' | 'variant'>): string {
  return `${view.position}\u0000${view.module}\u0000${view.step}\u0000${view.variant}`;
}

export class FlowStore {
  readonly flow: Flow;
  private snap: FlowSnapshot;
  private redoStack: AppState[] = [];
  /** What the applicant typed on a form and has not sent, per screen: in memory only, never stored (issue 20). */
  private readonly drafts = new Map<string, JsonObject>();
  private changePending = false;
  private readonly listeners = new Set<() => void>();
  private readonly today: () => string;
  private readonly telemetry: Pick<Telemetry, 'log' | 'track'>;
  private readonly onChange: ((state: AppState) => void) | undefined;
  private readonly check: (flow: Flow, state: AppState, ctx: FlowContext) => AppState;
  private readonly asked: (state: AppState) => boolean;

  constructor(options: FlowStoreOptions) {
    this.flow = options.flow;
    this.today = options.today;
    this.telemetry = options.telemetry;
    this.onChange = options.onChange;
    this.check = options.askAgain ?? ((_flow, s) => s);
    this.asked = options.isAskedAgain ?? (() => false);
    const state = this.check(options.flow, options.state, this.context());
    this.snap = { state, view: current(options.flow, state), direction: 'none', version: 0, moves: 0, redoDepth: 0 };
  }

  context(): FlowContext {
    return { today: this.today() };
  }

  getSnapshot = (): FlowSnapshot => this.snap;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get state(): AppState {
    return this.snap.state;
  }

  get view(): StepView {
    return this.snap.view;
  }

  /** The applicant was sent back to this panel because its answers were lost on a reload (src/engine/answers.ts): the screen says why. */
  get askedAgain(): boolean {
    return this.asked(this.snap.state);
  }

  /** The number of screens in the engine's history (the browser history depth we mirror). */
  get depth(): number {
    return historyOf(this.snap.state).length;
  }

  /** A question's answer (after the screen's auto-advance delay). */
  answer(value: string): void {
    this.move('forward', (s, ctx) => submitAnswer(this.flow, s, value, ctx), 'answer');
  }

  /** A form panel's data. */
  submit(data: JsonObject): void {
    this.drafts.delete(draftKey(this.snap.view));
    this.move('forward', (s, ctx) => submitAnswer(this.flow, s, data, ctx), 'submit');
  }

  /** A milestone's first button (UI-15). */
  next(): void {
    this.move('forward', (s, ctx) => forward(this.flow, s, ctx), 'next');
  }

  /** Sends the applicant to the error route with a system reason (FLOW-14). */
  fail(reason: string): void {
    this.telemetry.log('error', 'flow error route', { reason: reason.slice(0, 200), step: this.snap.view.step });
    this.commit(toErrorRoute(this.flow, this.snap.state, reason, this.context()), 'forward', true);
  }

  /** The error route itself cannot run (its command's code cannot load): the trap the shell draws, with the reason recorded (issue 13). */
  stop(reason: string): void {
    this.telemetry.log('error', 'flow stopped on the error route', { reason: reason.slice(0, 200) });
    const s = writeFlow(setPath(this.snap.state, 'error', { hasError: true, reason }), { step: '@error', isComplete: true });
    // A screen of its own in the history: browser back from it returns to the screen before, answers kept.
    this.commit(setPath(s, 'flow.history', [...historyOf(s), currentCoordinate(s)] as unknown as JsonValue), 'forward', true);
  }

  /** Previous / browser back (FLOW-21): allowed only with more than one history entry. */
  previous(): boolean {
    if (this.depth <= 1) return false;
    const before = this.snap.state;
    const after = back(this.flow, before);
    if (after === before) return false;
    this.redoStack.push(before);
    this.commit(after, 'back', false);
    return true;
  }

  /** Browser forward after a back: restores the state the back left. */
  redo(): boolean {
    const next = this.redoStack.pop();
    if (!next) return false;
    this.commit(next, 'forward', false);
    return true;
  }

  /**
   * What the applicant typed on a form panel and has not sent yet (issue 20): kept in memory for
   * the tab only, so Back then Forward (or coming back to the panel) shows it again.
   */
  keepDraft(view: Pick<StepView, 'position' | 'module' | 'step' | 'variant'>, data: JsonObject): void {
    this.drafts.set(draftKey(view), data);
  }

  draftOf(view: Pick<StepView, 'position' | 'module' | 'step' | 'variant'>): JsonObject | undefined {
    return this.drafts.get(draftKey(view));
  }

  /** Every text typed and not sent (telemetry masks them as personal values). */
  draftValues(): string[] {
    const out: string[] = [];
    const walk = (v: JsonValue): void => {
      if (typeof v === 'string' && v.length >= 2) out.push(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
    };
    for (const d of this.drafts.values()) walk(d);
    return out;
  }

  /** Writes values that are not moves (e.g. app.abandonStatus). */
  patch(values: Record<string, JsonValue | undefined>): void {
    let s = this.snap.state;
    for (const [path, value] of Object.entries(values)) s = setPath(s, path, value);
    this.snap = { ...this.snap, state: s, version: this.snap.version + 1 };
    this.emit();
    this.changed();
  }

  /**
   * A move of the engine's: the answer, submit and next above, and those the lazily loaded screens
   * make with the engine's src/engine/flow-moves.ts (a command's outcome, a review page's Change
   * link), which the first screen's script does not carry. A refusal goes to the error route.
   */
  move(direction: Direction, step: (state: AppState, ctx: FlowContext) => AppState, what: string): void {
    const before = this.snap.state;
    const ctx = this.context();
    let after: AppState;
    try {
      after = step(before, ctx);
    } catch (err) {
      if (err instanceof FlowError || err instanceof RuleError) {
        this.telemetry.log('error', `refused ${what}: ${err.message}`, { code: err.code, step: this.snap.view.step });
        after = toErrorRoute(this.flow, before, `FLOW_ERROR|${err.code}`, ctx);
      } else {
        throw err;
      }
    }
    this.commit(after, direction, true);
  }

  private commit(next: AppState, direction: Direction, clearsRedo: boolean): void {
    // Issue 20: no step is shown, and no command run, while an answer it depends on is gone (a
    // reload lost it): the applicant is taken back to the panel that asked it (src/engine/answers.ts).
    const state = this.check(this.flow, next, this.context());
    const askedAgain = historyOf(state).length !== historyOf(next).length || currentCoordinate(state)?.step !== currentCoordinate(next)?.step;
    if (clearsRedo || askedAgain) this.redoStack = [];
    if (askedAgain) this.telemetry.log('info', 'answers gone: asked again', { from: currentCoordinate(next)?.step ?? '', step: currentCoordinate(state)?.step ?? '' });
    const view = current(this.flow, state);
    this.snap = { state, view, direction: askedAgain ? 'back' : direction, version: this.snap.version + 1, moves: this.snap.moves + 1, redoDepth: this.redoStack.length };
    this.emit();
    // What the applicant does not see waits until the new screen is painted.
    afterPaint(() => this.telemetry.track('step_view', { kind: view.kind, module: view.module, step: view.step, variant: view.variant }));
    this.changed();
  }

  /** onChange (session storage) once the screen is painted, with the state as it is then: the latest. */
  private changed(): void {
    if (this.changePending) return;
    this.changePending = true;
    afterPaint(() => this.flushChanges());
  }

  /** Runs a pending onChange now: the page is going away (pagehide), or a caller needs it written. */
  flushChanges(): void {
    if (!this.changePending) return;
    this.changePending = false;
    this.onChange?.(this.snap.state);
  }

  private emit(): void {
    for (const l of [...this.listeners]) l();
  }
}
