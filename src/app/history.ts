/**
 * The browser history, as the shell needs it: a location (path relative to the basename, plus
 * the entry's state), push, replace, go, and a subscription. The engine owns the flow's history
 * (FLOW-21); the browser's entries only mirror it (src/app/App.tsx), so a router library would
 * add weight to the first screen for nothing: this is the whole of it.
 *
 * `createMemoryHistory` is the same contract without a browser, for tests and previews.
 */

/** How the current location was reached: POP is the browser's back/forward (and the first load). */
export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface HistoryLocation {
  /** Relative to the basename: '/military-service/self', '/' for the root. */
  pathname: string;
  search: string;
  /** The entry's state, as pushed (null when the entry has none). */
  state: unknown;
}

/** A new object on every change, so it can be compared by identity and used as a React snapshot. */
export interface HistorySnapshot {
  location: HistoryLocation;
  action: HistoryAction;
}

export interface AppHistory {
  getSnapshot(): HistorySnapshot;
  subscribe(listener: () => void): () => void;
  /** `to` is a path relative to the basename. */
  push(to: string, state: unknown): void;
  replace(to: string, state: unknown): void;
  go(delta: number): void;
}

/** Subscribers and the current snapshot: the part both histories share. */
class Listeners {
  private readonly listeners = new Set<() => void>();
  snapshot: HistorySnapshot;

  constructor(initial: HistoryLocation) {
    this.snapshot = { location: initial, action: 'POP' };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  set(location: HistoryLocation, action: HistoryAction): void {
    this.snapshot = { location, action };
    for (const listener of [...this.listeners]) listener();
  }
}

function splitPath(to: string): { pathname: string; search: string } {
  const q = to.indexOf('?');
  const pathname = q >= 0 ? to.slice(0, q) : to;
  return { pathname: pathname === '' ? '/' : pathname, search: q >= 0 ? to.slice(q) : '' };
}

/** The part of a full pathname under the basename ('/' for the basename itself). */
export function stripBasename(pathname: string, basename: string): string {
  if (pathname === basename) return '/';
  if (pathname.startsWith(`${basename}/`)) return pathname.slice(basename.length);
  return pathname;
}

/** The browser's own history (pushState, popstate). */
export function createBrowserHistory(basename: string, win: Window = window): AppHistory {
  const read = (): HistoryLocation => ({
    pathname: stripBasename(win.location.pathname, basename),
    search: win.location.search,
    state: (win.history.state as unknown) ?? null,
  });
  const listeners = new Listeners(read());
  win.addEventListener('popstate', () => listeners.set(read(), 'POP'));
  const write = (to: string, state: unknown, action: 'PUSH' | 'REPLACE'): void => {
    const url = `${basename}${to.startsWith('/') ? to : `/${to}`}`;
    if (action === 'PUSH') win.history.pushState(state, '', url);
    else win.history.replaceState(state, '', url);
    listeners.set(read(), action);
  };
  return {
    getSnapshot: () => listeners.snapshot,
    subscribe: listeners.subscribe,
    push: (to, state) => write(to, state, 'PUSH'),
    replace: (to, state) => write(to, state, 'REPLACE'),
    go: (delta) => win.history.go(delta),
  };
}

/** A history kept in memory: entries are paths relative to the basename. `go` is a POP, as in a browser. */
export function createMemoryHistory(initialEntries: string[] = ['/']): AppHistory {
  const entries: HistoryLocation[] = (initialEntries.length > 0 ? initialEntries : ['/']).map((to) => ({ ...splitPath(to), state: null }));
  let index = entries.length - 1;
  const listeners = new Listeners(entries[index] as HistoryLocation);
  return {
    getSnapshot: () => listeners.snapshot,
    subscribe: listeners.subscribe,
    push(to, state) {
      entries.splice(index + 1, entries.length, { ...splitPath(to), state });
      index = entries.length - 1;
      listeners.set(entries[index] as HistoryLocation, 'PUSH');
    },
    replace(to, state) {
      entries[index] = { ...splitPath(to), state };
      listeners.set(entries[index] as HistoryLocation, 'REPLACE');
    },
    go(delta) {
      const target = Math.min(entries.length - 1, Math.max(0, index + delta));
      if (target === index) return;
      index = target;
      // A new object: revisiting an entry is a navigation of its own.
      listeners.set({ ...(entries[index] as HistoryLocation) }, 'POP');
    },
  };
}
