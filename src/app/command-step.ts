/**
 * Running a command step (ROUTE-19) through the registry and moving the flow by its outcome,
 * with the interstitial's timing (UI-19). Loaded with the services the first time a command
 * runs, so none of it is on a first question screen's path.
 */
import type { StepView } from '../engine/flow';
import type { AppState } from '../engine/state';
import { completeCommand, handOver } from '../engine/flow-moves';
import type { CommandResult } from './flow-store';
import { InterstitialTimer } from '../ui/template/interstitial-timer';
import { commandRegistry, createServices, handlerOf, runCommand, type CommandOutcome } from '../services/commands';
import type { AppInstance } from './boot';
import { checkedSession } from './checked-session';
import { allowedHostsOf } from '../engine/url-problem';

export interface CommandStep {
  app: AppInstance;
  view: StepView;
  command: string;
  /** Date.now() when the flow arrived on the step: the interstitial's delay counts from then. */
  startedAt: number;
  /** Whether the flow is still on this command step (nothing else moved it meanwhile). */
  stillHere: () => boolean;
  /** The interstitial: shown or not, and its wording (the handler's, else 'processing'). */
  setInterstitial: (change: { visible?: boolean; kind?: 'processing' | 'profile' }) => void;
}

export async function runCommandStep({ app, view, command, startedAt, stillHere, setInterstitial }: CommandStep): Promise<void> {
  const { store, flow, telemetry } = app;
  const complete = (result: CommandResult): void => store.move('forward', (s, ctx) => completeCommand(flow, s, result, ctx), 'command');
  const timer = new InterstitialTimer((visible) => setInterstitial({ visible }));
  timer.start(Date.now() - startedAt);
  // Cancellation: once the flow has moved on (browser back, a restart), the command's requests are given up.
  const controller = new AbortController();
  const unsubscribe = store.subscribe(() => {
    if (!stillHere()) controller.abort();
  });
  let outcome: CommandOutcome;
  let leaving: string | undefined;
  try {
    await app.servicesReady();
    const handler = handlerOf(commandRegistry, command);
    setInterstitial({ kind: handler?.interstitial ?? 'processing' });
    outcome = await runCommand(commandRegistry, {
      command,
      args: view.args ?? {},
      state: store.state,
      flow,
      today: app.env.today(),
      config: app.config,
      // Issue 22: a product URL from a service's answer is kept only when it passes the URL check.
      session: checkedSession(app.session, allowedHostsOf(app.config), telemetry),
      telemetry,
      services: createServices(app.config),
      // The navigation waits for the command's end (below), so a hand-off the applicant may come back from is saved past its step first.
      leave: (url) => {
        leaving = url;
      },
      signal: controller.signal,
    });
  } catch (err) {
    timer.dispose();
    throw err;
  } finally {
    unsubscribe();
  }
  await timer.finish();
  if (!stillHere()) return;
  if (outcome.kind === 'left') {
    if (leaving !== undefined) leave(app, leaving, outcome.resumable === true ? savedPast(app, command) : undefined);
    return;
  }
  if (outcome.kind === 'error') {
    telemetry.log('error', 'command failed', { command, reason: outcome.reason.slice(0, 300) });
    // Already on the error route: do not loop; go on to the trap by the command's success outcome.
    if (view.position < 0) {
      const success = flow.docs.commands.get(command)?.command.success;
      if (success) complete({ outcome: success });
      else store.fail(outcome.reason);
    } else store.fail(outcome.reason);
    return;
  }
  complete(outcome.result);
}

/**
 * The state to keep for a return (action=resume, SESS-03): the step left by the leave-app command
 * completed by its success outcome, so a quote applicant back from the quote page goes on with the
 * modules after it (ssn-info, member-found, the servlet: FLOW-07, DEST-04/05) and the hand-off is
 * never run again because they came back to it. The answers given before it are marked handed
 * over (`flow.handedOver`): personal data is not kept, and they are not asked again after the
 * return; what the completion sends is a redacted prospect (docs/decisions.md, "Data that is
 * there, or asked again"). Undefined where the flow cannot move on.
 */
function savedPast(app: AppInstance, command: string): AppState | undefined {
  const success = app.flow.docs.commands.get(command)?.command.success;
  if (!success) return undefined;
  try {
    // The answers given so far went with the prospect sent before the hand-off: not asked again after the return (src/engine/answers.ts).
    return completeCommand(app.flow, handOver(app.store.state), { outcome: success }, { today: app.env.today() });
  } catch {
    return undefined;
  }
}

/**
 * Leaves the app: the last state saved (when given), nothing written after it, the member's
 * tokens left behind (the hand-off ends the journey, issue 22), then the navigation.
 */
function leave(app: AppInstance, url: string, last: AppState | undefined): void {
  app.stopPersisting(last);
  app.auth.forget(app.env);
  app.env.leave(url);
}
