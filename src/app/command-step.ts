/**
 * Running a command step (ROUTE-19) through the registry and moving the flow by its outcome,
 * with the interstitial's timing (UI-19). Loaded with the services the first time a command
 * runs, so none of it is on a first question screen's path.
 */
import type { StepView } from '../engine/flow';
import { completeCommand } from '../engine/flow-moves';
import type { CommandResult } from './flow-store';
import { InterstitialTimer } from '../ui/template/interstitial-timer';
import { commandRegistry, createServices, handlerOf, runCommand, type CommandOutcome } from '../services/commands';
import type { AppInstance } from './boot';

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
      session: app.session,
      telemetry,
      services: createServices(app.config),
      leave: (url) => {
        app.stopPersisting();
        app.env.leave(url);
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
  if (outcome.kind === 'left') return;
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
