/**
 * Sign-in for members (issue 12, AUTH-03..AUTH-17) through oidc-client-ts: an authorization-code
 * redirect with PKCE S256 and a nonce (AUTH-07..AUTH-09), the callback's code exchange and user
 * info (AUTH-10, AUTH-11), silent renewal in a hidden frame with prompt=none 60 s before the
 * access token expires (AUTH-04, AUTH-05), the session-ended cookie watch and logoff (AUTH-06,
 * AUTH-13), the member's home (AUTH-12, AUTH-15, AUTH-16).
 *
 * This module is its own chunk: it loads when the applicant presses logon, lands on
 * /auth-callback/, or comes back to the app signed in; never with an anonymous first screen.
 * Tokens stay where oidc-client-ts keeps them (sessionStorage) and in memory (AuthState): never
 * in localStorage, a URL or a log line. Log lines name what failed, never a token or a claim.
 */
import { ErrorResponse, ErrorTimeout, UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { AuthConfig } from '../config';
import type { AppInstance } from '../boot';
import { AUTH_CALLBACK_ROUTE, AUTH_SILENT_ROUTE, authorityOf, discoveryUrl } from './auth-state';
import { allowedHostsOf, urlProblem } from '../../engine/url-problem';

/** AUTH-04: renew this many seconds before the access token expires. */
export const RENEW_MARGIN_S = 60;
/** AUTH-06: the marker cookie is read this often. */
export const COOKIE_POLL_MS = 2000;
/** AUTH-06: logoff follows this long after the marker cookie is gone. */
export const LOGOFF_DELAY_MS = 3000;

/** The callback's outcome (AUTH-14): signed in, or anonymous with what was logged (nothing for interaction_required). */
export type CallbackOutcome = { kind: 'signed-in' } | { kind: 'anonymous'; logged?: string };

const managers = new WeakMap<AppInstance, UserManager>();

/** The page's own URL for an auth route (ROUTE-02): `{origin}{base}auth-callback/`. */
function routeUrl(app: AppInstance, route: string): string {
  return new URL(`${app.env.baseUrl}${route}/`, window.location.origin).href;
}

export function userManager(app: AppInstance): UserManager {
  const auth = app.config.auth;
  if (!auth) throw new Error('sign-in is not configured (config.json "auth")');
  let um = managers.get(app);
  if (um) return um;
  const metadataUrl = discoveryUrl(auth, window.location.href);
  um = new UserManager({
    authority: authorityOf(metadataUrl),
    metadataUrl,
    client_id: auth.clientId,
    redirect_uri: routeUrl(app, AUTH_CALLBACK_ROUTE),
    silent_redirect_uri: routeUrl(app, AUTH_SILENT_ROUTE),
    response_type: 'code',
    scope: auth.scope,
    ...(auth.acrValues ? { acr_values: auth.acrValues } : {}),
    loadUserInfo: true,
    // Renewal is started here, with a nonce of its own (AUTH-04, AUTH-08), not by the library's timer.
    automaticSilentRenew: false,
    accessTokenExpiringNotificationTimeInSeconds: RENEW_MARGIN_S,
    monitorSession: false,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
  managers.set(app, um);
  return um;
}

/** AUTH-09: the nonce, 16 characters: 12 random bytes in base64url. */
export function makeNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

/** The logon link (UI-16): the applicant's step is saved, then the browser goes to the provider (AUTH-08). */
export async function signIn(app: AppInstance): Promise<void> {
  const um = userManager(app);
  // The step is saved (as for a reload): the callback boots from it and returns there.
  app.store.flushChanges();
  await um.signinRedirect({ nonce: makeNonce() });
}

function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError || err instanceof ErrorTimeout;
}

function claim(user: User, name: string): string | undefined {
  const v = (user.profile as Record<string, unknown>)[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * The member's home (AUTH-12, AUTH-15, AUTH-16): the id token's `{product}_redirect_url` when it
 * passes the documents' URL check (issue 22: a path on this site, or `https:` on one of
 * config.json's `allowedHosts`, src/engine/url-problem.ts); otherwise the target the redirect
 * cookie's value names, or the default.
 */
export function memberHome(auth: AuthConfig, profile: Record<string, unknown>, cookies: string, pageHref: string, hosts: readonly string[]): string | undefined {
  const redirect = profile[auth.redirectUrlClaim];
  if (typeof redirect === 'string' && urlProblem(redirect, hosts) === undefined) {
    try {
      return new URL(redirect, pageHref).href;
    } catch {
      // not a URL: the cookie's choice below
    }
  }
  if (!auth.home) return undefined;
  const value = readCookie(cookies, auth.home.cookie);
  return (value !== undefined ? auth.home.targets[value] : undefined) ?? auth.home.default;
}

function signedIn(app: AppInstance, user: User): void {
  const auth = app.config.auth as AuthConfig;
  const home = memberHome(auth, user.profile as Record<string, unknown>, document.cookie, window.location.href, allowedHostsOf(app.config));
  app.auth.set({ status: 'signed-in', accessToken: user.access_token, ...(home ? { home } : {}) });
}

/** Anonymous again: the user oidc-client-ts kept is removed. */
async function signedOut(app: AppInstance): Promise<void> {
  app.auth.set({ status: 'anonymous' });
  await userManager(app)
    .removeUser()
    .catch(() => undefined);
}

/**
 * /auth-callback/ (AUTH-10, AUTH-11, AUTH-14): exchanges the code, reads `sub` and `member_guid`,
 * and says where the applicant goes back to. interaction_required is handled silently; a missing
 * code logs 'unknown callback error'; a network failure logs 'Network failure'; any other error is
 * only logged. Every outcome returns the applicant to their step, signed in or not.
 */
export async function completeSignIn(app: AppInstance, href: string): Promise<CallbackOutcome> {
  const params = new URL(href).searchParams;
  const error = params.get('error');
  const log = (message: string, fields: Record<string, string> = {}): CallbackOutcome => {
    app.telemetry.log('error', message, { code: 'AUTH_CALLBACK_ERROR', ...fields });
    return { kind: 'anonymous', logged: message };
  };
  if (error === 'interaction_required') return { kind: 'anonymous' };
  if (error) return log('auth callback error', { error: error.slice(0, 64) });
  if (!params.get('code')) return log('unknown callback error');
  let user: User;
  try {
    user = await userManager(app).signinRedirectCallback(href);
  } catch (err) {
    if (isNetworkFailure(err)) return log('Network failure');
    if (err instanceof ErrorResponse) return log('auth callback error', { error: err.error ?? 'unknown' });
    // A state with no request of this tab, a nonce or signature that does not match: refused.
    return log('auth callback refused', { reason: err instanceof Error ? err.message.slice(0, 120) : 'unknown' });
  }
  // AUTH-03, AUTH-11: the member is the id token's subject and the user info's member_guid.
  if (!claim(user, 'sub') || !claim(user, 'member_guid')) {
    await userManager(app).removeUser();
    return log('auth callback refused', { reason: 'no sub or member_guid' });
  }
  signedIn(app, user);
  watchSession(app);
  return { kind: 'signed-in' };
}

const watching = new WeakSet<AppInstance>();

/**
 * While signed in: silent renewal 60 s before the access token expires (AUTH-04, AUTH-05), and
 * the session-ended marker cookie read every 2 s; when it (or the global session cookie) is
 * gone, logoff after 3 s (AUTH-06, AUTH-13). Started once per app.
 */
export function watchSession(app: AppInstance): void {
  const auth = app.config.auth;
  if (!auth || watching.has(app)) return;
  watching.add(app);
  const um = userManager(app);
  um.events.addAccessTokenExpiring(() => {
    um.signinSilent({ nonce: makeNonce() }).then(
      (user) => {
        if (user) signedIn(app, user);
      },
      (err: unknown) => {
        // interaction_required: the provider's session has ended; anonymous, silently (AUTH-14).
        if (err instanceof ErrorResponse && err.error === 'interaction_required') void signedOut(app);
        else app.telemetry.log('warn', 'silent renewal failed', { code: 'AUTH_RENEW_ERROR', reason: isNetworkFailure(err) ? 'Network failure' : err instanceof ErrorResponse ? (err.error ?? 'unknown') : 'unknown' });
      },
    );
  });
  um.events.addAccessTokenExpired(() => void signedOut(app));
  let logoff: ReturnType<typeof setTimeout> | undefined;
  const poll = setInterval(() => {
    if (app.auth.getSnapshot().status !== 'signed-in' || logoff !== undefined) return;
    const cookies = document.cookie;
    const ended = readCookie(cookies, auth.markerCookie) === undefined || (auth.globalSessionCookie !== undefined && readCookie(cookies, auth.globalSessionCookie) === undefined);
    if (!ended) return;
    logoff = setTimeout(() => {
      clearInterval(poll);
      void signedOut(app).then(() => {
        app.stopPersisting();
        app.env.leave(auth.logoffUrl);
      });
    }, LOGOFF_DELAY_MS);
  }, COOKIE_POLL_MS);
}

/** A reload while signed in: the stored user is read again and the watch starts (its token is still valid: AuthState.restore). */
export async function resumeSession(app: AppInstance): Promise<void> {
  const user = await userManager(app).getUser();
  if (!user || user.expired) {
    await signedOut(app);
    return;
  }
  signedIn(app, user);
  watchSession(app);
}
