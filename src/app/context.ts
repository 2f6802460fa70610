import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AppInstance } from './boot';
import type { FlowSnapshot, FlowStore } from './flow-store';
import type { AppHistory } from './history';

export interface ShellActions {
  /** Previous (FLOW-21), keeping the browser history in step. */
  previous(): void;
  /** Opens the exit dialog (the exit button, a milestone's secondary button, EXIT-04). */
  openExit(): void;
  /** The browser history the URL is kept in (the test routes return to the flow through it). */
  history: AppHistory;
}

export const AppContext = createContext<AppInstance | null>(null);
export const ShellContext = createContext<ShellActions | null>(null);

export function useApp(): AppInstance {
  const app = useContext(AppContext);
  if (!app) throw new Error('useApp outside the app');
  return app;
}

export function useShell(): ShellActions {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside the shell');
  return shell;
}

export function useFlow(store: FlowStore): FlowSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
