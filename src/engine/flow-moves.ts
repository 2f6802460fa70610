/**
 * The flow engine's moves that only a lazily loaded screen makes (src/engine/flow.ts has the
 * others): a command's outcome (src/app/command-step.ts) and a Change link on the review page
 * (src/app/ReviewStep.tsx). Apart, so the first screen's script does not carry them
 * (docs/architecture.md, "In the browser").
 */
import type { JsonValue } from '../rules/engine';
import { panelNameOf } from './document-set';
import { reviewConsent } from './review';
import {
  FlowError,
  currentCoordinate,
  findModule,
  forward,
  withReasons,
  guarded,
  historyOf,
  moduleAt,
  panelOf,
  pushHistory,
  stepOf,
  toErrorRoute,
  withProgress,
  writeFlow,
  type Flow,
  type FlowContext,
} from './flow';
import { getPath, setPath, type AppState, type JsonObject } from './state';

/** Record a command's result and move on by its outcome edges. */
export function completeCommand(
  flow: Flow,
  state: AppState,
  result: { outcome: string; codes?: string[]; status?: number; patch?: AppState },
  ctx: FlowContext,
): AppState {
  const c = currentCoordinate(state);
  const step = c ? stepOf(flow, c) : undefined;
  if (!c || step?.kind !== 'command' || !step.command) throw new FlowError('the current step is not a command', 'NOT_A_COMMAND');
  let s = state;
  for (const [k, v] of Object.entries(result.patch ?? {})) s = setPath(s, k, v);
  const command: JsonObject = { name: step.command, outcome: result.outcome };
  if (result.codes) command.codes = result.codes;
  if (result.status !== undefined) command.status = result.status;
  s = { ...s, command };
  // Any error state goes to the detour and then the trap (FLOW-14). The reasons of the step's
  // edge for this outcome to the error route (`"to": "@error"`, e.g. member-found-error, ERR-18)
  // are recorded on the way: the error route is where that edge leads.
  if (getPath(s, 'error.hasError') === true && c.position >= 0) {
    const index = (step.next ?? []).findIndex((e) => e.outcome === result.outcome && e.to === '@error');
    const edge = index >= 0 ? step.next?.[index] : undefined;
    if (edge?.reasons) s = withReasons(s, edge.reasons);
    if (edge) ctx.onEdge?.({ moduleId: moduleAt(flow, c.position, c.module)?.moduleId ?? c.module, from: c.step, index });
    return toErrorRoute(flow, s, String(getPath(s, 'error.reason') ?? 'COMMAND_ERROR'), ctx);
  }
  return forward(flow, s, ctx);
}

/**
 * A Change link on a review page: open the panel step that asked the answers (module by its
 * name in the sequence, the nearest before the review), remembering the review to come back to.
 */
export function changeAnswer(flow: Flow, state: AppState, target: { module: string; step: string }, ctx: FlowContext): AppState {
  const c = currentCoordinate(state);
  if (!c) throw new FlowError('no current step', 'NO_STEP');
  const review = stepOf(flow, c);
  const panel = review?.kind === 'panel' ? panelOf(flow, c.step) : undefined;
  if (panel?.kind !== 'review') throw new FlowError('Change is offered on a review page only', 'NOT_A_REVIEW');
  const section = panel.sections.find((x) => x.module === target.module && x.step === target.step);
  if (!section) throw new FlowError(`the review page has no section for ${target.module}/${target.step}`, 'NO_SECTION');
  return guarded(flow, state, ctx, () => {
    const position = findModule(flow, target.module, c.position);
    if (position < 0) throw new FlowError(`module "${target.module}" is not in this flow`, 'NO_MODULE');
    const m = moduleAt(flow, position);
    const step = m?.graph.steps[target.step];
    if (!m || step?.kind !== 'panel') throw new FlowError(`step "${target.step}" of module "${target.module}" is not a panel`, 'NO_STEP');
    const variant = step.variant ?? 'self';
    // The step the applicant actually answered on (the same panel and variant may be reached by several steps): its edges apply.
    const asked = [...historyOf(state)].reverse().find((h) => h.position <= c.position && panelNameOf(h.step) === panelNameOf(target.step) && h.variant === variant);
    const at = asked ?? { position, module: m.name, step: target.step, variant };
    let s = setPath(state, 'flow.returnTo', c as unknown as JsonValue);
    s = writeFlow(s, { position: at.position, module: at.module, step: at.step, variant: at.variant, isComplete: false });
    s = pushHistory(flow, s);
    return withProgress(flow, s, false);
  });
}

/**
 * The state saved for the return from a hand-off the applicant comes back from (the quote page,
 * FLOW-07): the history entries so far went with the prospect sent before it, and their answers
 * are not asked again after the return (`flow.handedOver`, read by src/engine/answers.ts).
 */
export function handOver(state: AppState): AppState {
  return setPath(state, 'flow.handedOver', historyOf(state).length);
}

/**
 * Continue on a review page. A page that asks the applicant's consent (its `consent`, while it
 * shows) goes on only with the box ticked: the tick is stored (true at the consent's path: the
 * prospect's consentAcquired, PAY-06) and the flow moves forward; unticked, the move is refused
 * (the screen refuses it first, with its message). A page without consent just moves forward.
 */
export function confirmReview(flow: Flow, state: AppState, consented: boolean, ctx: FlowContext): AppState {
  const c = currentCoordinate(state);
  const step = c ? stepOf(flow, c) : undefined;
  const panel = c && step?.kind === 'panel' ? panelOf(flow, c.step) : undefined;
  if (panel?.kind !== 'review') throw new FlowError('the current step is not a review page', 'NOT_A_REVIEW');
  const asked = reviewConsent(flow, panel, state, ctx);
  if (!asked) return forward(flow, state, ctx);
  if (!consented) throw new FlowError('the review page needs the applicant\'s consent', 'NO_CONSENT');
  return forward(flow, setPath(state, asked.consent.path, true), ctx);
}
