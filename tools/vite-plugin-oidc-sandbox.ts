/**
 * Vite plugin (development only): when public/config.json has the sandbox on and its `auth`
 * section names the page's own origin as the identity provider (`"identityProvider": "/"`), the
 * sandbox's OpenID provider (tools/oidc-sandbox.ts, oidc-provider) answers under
 * /access-management/oauth2/member in the dev server itself: `npm start` is still one command,
 * and the app, its cookies and the provider share one origin, whatever host or port Vite takes.
 * oidc-provider loads only here, never in the build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { PROJECT_ROOT } from './lib/project';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function sandboxAuth(): { clientId?: string; markerCookie?: string } | undefined {
  try {
    const config = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'public/config.json'), 'utf8')) as { sandbox?: boolean; auth?: { identityProvider?: string; clientId?: string; markerCookie?: string } };
    return config.sandbox === true && config.auth?.identityProvider === '/' ? config.auth : undefined;
  } catch {
    return undefined;
  }
}

export function oidcSandbox(): Plugin {
  return {
    name: 'muster-oidc-sandbox',
    apply: 'serve',
    async configureServer(server) {
      const auth = sandboxAuth();
      if (!auth) return;
      const { createOidcProvider, ISSUER_PATH, TEST_MEMBER } = await import('./oidc-sandbox');
      // One provider per host the browser uses (localhost, 127.0.0.1, a LAN name): its issuer is that origin's.
      const byHost = new Map<string, Handler>();
      server.middlewares.use(ISSUER_PATH, (req, res) => {
        const host = req.headers.host ?? 'localhost';
        let handle = byHost.get(host);
        if (!handle) {
          const origin = `http://${host}`;
          handle = createOidcProvider({ issuer: `${origin}${ISSUER_PATH}`, appOrigins: [origin], ...(auth.clientId ? { clientId: auth.clientId } : {}), ...(auth.markerCookie ? { markerCookie: auth.markerCookie } : {}) }).callback();
          byHost.set(host, handle);
        }
        handle(req, res);
      });
      server.config.logger.info(`  sandbox OpenID provider: ${ISSUER_PATH} (sign in as '${TEST_MEMBER.login}', any password)`);
    },
  };
}
