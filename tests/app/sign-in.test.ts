// @vitest-environment jsdom
/**
 * Sign-in's pure parts (issue 12): config.json's `auth` section (AUTH-07, AUTH-13, AUTH-16,
 * AUTH-17: every host, id, cookie and path is configuration), the signed-in state a reload reads
 * back, the member's home (AUTH-12, AUTH-15, AUTH-16), the nonce (AUTH-09), the auth routes
 * (ROUTE-02) and the CSP a host sends for the provider. The flow itself is tested in Chromium
 * against a real provider (tests/e2e/sign-in.e2e.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, type AuthConfig } from '../../src/app/config';
import { AuthState, discoveryUrl, userStorageKey } from '../../src/app/auth/auth-state';
import { makeNonce, memberHome } from '../../src/app/auth/oidc';
import { isSilentRenewalFrame } from '../../src/app/silent-frame';
import { commandRoutes, parsePath } from '../../src/app/routes';
import { cspFor, STRICT_CSP } from '../../tools/serve';
import { flowFromPack } from '../../src/app/documents';
import { projectPack } from './helpers';

const BASE = { environment: 'production', apiBaseUrl: '/api/', contentBaseUrl: '/content/' };
const PAGE = 'https://www.example.test/join/get-started/aem/milestone/entry';
/** config.json's allowedHosts (issue 13, issue 22). */
const HOSTS = ['bank.example.test', 'www.example.test'];

function auth(extra: Record<string, unknown> = {}): AuthConfig {
  const config = parseConfig({ ...BASE, brand: 'muster', auth: { identityProvider: 'https://id.example.test', clientId: 'web-client', markerCookie: 'marker', ...extra } });
  if (!config.auth) throw new Error('no auth');
  return config.auth;
}

describe('config.json auth (AUTH-16, AUTH-17)', () => {
  it('has no sign-in without the section', () => {
    expect(parseConfig(BASE).auth).toBeUndefined();
  });

  it("fills the spec's defaults: discovery path, scopes, logoff URL, the redirect claim named after the brand", () => {
    expect(auth()).toEqual({
      identityProvider: 'https://id.example.test',
      discoveryPath: '/access-management/oauth2/member/.well-known/openid-configuration',
      clientId: 'web-client',
      scope: 'openid web',
      markerCookie: 'marker',
      logoffUrl: '/inet/ent_logoff/Logoff?action=INIT',
      redirectUrlClaim: 'muster_redirect_url',
    });
  });

  it('refuses a section without its provider, client id or marker cookie, and a malformed home', () => {
    expect(() => parseConfig({ ...BASE, auth: { clientId: 'x', markerCookie: 'm' } })).toThrow(ConfigError);
    expect(() => parseConfig({ ...BASE, auth: { identityProvider: 'https://id', markerCookie: 'm' } })).toThrow(/auth.clientId/);
    expect(() => parseConfig({ ...BASE, auth: { identityProvider: 'https://id', clientId: 'x' } })).toThrow(/auth.markerCookie/);
    expect(() => auth({ home: { cookie: 'c', targets: { a: 1 }, default: '/' } })).toThrow(/auth.home/);
    expect(() => auth({ discoveryPath: '/oauth2/config' })).toThrow(/discoveryPath/);
  });

  it('finds the discovery document under the provider (AUTH-07), also when the provider is the page origin', () => {
    expect(discoveryUrl(auth(), PAGE)).toBe('https://id.example.test/access-management/oauth2/member/.well-known/openid-configuration');
    expect(discoveryUrl(auth({ identityProvider: '/' }), PAGE)).toBe('https://www.example.test/access-management/oauth2/member/.well-known/openid-configuration');
  });
});

describe('the signed-in state a reload reads back', () => {
  const key = userStorageKey(auth(), PAGE);

  it("reads oidc-client-ts's stored user: signed in while its token is valid", () => {
    expect(key).toBe('oidc.user:https://id.example.test/access-management/oauth2/member:web-client');
    sessionStorage.setItem(key, JSON.stringify({ access_token: 'tok', expires_at: 2000 }));
    const state = new AuthState(auth());
    state.restore(sessionStorage, PAGE, 1000);
    expect(state.getSnapshot()).toEqual({ status: 'signed-in', accessToken: 'tok' });
    const expired = new AuthState(auth());
    expired.restore(sessionStorage, PAGE, 3000);
    expect(expired.getSnapshot().status).toBe('anonymous');
    sessionStorage.setItem(key, '{not json');
    const broken = new AuthState(auth());
    broken.restore(sessionStorage, PAGE, 1000);
    expect(broken.getSnapshot().status).toBe('anonymous');
    sessionStorage.clear();
  });

  it('is anonymous without the auth section, and tells subscribers of each change once', () => {
    const off = new AuthState(undefined);
    off.restore(sessionStorage, PAGE);
    expect(off.enabled).toBe(false);
    expect(off.getSnapshot().status).toBe('anonymous');
    const state = new AuthState(auth());
    let calls = 0;
    state.subscribe(() => calls++);
    state.set({ status: 'signed-in', accessToken: 'a' });
    state.set({ status: 'signed-in', accessToken: 'a' });
    state.set({ status: 'anonymous' });
    expect(calls).toBe(2);
  });
});

describe("the member's home after logon (AUTH-12, AUTH-15, AUTH-16)", () => {
  const withHome = auth({ home: { cookie: 'home_pref', targets: { bank: 'https://bank.example.test/home', member: 'https://www.example.test/my/' }, default: 'https://www.example.test/my/' } });

  it('follows the redirect cookie, the default without it or for an unknown value', () => {
    expect(memberHome(withHome, {}, 'a=1; home_pref=bank', PAGE, HOSTS)).toBe('https://bank.example.test/home');
    expect(memberHome(withHome, {}, 'a=1', PAGE, HOSTS)).toBe('https://www.example.test/my/');
    expect(memberHome(withHome, {}, 'home_pref=other', PAGE, HOSTS)).toBe('https://www.example.test/my/');
  });

  it("takes the id token's {product}_redirect_url instead when it passes the documents' URL check (AUTH-12)", () => {
    expect(memberHome(withHome, { muster_redirect_url: '/my/offers/' }, 'home_pref=bank', PAGE, HOSTS)).toBe('https://www.example.test/my/offers/');
    expect(memberHome(withHome, { muster_redirect_url: 'javascript:alert(1)' }, 'home_pref=bank', PAGE, HOSTS)).toBe('https://bank.example.test/home');
  });

  it("refuses a {product}_redirect_url the documents' URL check refuses: another host, //host, http:, credentials, backslashes (issue 22)", () => {
    const home = 'https://bank.example.test/home';
    for (const url of ['https://evil.example/phish', '//evil.example/phish', 'http://bank.example.test/home', 'https://user:pw@bank.example.test/', '/\\evil.example/', 'offers/', 'data:text/html,x', ' https://evil.example/']) {
      expect(memberHome(withHome, { muster_redirect_url: url }, 'home_pref=bank', PAGE, HOSTS), url).toBe(home);
    }
    expect(memberHome(withHome, { muster_redirect_url: 'https://bank.example.test/offers' }, 'home_pref=bank', PAGE, HOSTS)).toBe('https://bank.example.test/offers');
    expect(memberHome(withHome, { muster_redirect_url: 'https://bank.example.test/offers' }, 'home_pref=bank', PAGE, [])).toBe(home);
  });

  it('is no home of its own without the home section and the claim (the config homeUrl applies)', () => {
    expect(memberHome(auth(), {}, 'home_pref=bank', PAGE, HOSTS)).toBeUndefined();
  });
});

describe('the nonce, the routes, the CSP', () => {
  it('draws a 16-character nonce (AUTH-09), a new one each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => makeNonce()));
    expect(nonces.size).toBe(50);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('knows /auth-callback/ and /auth-silent/ under the base route (ROUTE-02)', () => {
    const { flow } = flowFromPack(projectPack('join-now'));
    const options = { commandRoutes: commandRoutes(flow), testRoutes: false };
    expect(parsePath('/auth-callback/', options)).toEqual({ kind: 'auth', route: 'auth-callback' });
    expect(parsePath('/auth-silent', options)).toEqual({ kind: 'auth', route: 'auth-silent' });
    expect(isSilentRenewalFrame('/join/get-started/auth-silent/')).toBe(true);
    expect(isSilentRenewalFrame('/join/get-started/auth-callback/')).toBe(false);
    expect(isSilentRenewalFrame('/elsewhere/auth-silent/')).toBe(false);
  });

  it("opens the strict CSP for the provider's origin only, and lets only /auth-silent/ be framed by the app", () => {
    expect(cspFor('/join/get-started/', undefined)).toBe(STRICT_CSP);
    const page = cspFor('/join/get-started/aem/milestone/entry', 'http://127.0.0.1:5180');
    expect(page).toContain("connect-src 'self' http://127.0.0.1:5180;");
    expect(page).toContain("frame-src 'self' http://127.0.0.1:5180;");
    expect(page).toContain("frame-ancestors 'none'");
    expect(cspFor('/join/get-started/auth-silent/', 'http://127.0.0.1:5180')).toContain("frame-ancestors 'self'");
  });
});
