/**
 * The app shell: the browser history (basename /join/get-started), the template around the step, the
 * URL kept in step with the engine, browser back and forward through the engine's history,
 * the exit dialog (and EXIT-04's back-button modal), the page title.
 *
 * Browser history: each screen's history entry carries `{ depth, base }`: depth is the
 * engine's history length for that screen, base the lowest depth this tab's entries reach.
 * A forward move pushes an entry; a command step's entry is replaced by the step after it.
 * Browser back to a lower depth is engine back (FLOW-21); browser forward redoes what back
 * undid. A URL that does not match the engine's step is replaced by the step's (ROUTE-03).
 *
 * React Router maps URLs to the shell (`appRoutes`, one route table): /auth-callback/ (lazy),
 * the test routes outside production (lazy), and every other path to the engine's step. It
 * never chooses a step: the engine owns the flow's history and the URL mirrors it, through the
 * shell's history (src/app/history.ts), which React Router reads as its location.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet, Router, useRoutes, type Navigator, type NavigationType, type RouteObject } from 'react-router-dom';
import { Template } from '../ui/template/Template';
import { loadWhenOpen } from '../ui/components/load-when-open';
import { loadChunk } from '../ui/load-chunk';
import { BlockingPage } from '../ui/template/BlockingPage';
import { orderedDisclosures } from '../ui/template/disclosures';
import { getPath } from '../engine/state';
import { AppContext, ShellContext, useApp, useFlow, type ShellActions } from './context';
import { StepHost, TrapFallback } from './StepHost';
import { describeRenderError, ScreenBoundary } from '../ui/template/ScreenBoundary';
import { pageTitle, screenName } from './page-title';
import { progressModel } from './progress';
import { appPath, AUTH_CALLBACK_ROUTE, BASENAME, commandRoutes, parsePath, pathOf, TEST_ROUTES, type TestRoute as TestRouteName } from './routes';
import { createBrowserHistory, stripBasename, type AppHistory, type HistoryLocation, type HistorySnapshot } from './history';
import type { AppInstance } from './boot';
import type { Config } from '../engine/formats.generated';
import type { AppContent } from '../ui/content';
import type { AuthSnapshot } from './auth/auth-state';

// The test routes exist outside production only (ROUTE-18): production never loads their code.
const TestRoute = lazy(() => loadChunk(() => import('./TestRoutes')).then((m) => ({ default: m.TestRoute })));
// The exit dialog, and the leaving it starts, load when it first opens.
// Its wording too (exit-copy.ts): nothing of the dialog is on the first screen's path.
const ExitDialog = loadWhenOpen<{ open: boolean; config: Config | undefined; content: AppContent; hasGuid: boolean; onLeave(): void; onStay(): void }>(() =>
  Promise.all([import('../ui/template/ExitDialog'), import('../ui/template/exit-copy')]).then(
    ([d, c]) =>
      function ShellExitDialog({ config, content, hasGuid, ...rest }) {
        return <d.ExitDialog {...rest} copy={c.exitCopy(config, content, hasGuid)} />;
      },
  ),
);

interface EntryState {
  depth: number;
  base: number;
}

function entryState(location: Pick<HistoryLocation, 'state'>): EntryState | undefined {
  const s = location.state as Partial<EntryState> | null | undefined;
  return s && typeof s.depth === 'number' && typeof s.base === 'number' ? { depth: s.depth, base: s.base } : undefined;
}

function useHistory(history: AppHistory): HistorySnapshot {
  return useSyncExternalStore(history.subscribe, history.getSnapshot, history.getSnapshot);
}

function useAuth(app: AppInstance): AuthSnapshot {
  return useSyncExternalStore(app.auth.subscribe, app.auth.getSnapshot, app.auth.getSnapshot);
}

function Shell({ history }: { history: AppHistory }) {
  const app = useApp();
  const { store, flow, content } = app;
  const snap = useFlow(store);
  const auth = useAuth(app);
  const { location, action: navigationType } = useHistory(history);
  const routes = useMemo(() => commandRoutes(flow), [flow]);
  const parsed = parsePath(location.pathname, { commandRoutes: routes, testRoutes: app.testRoutes });
  const [exitOpen, setExitOpen] = useState(false);
  const backButtonModal = flow.product.config?.backButtonModal === true;
  // The location the POP handling last saw: each navigation is handled once (an entry can be
  // revisited, so its key alone does not tell), and the first render is not a POP to handle.
  const seenLocation = useRef<HistoryLocation | null>(null);

  // Browser back / forward: move the engine to the entry's depth. EXIT-04: with a back-button
  // modal, browser back to an earlier screen opens the exit dialog instead, and the browser
  // goes forward again to the screen the applicant is on.
  const returning = useRef(false);
  useEffect(() => {
    const previous = seenLocation.current;
    seenLocation.current = location;
    if (previous === null || previous === location || navigationType !== 'POP') return;
    const target = entryState(location);
    if (returning.current) {
      returning.current = false;
      return;
    }
    if (!target) return;
    if (backButtonModal && target.depth < store.depth) {
      returning.current = true;
      setExitOpen(true);
      history.go(1);
      return;
    }
    while (target.depth < store.depth && store.previous()) {
      /* engine back, one screen at a time */
    }
    while (target.depth > store.depth && store.redo()) {
      /* redo what back undid */
    }
  }, [location, navigationType, store, backButtonModal, history]);

  // The URL mirrors the engine's step.
  useEffect(() => {
    if (returning.current) return; // on the way back to the current screen's entry (EXIT-04)
    if (parsed.kind === 'test' && !(store.view.kind === 'end' && parsed.name === 'fake-end-panel')) return;
    if (parsed.kind === 'auth' && parsed.route === AUTH_CALLBACK_ROUTE && app.config.auth) return; // the callback returns to the step when it is done
    const view = store.view;
    if (view.kind === 'end' && !app.testRoutes) return; // leaving the app
    const desired = pathOf(flow, view, { testRoutes: app.testRoutes });
    const here = entryState(location);
    const depth = store.depth;
    const at = appPath(location.pathname, '');
    if (at === desired && here?.depth === depth) return;
    // A forward move from a screen's entry adds an entry; anything else (a command's entry, the
    // entry URL, a deep link, Previous without a browser entry to go back to) replaces it.
    const push = at !== desired && (parsed.kind === 'panel' || parsed.kind === 'milestone') && here !== undefined && snap.direction === 'forward' && here.depth <= depth;
    const base = here ? Math.min(here.base, depth) : depth;
    const state: EntryState = { depth, base };
    if (push) history.push(desired, state);
    else history.replace(desired, state);
  }, [snap.version, location, parsed, store, flow, history, app.testRoutes, app.config.auth, snap.direction]);

  // Page title: the screen's name, the product name and the brand (WCAG 2.4.2, PROD-12, PROD-13).
  // A command step keeps the title of the screen shown under it.
  const brand = content.has(`app.brand.${app.config.brand}`) ? content.text(`app.brand.${app.config.brand}`) : content.text('app.brand.muster');
  const productName = flow.product.config?.productName ? content.text(flow.product.config.productName) : '';
  const lastScreenName = useRef<string | undefined>(undefined);
  const name = snap.view.kind === 'command' ? lastScreenName.current : screenName(snap.view, content);
  useEffect(() => {
    lastScreenName.current = name;
    document.title = pageTitle(content, { screen: name, product: productName, brand });
  }, [content, name, productName, brand]);

  const previous = useCallback(() => {
    const here = entryState(location);
    if (!backButtonModal && here && here.depth === store.depth && here.depth > here.base) {
      history.go(-1); // the POP moves the engine back
      return;
    }
    store.previous();
  }, [location, backButtonModal, store, history]);
  const actions = useMemo<ShellActions>(() => ({ previous, openExit: () => setExitOpen(true), history }), [previous, history]);

  const hasGuid = typeof getPath(snap.state, 'individuals.guid') === 'string' || app.session.getString('potentialCustomerGuid') !== undefined;
  const leave = useCallback(() => {
    setExitOpen(false);
    // The applicant asked to leave: if the leaving code cannot even load, leave all the same.
    void loadChunk(() => import('./exit')).then(
      ({ exitFromShell }) => void exitFromShell(app, store, flow),
      () => {
        app.stopPersisting();
        app.env.leave(app.config.homeUrl);
      },
    );
  }, [store, app, flow]);

  const onExitDialogError = useCallback(
    (error: unknown) => {
      app.telemetry.log('error', 'exit dialog failed: leaving without it', { error: describeRenderError(error, '').error });
      leave();
    },
    [app.telemetry, leave],
  );

  // A screen or widget that throws while rendering: the trap, with the error logged (no personal
  // data: its kind and components, not its message), and the flow on its error route.
  const onScreenError = useCallback(
    (error: unknown, info: { componentStack?: string | null }) => {
      const view = store.view;
      const described = describeRenderError(error, info.componentStack);
      app.telemetry.log('error', 'screen failed to render', { module: view.module, step: view.step, variant: view.variant, ...described }, error);
      if (view.kind !== 'error') store.fail(`SCREEN_ERROR|${view.step}|${described.error}`);
    },
    [store, app.telemetry],
  );

  const progress = progressModel(flow, snap.state, snap.view, store.context());
  const authenticated = auth.status === 'signed-in';
  // The flow's state says it too (session.authenticated), for rules and what a reload keeps.
  useEffect(() => {
    if ((getPath(store.state, 'session.authenticated') === true) !== authenticated) store.patch({ 'session.authenticated': authenticated });
  }, [authenticated, store, snap.version]);
  // CONT-01..CONT-07: the content mapper's disclaimer texts, fetched after the first screen (at the
  // applicant's first move, or 3 s after it shows): never one of its requests (src/app/disclaimers.ts).
  const [mapped, setMapped] = useState<ReadonlyMap<string, string>>();
  useEffect(() => {
    const go = (): void => {
      clearTimeout(timer);
      unsubscribe();
      void import('./disclaimers').then((m) => m.loadDisclaimers(app)).then((texts) => texts && setMapped(texts), () => undefined);
    };
    const timer = setTimeout(go, 3000);
    const unsubscribe = store.subscribe(go);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [app, store]);
  const disclosures = useMemo(() => orderedDisclosures(flow.product, content, authenticated, app.telemetry, mapped), [flow, content, authenticated, app.telemetry, mapped]);

  return (
    <ShellContext.Provider value={actions}>
      <Template content={content} brand={brand} productId={flow.productId} auth={auth.status} theme={flow.product.config?.theme} demo={app.demo} progress={progress} disclosures={disclosures} onExit={() => setExitOpen(true)} onDialogError={onScreenError}>
        <ScreenBoundary resetKey={snap.version} fallback={<TrapFallback />} onError={onScreenError}>
          <Outlet />
        </ScreenBoundary>
      </Template>
      {/* The applicant asked to leave: if the dialog's code cannot load, they leave without it (issue 13). */}
      <ScreenBoundary resetKey={exitOpen} fallback={null} onError={onExitDialogError}>
        <ExitDialog open={exitOpen} config={flow.product.config} content={content} hasGuid={hasGuid} onLeave={leave} onStay={() => setExitOpen(false)} />
      </ScreenBoundary>
    </ShellContext.Provider>
  );
}

export interface AppProps {
  app: AppInstance;
  /** The history the URL is kept in: the browser's by default; tests pass a memory history. */
  history?: AppHistory;
}

const Waiting = () => <div className="mu-waiting" aria-busy="true" />;
// The sign-in's return loads with its route, never with a first screen.
const AuthCallback = lazy(() => import('./auth/AuthCallback'));

/**
 * What each URL shows (React Router's route table, relative to the basename): the shell around
 * the sign-in's callback, the test routes outside production (ROUTE-18; production never loads
 * their code), and the engine's step for every other path. /auth-silent/ never reaches the
 * shell: the hidden frame's page boots nothing (src/main.tsx).
 */
export function appRoutes(app: AppInstance, history: AppHistory): RouteObject[] {
  const lazyElement = (element: ReactNode) => <Suspense fallback={<Waiting />}>{element}</Suspense>;
  return [
    {
      element: <Shell history={history} />,
      children: [
        ...(app.config.auth ? [{ path: `${AUTH_CALLBACK_ROUTE}/*`, element: lazyElement(<AuthCallback />) }] : []),
        ...(app.testRoutes ? TEST_ROUTES.map((name: TestRouteName) => ({ path: name, element: lazyElement(<TestRoute name={name} />) })) : []),
        { path: '*', element: <StepHost /> },
      ],
    },
  ];
}

/** React Router's navigator over the shell's history: its paths carry the basename, the history's do not. */
function navigatorOf(history: AppHistory): Navigator {
  const relative = (to: Parameters<Navigator['push']>[0]): string => {
    const path = typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}`;
    return stripBasename(path, BASENAME);
  };
  return {
    createHref: (to) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`),
    go: (delta) => history.go(delta),
    push: (to, state) => history.push(relative(to), state),
    replace: (to, state) => history.replace(relative(to), state),
  };
}

function Routed({ app, history }: { app: AppInstance; history: AppHistory }) {
  const routes = useMemo(() => appRoutes(app, history), [app, history]);
  return useRoutes(routes);
}

/** The app: every path shows the engine's step (the path only mirrors it), except the auth callback and the test routes outside production. */
export function App({ app, history }: AppProps) {
  const [shellHistory] = useState(() => history ?? createBrowserHistory(BASENAME));
  const navigator = useMemo(() => navigatorOf(shellHistory), [shellHistory]);
  const { location, action } = useHistory(shellHistory);
  const routerLocation = useMemo(() => ({ pathname: `${BASENAME}${location.pathname === '/' ? '/' : location.pathname}`, search: location.search, hash: '', state: location.state, key: 'default' }), [location]);
  useEffect(() => {
    // Signed in (a reload): renewal and the cookie watch need the sign-in code.
    if (app.auth.getSnapshot().status === 'signed-in') void import('./auth/oidc').then((m) => m.resumeSession(app));
  }, [app]);
  // Around the whole shell (template, header, progress, dialogs): whatever else throws shows the load-failure trap (issue 13).
  return (
    <ScreenBoundary resetKey={app} fallback={<BlockingPage kind="trap" content={app.content} brand={app.config.brand} />} onError={(error, info) => app.telemetry.log('error', 'shell failed to render', describeRenderError(error, info.componentStack), error)}>
      <AppContext.Provider value={app}>
        <Router basename={BASENAME} location={routerLocation} navigationType={action as NavigationType} navigator={navigator}>
          <Routed app={app} history={shellHistory} />
        </Router>
      </AppContext.Provider>
    </ScreenBoundary>
  );
}
