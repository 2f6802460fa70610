/**
 * The sign-in's state as the first screen knows it (issue 12, AUTH-01..AUTH-03): anonymous or
 * signed in, the access token the content service expects (CONT-08, CONT-21) and the member's
 * home (AUTH-12, AUTH-15). It is small on purpose: oidc-client-ts is not here. It loads with
 * `./oidc` when the applicant presses logon, lands on the callback, or comes back signed in.
 *
 * oidc-client-ts keeps its user in sessionStorage (never localStorage, URLs or logs); a reload
 * reads it here, so the first screen after a reload already fetches the signed-in content.
 */
import type { AuthConfig } from '../config';

/** ROUTE-02: the sign-in's routes under the base route. */
export const AUTH_CALLBACK_ROUTE = 'auth-callback';
export const AUTH_SILENT_ROUTE = 'auth-silent';

export type AuthStatus = 'anonymous' | 'signed-in';

export interface AuthSnapshot {
  status: AuthStatus;
  /** The access token, in memory, for the services' header (AUTH-03). */
  accessToken?: string;
  /** Where a signed-in member's Exit goes (AUTH-12, AUTH-15/16); the config's homeUrl when absent. */
  home?: string;
}

const WELL_KNOWN = '/.well-known/openid-configuration';

/** AUTH-07: the discovery URL, `{identity provider}{discoveryPath}`, resolved against the page. */
export function discoveryUrl(auth: Pick<AuthConfig, 'identityProvider' | 'discoveryPath'>, pageHref: string): string {
  const provider = new URL(auth.identityProvider, pageHref).href.replace(/\/+$/, '');
  return `${provider}${auth.discoveryPath.startsWith('/') ? '' : '/'}${auth.discoveryPath}`;
}

/** The issuer the discovery document belongs to: the discovery URL without /.well-known/openid-configuration. */
export function authorityOf(metadataUrl: string): string {
  return metadataUrl.endsWith(WELL_KNOWN) ? metadataUrl.slice(0, -WELL_KNOWN.length) : metadataUrl;
}

/** Where oidc-client-ts keeps the user: `oidc.` (WebStorageStateStore's prefix) + `user:{authority}:{client_id}`. */
export function userStorageKey(auth: AuthConfig, pageHref: string): string {
  return `oidc.user:${authorityOf(discoveryUrl(auth, pageHref))}:${auth.clientId}`;
}

export class AuthState {
  private snap: AuthSnapshot = { status: 'anonymous' };
  private readonly listeners = new Set<() => void>();

  constructor(readonly config: AuthConfig | undefined) {}

  /** Reads the user oidc-client-ts stored in this tab (a reload while signed in); an expired or unreadable one is anonymous. */
  restore(storage: Storage | undefined, pageHref: string, nowSeconds: number = Date.now() / 1000): void {
    if (!this.config || !storage) return;
    try {
      const raw = storage.getItem(userStorageKey(this.config, pageHref));
      const user = raw ? (JSON.parse(raw) as { access_token?: unknown; expires_at?: unknown }) : undefined;
      if (user && typeof user.access_token === 'string' && typeof user.expires_at === 'number' && user.expires_at > nowSeconds) {
        this.snap = { status: 'signed-in', accessToken: user.access_token };
      }
    } catch {
      // Unreadable storage: anonymous; the sign-in module will say why if the applicant signs in.
    }
  }

  get enabled(): boolean {
    return this.config !== undefined;
  }

  getSnapshot = (): AuthSnapshot => this.snap;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /**
   * Issue 22: a member's tokens do not outlive the journey. On Exit and at the hand-off to a
   * destination the user oidc-client-ts keeps in this tab's storage is removed (the member's
   * session with the provider, its cookies, is the provider's: ending it is logoff, AUTH-13).
   */
  forget(env: { storage(): Storage | undefined; location: { href: string } }): void {
    try {
      if (this.config) env.storage()?.removeItem(userStorageKey(this.config, env.location.href));
    } catch {
      // Storage refused (SESS-13): nothing could have been kept there.
    }
  }

  set(next: AuthSnapshot): void {
    const same = next.status === this.snap.status && next.accessToken === this.snap.accessToken && next.home === this.snap.home;
    if (same) return;
    this.snap = next;
    for (const listener of [...this.listeners]) listener();
  }
}
