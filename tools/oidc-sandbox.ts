/**
 * The sandbox's OpenID provider (issue 12): oidc-provider, the certified Node implementation,
 * configured as the provider's member sign-in would be: discovery under
 * `/access-management/oauth2/member` (AUTH-07), Muster's public client with PKCE required
 * (AUTH-08), scopes `openid web`, `member_guid` in the user info (AUTH-11), one test member, the
 * session-ended marker cookie set on each successful authorization (AUTH-06), and token
 * lifetimes a test can shorten (AUTH-04). Its login page is oidc-provider's development
 * interaction: any password.
 *
 *   - `npm start`: tools/vite-plugin-muster.ts mounts it in Vite's dev server when config.json
 *     has the sandbox on and an `auth` section (same origin as the app, issuer from the Host).
 *   - the end-to-end tests: `startOidcSandbox()` on a free port, stopped after.
 *   - `tsx tools/oidc-sandbox.ts --port 5180 --app http://localhost:5173` for a person.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Provider, { type Configuration } from 'oidc-provider';

/** Where the provider lives under its host (AUTH-07: discovery is `{this}/.well-known/openid-configuration`). */
export const ISSUER_PATH = '/access-management/oauth2/member';
export const SANDBOX_CLIENT_ID = 'muster-sandbox';
export const SANDBOX_MARKER_COOKIE = 'muster_session_marker';
export const APP_BASE = '/join/get-started/';

/** The test member: sign in with this login and any password. */
export const TEST_MEMBER = { login: 'member', sub: 'member', memberGuid: '7b0d8f1e-5c1a-4b8e-9d2f-000000000001' };

export interface OidcSandboxOptions {
  /** The issuer, e.g. http://127.0.0.1:5180/access-management/oauth2/member. */
  issuer: string;
  /** Origins the app is served from: the client's redirect URIs are their /join/get-started/auth-callback/ and /auth-silent/. */
  appOrigins: string[];
  clientId?: string;
  markerCookie?: string;
  /** Lifetimes in seconds (default: access and id token 3600, session 1 day). */
  ttl?: { accessToken?: number; idToken?: number; session?: number };
  /** AUTH-12: a `{product}_redirect_url` claim for the test member (claim name, URL). */
  redirectUrl?: { claim: string; url: string };
}

export function createOidcProvider(options: OidcSandboxOptions): Provider {
  const clientId = options.clientId ?? SANDBOX_CLIENT_ID;
  const marker = options.markerCookie ?? SANDBOX_MARKER_COOKIE;
  const extraClaims = options.redirectUrl ? [options.redirectUrl.claim] : [];
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: options.appOrigins.flatMap((o) => [`${o}${APP_BASE}auth-callback/`, `${o}${APP_BASE}auth-silent/`]),
      },
    ],
    scopes: ['openid', 'web'],
    claims: { openid: ['sub'], web: ['member_guid', ...extraClaims] },
    // The `web` claims ride in the id token too (AUTH-11: the id token carries the redirect URL claim).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    findAccount: (_ctx, sub) =>
      sub === TEST_MEMBER.sub
        ? {
            accountId: TEST_MEMBER.sub,
            claims: () => ({ sub: TEST_MEMBER.sub, member_guid: TEST_MEMBER.memberGuid, ...(options.redirectUrl ? { [options.redirectUrl.claim]: options.redirectUrl.url } : {}) }),
          }
        : undefined,
    // Muster is the provider's own client: no consent page (the grant covers `openid web`).
    loadExistingGrant: async (ctx) => {
      const { client, session, result, provider } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? (client ? session?.grantIdFor(client.clientId) : undefined);
      if (grantId) return provider.Grant.find(grantId);
      if (!client || !session?.accountId) return undefined;
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid web');
      grant.addOIDCClaims(['member_guid', ...extraClaims]);
      await grant.save();
      return grant;
    },
    ttl: {
      AccessToken: options.ttl?.accessToken ?? 3600,
      IdToken: options.ttl?.idToken ?? options.ttl?.accessToken ?? 3600,
      Session: options.ttl?.session ?? 86400,
      Grant: options.ttl?.session ?? 86400,
      Interaction: 600,
      AuthorizationCode: 60,
    },
    cookies: { keys: ['muster-sandbox-only-not-a-secret'] },
    features: { devInteractions: { enabled: true } },
    // The browser calls discovery, token and user info from the app's origin.
    clientBasedCORS: () => true,
  };
  const provider = new Provider(options.issuer, configuration);
  // AUTH-06: the provider's session-ended marker, readable by the app (not httpOnly).
  provider.on('authorization.success', (ctx) => {
    ctx.cookies.set(marker, '1', { httpOnly: false, sameSite: 'lax', path: '/', signed: false, overwrite: true });
  });
  return provider;
}

/** The provider's request handler under ISSUER_PATH on a plain server (as Express would mount it). */
export function mountedHandler(provider: Provider): (req: IncomingMessage, res: ServerResponse) => void {
  const handle = provider.callback();
  return (req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(ISSUER_PATH)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
    req.url = url.slice(ISSUER_PATH.length) || '/';
    handle(req, res);
  };
}

export interface RunningOidcSandbox {
  /** config.json `auth.identityProvider`: the provider's origin. */
  identityProvider: string;
  issuer: string;
  server: Server;
  close(): Promise<void>;
}

/** Starts the provider on its own port (0: a free one) for the given app origins. */
export async function startOidcSandbox(options: Omit<OidcSandboxOptions, 'issuer'> & { port?: number; host?: string }): Promise<RunningOidcSandbox> {
  const host = options.host ?? '127.0.0.1';
  // The issuer names the port, so the provider is made once the server listens.
  const route: { handle?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const server = createServer((req, res) => {
    if (route.handle) route.handle(req, res);
    else {
      res.statusCode = 503;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const identityProvider = `http://${host}:${port}`;
  const issuer = `${identityProvider}${ISSUER_PATH}`;
  route.handle = mountedHandler(createOidcProvider({ ...options, issuer }));
  return {
    identityProvider,
    issuer,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const arg = (name: string): string | undefined => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const running = await startOidcSandbox({ port: Number(arg('--port') ?? 5180), host: 'localhost', appOrigins: [arg('--app') ?? 'http://localhost:5173'] });
  console.log(`OpenID provider (sandbox) at ${running.issuer}; sign in as '${TEST_MEMBER.login}' with any password`);
}
