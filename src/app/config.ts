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
  /** The logging service (CONT-25); default `<apiBaseUrl>logging/messages`. */
  loggingUrl: string;
  /** Optional referrer check (SESS-10/11): the expected referrer prefix and the redirect target. */
  referrer?: { expected: string; redirectTo?: string };
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
  const config: RuntimeConfig = {
    environment: environment as Environment,
    apiBaseUrl,
    contentBaseUrl: withSlash(str('contentBaseUrl')),
    sandbox: bool('sandbox', false),
    brand: str('brand', 'muster'),
    demo: bool('demo', false),
    support: bool('support', false),
    homeUrl: str('homeUrl', '/'),
    joinStartUrl: str('joinStartUrl', '/join/start/'),
    loggingUrl: str('loggingUrl', `${apiBaseUrl}logging/messages`),
  };
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

/** GET <base>config.json, never cached (a deploy changes it without a new build). */
export async function fetchConfig(baseUrl: string, fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetcher(`${baseUrl}config.json`, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  } catch (err) {
    throw new ConfigError(`config.json could not be fetched: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!response.ok) throw new ConfigError(`config.json: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ConfigError('config.json is not valid JSON');
  }
  return parseConfig(body);
}
