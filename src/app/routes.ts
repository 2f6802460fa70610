/**
 * Routes (doc 1 §2, ROUTE-01..ROUTE-19). The URL mirrors the engine's current step; it never
 * chooses one (ROUTE-03): a URL entered directly is replaced by the step the flow is at.
 *
 *   /:panel/:variant          a panel step: the step id minus its numeric suffix, then the
 *                             variant; a hyphenated variant counts up to the hyphen
 *   /aem/milestone/<path>     a milestone
 *   /<command route>          a command pseudo-route (no UI), from flows/commands.json
 *   /task-entry ...           test routes, outside production only (ROUTE-18)
 *   /auth-callback/           the sign-in's return (ROUTE-02, AUTH-10): React Router's lazy route
 *   /auth-silent/             the silent renewal's hidden frame (AUTH-05): never boots the app
 *
 * React Router's data router is the one place that maps a URL to what the shell shows
 * (src/app/App.tsx); these functions read and write the flow's own paths for it.
 */
import type { Flow, StepView } from '../engine/flow';
import { panelNameOf } from '../engine/document-set';

export const BASENAME = '/join/get-started';
export const MILESTONE_PREFIX = '/aem/milestone/';
export const TEST_ROUTES = ['task-entry', 'theme-test-panel', 'fake-end-panel', 'data-fake-panel', 'trap-door'] as const;
export type TestRoute = (typeof TEST_ROUTES)[number];
import { AUTH_CALLBACK_ROUTE, AUTH_SILENT_ROUTE } from './auth/auth-state';
export { AUTH_CALLBACK_ROUTE, AUTH_SILENT_ROUTE };

export type ParsedPath =
  | { kind: 'root' }
  | { kind: 'panel'; panel: string; variant: string }
  | { kind: 'milestone'; milestone: string }
  | { kind: 'command'; route: string }
  | { kind: 'test'; name: TestRoute }
  | { kind: 'auth'; route: typeof AUTH_CALLBACK_ROUTE | typeof AUTH_SILENT_ROUTE }
  | { kind: 'unknown'; path: string };

/** The variant a route segment names: the part before a hyphen (ROUTE-05); default self. */
export function variantOf(segment: string | undefined): string {
  if (!segment) return 'self';
  const head = segment.split('-')[0];
  return head && head.length > 0 ? head : 'self';
}

/** The app path (after the basename) without a trailing slash; '' for the root. */
export function appPath(pathname: string, basename: string = BASENAME): string {
  let p = pathname;
  if (p === basename || p.startsWith(`${basename}/`)) p = p.slice(basename.length);
  p = p.replace(/\/+$/, '');
  return p;
}

export function commandRoutes(flow: Flow): Set<string> {
  const routes = new Set<string>();
  for (const entry of flow.docs.commands.values()) routes.add(entry.command.route.replace(/^\/+|\/+$/g, ''));
  return routes;
}

/** Reads a path relative to the basename. Test routes are recognised only when allowed. */
export function parsePath(pathname: string, options: { commandRoutes: ReadonlySet<string>; testRoutes: boolean }): ParsedPath {
  const path = appPath(pathname, '');
  if (path === '' || path === '/') return { kind: 'root' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { kind: 'unknown', path };
  }
  if (`${decoded}/`.startsWith(MILESTONE_PREFIX)) {
    const milestone = decoded.slice(MILESTONE_PREFIX.length).replace(/\/+$/, '');
    return milestone ? { kind: 'milestone', milestone } : { kind: 'unknown', path };
  }
  const segments = decoded.replace(/^\/+/, '').split('/').filter((s) => s !== '');
  const [first, second, ...rest] = segments;
  if (!first || rest.length > 0) return { kind: 'unknown', path };
  if (second === undefined && (first === AUTH_CALLBACK_ROUTE || first === AUTH_SILENT_ROUTE)) return { kind: 'auth', route: first };
  if (second === undefined && options.commandRoutes.has(first)) return { kind: 'command', route: first };
  if (second === undefined && options.testRoutes && (TEST_ROUTES as readonly string[]).includes(first)) return { kind: 'test', name: first as TestRoute };
  if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(first)) return { kind: 'unknown', path };
  return { kind: 'panel', panel: panelNameOf(first), variant: variantOf(second) };
}

/** The path that mirrors a step (relative to the basename). */
export function pathOf(flow: Flow, view: StepView, options: { testRoutes: boolean }): string {
  switch (view.kind) {
    case 'panel':
      return `/${panelNameOf(view.step)}/${view.variant}`;
    case 'milestone':
      return `${MILESTONE_PREFIX}${view.milestone ?? view.step}`;
    case 'command': {
      const route = view.command ? flow.docs.commands.get(view.command)?.command.route : undefined;
      return `/${(route ?? view.step).replace(/^\/+|\/+$/g, '')}`;
    }
    case 'end':
      return options.testRoutes ? '/fake-end-panel' : '/';
    case 'error':
      return `${MILESTONE_PREFIX}trap-door`;
  }
}

/** Whether a parsed URL shows the given step. */
export function matchesView(parsed: ParsedPath, flow: Flow, view: StepView, options: { testRoutes: boolean }): boolean {
  return appPath(pathOf(flow, view, options), '') === serialize(parsed);
}

function serialize(parsed: ParsedPath): string {
  switch (parsed.kind) {
    case 'root':
      return '';
    case 'panel':
      return `/${parsed.panel}/${parsed.variant}`;
    case 'milestone':
      return `${MILESTONE_PREFIX}${parsed.milestone}`;
    case 'command':
      return `/${parsed.route}`;
    case 'test':
      return `/${parsed.name}`;
    case 'auth':
      return `/${parsed.route}`;
    case 'unknown':
      return parsed.path;
  }
}
