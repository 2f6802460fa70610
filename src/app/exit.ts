/**
 * Exit (doc 1 §4 "Exit", EXIT-05..EXIT-08): nothing when the abandon status is already set;
 * otherwise the abandon status is recorded and sent (when there is a prospect with a token and
 * its last status is not detour), then, on success or error, the session is cleared and the
 * applicant goes home.
 */
import { getPath } from '../engine/state';
import type { Flow } from '../engine/flow';
import type { FlowStore } from './flow-store';
import type { SessionStore } from './storage';
import type { Telemetry } from '../ui/contract';
import type { AppInstance } from './boot';
import { loadChunk } from '../ui/load-chunk';

export interface ExitDeps {
  store: FlowStore;
  session: SessionStore;
  telemetry: Pick<Telemetry, 'log' | 'track'>;
  homeUrl: string;
  productId: string;
  /** Sends the abandon status (loaded lazily with the services; the one command runner's, src/engine/provider/commands.ts sendAbandon). */
  sendAbandon: (guid: string, jwtKey: string) => Promise<void>;
  leave: (url: string) => void;
  /** Called before the page leaves, so nothing is written to storage afterwards. */
  onLeaving?: () => void;
}

export type ExitResult = 'ignored' | 'left';

export async function exitApp(deps: ExitDeps): Promise<ExitResult> {
  const state = deps.store.state;
  if (getPath(state, 'app.abandonStatus') === true) return 'ignored';
  deps.store.patch({ 'app.abandonStatus': true });
  const guid = getPath(state, 'individuals.guid');
  const id = typeof guid === 'string' && guid !== '' ? guid : deps.session.getString('potentialCustomerGuid');
  const jwt = deps.session.getString('jwtKey');
  const last = getPath(state, 'individuals.lastStatus');
  deps.telemetry.track('exit', { step: deps.store.view.step });
  if (id && jwt && last !== 'detour') {
    try {
      await deps.sendAbandon(id, jwt);
    } catch (err) {
      deps.telemetry.log('warn', 'abandon status not sent', { reason: err instanceof Error ? err.message : 'unknown' });
    }
  }
  deps.onLeaving?.();
  deps.session.clear();
  deps.leave(deps.homeUrl);
  return 'left';
}

/**
 * The shell's Exit, Leave (the dialog's button): what exitApp needs from the app, built here, in
 * the chunk Exit loads, so the first screen's script carries none of it. The abandon status is
 * sent with the services and the payload mapping, which load only then.
 */
export function exitFromShell(app: AppInstance, store: FlowStore, flow: Flow): Promise<ExitResult> {
  return exitApp({
    store,
    session: app.session,
    telemetry: app.telemetry,
    homeUrl: app.auth.getSnapshot().home ?? app.config.homeUrl,
    productId: flow.productId,
    onLeaving: app.stopPersisting,
    leave: app.env.leave,
    sendAbandon: async () => {
      await app.servicesReady();
      const { createServices, runAbandon } = await loadChunk(() => import('../services/commands'));
      const sent = await runAbandon({ state: store.state, flow, today: app.env.today(), config: app.config, session: app.session, telemetry: app.telemetry, services: createServices(app.config), leave: () => undefined });
      if (!sent.sent) throw new Error(`abandon: ${sent.status !== undefined ? `HTTP ${sent.status}` : 'no answer'}`);
    },
  });
}
