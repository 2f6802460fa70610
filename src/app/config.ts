/**
 * The runtime configuration (issue 4): `config.json`, served beside index.html and fetched at
 * start, so one build runs in every environment. Nothing here comes from build-time env vars.
 * The check is hand-written (no Ajv at run time: the strict CSP forbids eval).
 */

export type Environment = 'development' | 'staging' | 'production';

export interface RuntimeConfig {
  environment: Environment;
  /** Base URL of the provider's APIs (enrollment, sponsors), absolute or relative to the page. */
  apiBaseUrl: string;
  /** Base URL of the content service (content fragments by key, CONT-08). */
  contentBaseUrl: string;
  /** Start the msw sandbox that plays the provider's services. */
  sandbox: boolean;
  /** The brand id: the brand name is the content key `app.brand.<brand>` (PROD-13). */
  brand: string;
  /** Demo mode (PROD-10/11): altered copy from content/demo/. */
  demo: boolean;
  /** The support variant (AUTH-18): a representative must choose a caller first. */
  support: boolean;
  /** Where Exit and Leave go (EXIT-08: the enterprise home page). */
  homeUrl: string;
  /** Where the call-to-action redirect goes (EXIT-10). */
  joinStartUrl: string;
  /**
   * Named page destinations out of the app (DEST-02: configuration entries per environment), by
   * the name a leave step gives (flows/modules/member-found.json: `proofing`, the proofing page of
   * SUB-23; `pilot`, the join-opportunity pilot page of SUB-20). `{productId}` is filled. Default {}.
   */
  destinations: Record<string, string>;
  /** The logging service (CONT-25); default `<apiBaseUrl>logging/messages`. */
  loggingUrl: string;
  /** Optional referrer check (SESS-10/11): the expected referrer prefix and the redirect target. */
  referrer?: { expected: string; redirectTo?: string };
  /** The provider's sponsor contract (SPON-14..SPON-18): see SponsorRequestConfig. */
  sponsorRequest: SponsorRequestConfig;
  /** Test-only, honoured outside production: the lazy chunks' load timeout instead of ERR-29's 120 s (issue 13's fault suite). */
  chunkTimeoutMs?: number;
  /**
   * The hosts an `https:` URL, here or in the documents, may name (issue 13); every other URL is
   * a path on this site. Default none. The URLs of this file are checked with the documents', by
   * the full check after the first screen (src/engine/urls.ts; lint and the build check
   * public/config.json): the first screen's budget has no room for it, and until then the strict
   * CSP refuses a `javascript:` navigation.
   */
  allowedHosts?: unknown;
  /** Sign-in for members (AUTH-*); absent: no logon link, every applicant is anonymous. */
  auth?: AuthConfig;
}

/**
 * Sign-in (issue 12, AUTH-07..AUTH-17): every host, client id, cookie and path is configuration
 * (AUTH-16, AUTH-17), never part of the build.
 */
export interface AuthConfig {
  /** The identity provider's base URL (AUTH-07), absolute or relative to the page. */
  identityProvider: string;
  /** The discovery document under it (AUTH-07). */
  discoveryPath: string;
  /** The client id (AUTH-17: configuration, never in the build). */
  clientId: string;
  /** AUTH-08: `openid web`. */
  scope: string;
  /** AUTH-08: optional acr_values. */
  acrValues?: string;
  /** AUTH-06: the session-ended marker cookie; its absence while signed in logs off. */
  markerCookie: string;
  /** AUTH-06: the global session cookie, when the host has one to watch. */
  globalSessionCookie?: string;
  /** AUTH-13: where logoff goes. */
  logoffUrl: string;
  /** AUTH-15/16: the member's home after logon, chosen by a redirect cookie's value; `default` without the cookie. */
  home?: { cookie: string; targets: Record<string, string>; default: string };
  /** AUTH-12: the id-token claim naming where to go instead of the home (`{product}_redirect_url`; default `<brand>_redirect_url`). */
  redirectUrlClaim: string;
}

export const DEFAULT_DISCOVERY_PATH = '/access-management/oauth2/member/.well-known/openid-configuration';
export const DEFAULT_LOGOFF_URL = '/inet/ent_logoff/Logoff?action=INIT';

function authOf(raw: unknown, brand: string): AuthConfig | undefined {
  if (raw === undefined) return undefined;
  const fail = (what: string): never => {
    throw new ConfigError(`config.json: "auth.${what}"`);
  };
  if (!isRecord(raw)) throw new ConfigError('config.json: "auth" must be an object');
  const text = (key: string, fallback?: string): string => {
    const v = raw[key] ?? fallback;
    return typeof v === 'string' && v !== '' ? v : fail(`${key}" must be a non-empty string`);
  };
  const optional = (key: string): string | undefined => (raw[key] === undefined ? undefined : text(key));
  const auth: AuthConfig = {
    identityProvider: text('identityProvider'),
    discoveryPath: text('discoveryPath', DEFAULT_DISCOVERY_PATH),
    clientId: text('clientId'),
    scope: text('scope', 'openid web'),
    markerCookie: text('markerCookie'),
    logoffUrl: text('logoffUrl', DEFAULT_LOGOFF_URL),
    redirectUrlClaim: text('redirectUrlClaim', `${brand.toLowerCase()}_redirect_url`),
  };
  if (!auth.discoveryPath.endsWith('/.well-known/openid-configuration')) fail('discoveryPath" must end with /.well-known/openid-configuration');
  const acr = optional('acrValues');
  if (acr) auth.acrValues = acr;
  const global = optional('globalSessionCookie');
  if (global) auth.globalSessionCookie = global;
  if (raw.home !== undefined) {
    const h = raw.home;
    if (!isRecord(h) || typeof h.cookie !== 'string' || typeof h.default !== 'string' || !isRecord(h.targets) || Object.values(h.targets).some((v) => typeof v !== 'string' || v === '')) {
      fail('home" must be { "cookie": string, "targets": { value: url }, "default": url }');
    }
    const home = h as { cookie: string; targets: Record<string, string>; default: string };
    auth.home = { cookie: home.cookie, targets: { ...home.targets }, default: home.default };
  }
  return auth;
}

/**
 * How the provider's sponsor service spells what doc 2 §3 leaves to it (config.json
 * `sponsorRequest`): `brand` is the provider's short brand name, written in the field names
 * `sponsor{brand}PartyTdId` / `sponsor{brand}PartyIdTypeCd` and sent as the party-id type of a
 * parent or spouse sponsor (SPON-14, SPON-18); `memberNumberOrder` is the one permutation that
 * rearranges the nine-digit member number (SPON-16, SPON-17): digit i of the sent id is digit
 * `memberNumberOrder[i]` of the member number. Defaults: `brand` upper-cased, the identity order.
 */
export type { SponsorRequestConfig } from '../shared/ports';
import type { SponsorRequestConfig } from '../shared/ports';
import { CONFIG_TIMEOUT_MS, timed, untilAborted } from './timeouts';

const IDENTITY_ORDER = [0, 1, 2, 3, 4, 5, 6, 7, 8];

function sponsorRequestOf(raw: unknown, brand: string): SponsorRequestConfig {
  if (raw === undefined) return { brand: brand.toUpperCase(), memberNumberOrder: [...IDENTITY_ORDER] };
  if (!isRecord(raw)) throw new ConfigError('config.json: "sponsorRequest" must be { "brand"?: string, "memberNumberOrder"?: number[] }');
  const b = raw.brand ?? brand.toUpperCase();
  if (typeof b !== 'string' || !/^[A-Za-z][A-Za-z0-9]*$/.test(b)) throw new ConfigError('config.json: "sponsorRequest.brand" must be letters and digits (it is part of a field name)');
  const order = raw.memberNumberOrder ?? IDENTITY_ORDER;
  const isPermutation = Array.isArray(order) && order.length === 9 && [...order].sort((x, y) => Number(x) - Number(y)).every((v, i) => v === i);
  if (!isPermutation) throw new ConfigError('config.json: "sponsorRequest.memberNumberOrder" must list each of the digits positions 0..8 once');
  return { brand: b, memberNumberOrder: [...(order as number[])] };
}

function destinationsOf(raw: unknown): Record<string, string> {
  if (raw === undefined) return {};
  if (!isRecord(raw) || Object.entries(raw).some(([k, v]) => !/^[A-Za-z][A-Za-z0-9-]*$/.test(k) || typeof v !== 'string' || v === '')) {
    throw new ConfigError('config.json: "destinations" must map names (letters, digits, dashes) to non-empty URLs');
  }
  return { ...(raw as Record<string, string>) };
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const ENVIRONMENTS: readonly Environment[] = ['development', 'staging', 'production'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** Check and complete a parsed config.json; throws ConfigError naming the field at fault. */
export function parseConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw)) throw new ConfigError('config.json must hold an object');
  const str = (key: string, fallback?: string): string => {
    const v = raw[key];
    if (v === undefined && fallback !== undefined) return fallback;
    if (typeof v !== 'string' || v.length === 0) throw new ConfigError(`config.json: "${key}" must be a non-empty string`);
    return v;
  };
  const bool = (key: string, fallback: boolean): boolean => {
    const v = raw[key];
    if (v === undefined) return fallback;
    if (typeof v !== 'boolean') throw new ConfigError(`config.json: "${key}" must be true or false`);
    return v;
  };
  const environment = raw.environment;
  if (typeof environment !== 'string' || !ENVIRONMENTS.includes(environment as Environment)) {
    throw new ConfigError(`config.json: "environment" must be one of ${ENVIRONMENTS.join(', ')}`);
  }
  const apiBaseUrl = withSlash(str('apiBaseUrl'));
  const brand = str('brand', 'muster');
  const config: RuntimeConfig = {
    environment: environment as Environment,
    apiBaseUrl,
    contentBaseUrl: withSlash(str('contentBaseUrl')),
    sandbox: bool('sandbox', false),
    brand,
    demo: bool('demo', false),
    support: bool('support', false),
    homeUrl: str('homeUrl', '/'),
    joinStartUrl: str('joinStartUrl', '/join/start/'),
    destinations: destinationsOf(raw.destinations),
    loggingUrl: str('loggingUrl', `${apiBaseUrl}logging/messages`),
    sponsorRequest: sponsorRequestOf(raw.sponsorRequest, brand),
    allowedHosts: raw.allowedHosts,
  };
  if (typeof raw.chunkTimeoutMs === 'number' && raw.chunkTimeoutMs > 0) config.chunkTimeoutMs = raw.chunkTimeoutMs;
  const auth = authOf(raw.auth, config.brand);
  if (auth) config.auth = auth;
  if (raw.referrer !== undefined) {
    const r = raw.referrer;
    if (!isRecord(r) || typeof r.expected !== 'string' || (r.redirectTo !== undefined && typeof r.redirectTo !== 'string')) {
      throw new ConfigError('config.json: "referrer" must be { "expected": string, "redirectTo"?: string }');
    }
    config.referrer = { expected: r.expected, ...(typeof r.redirectTo === 'string' ? { redirectTo: r.redirectTo } : {}) };
  }
  return config;
}

export function isProduction(config: Pick<RuntimeConfig, 'environment'>): boolean {
  return config.environment === 'production';
}

/** GET <base>config.json, never cached (a deploy changes it without a new build); a timeout (CONFIG_TIMEOUT_MS) is a ConfigError. */
export async function fetchConfig(baseUrl: string, fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  const init = timed(CONFIG_TIMEOUT_MS, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  let response: Response;
  try {
    response = await fetcher(`${baseUrl}config.json`, init);
  } catch (err) {
    throw new ConfigError(`config.json could not be fetched: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!response.ok) throw new ConfigError(`config.json: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await untilAborted(response.json(), init.signal);
  } catch {
    throw new ConfigError('config.json is not valid JSON, or did not arrive in time');
  }
  return parseConfig(body);
}
