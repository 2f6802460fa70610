/**
 * Vite plugin (development server only): the sandbox's hand-off pages (issue 20,
 * tools/hand-off-pages.ts) and the hosting headers a development page can carry (issue 22).
 *
 * - A GET to a page of the provider's site that public/config.json or a product document names
 *   (a `destinationURL`, `destinations.*`, `joinStartUrl`, `auth.home`, the logoff page) answers
 *   with the hand-off page, with every hosting header and its own strict CSP, while
 *   public/config.json has the sandbox on outside production (`handOffPagesOn`). Both files are
 *   read on each such request, so an edit shows at once. Vite would answer those paths, outside
 *   its base, with a plain-text "did you mean /join/get-started/…" 404.
 * - Every page Vite serves gets `Permissions-Policy`, `Cross-Origin-Opener-Policy`,
 *   `Referrer-Policy` and `X-Content-Type-Options` (tools/hosting.ts `HEADERS_WITHOUT_CSP`), as the
 *   host sends them; not the CSP: React Refresh's preamble is an inline script.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { HEADERS_WITHOUT_CSP } from './hosting';
import { APP_BASE, findHandOff, handOffAnswer, handOffPagesOn, handOffPlaces, productsInProject } from './hand-off-pages';
import { PROJECT_ROOT } from './lib/project';

export function handOffPages(options: { root?: string } = {}): Plugin {
  const root = options.root ?? PROJECT_ROOT;
  const readConfig = (): unknown => {
    try {
      return JSON.parse(readFileSync(path.join(root, 'public/config.json'), 'utf8')) as unknown;
    } catch {
      return undefined;
    }
  };
  return {
    name: 'muster-hand-off-pages',
    apply: 'serve',
    config: () => ({ server: { headers: { ...HEADERS_WITHOUT_CSP } } }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const method = req.method ?? 'GET';
        const url = new URL(req.url ?? '/', 'http://localhost');
        // The app's own pages and Vite's files are under the base; only a page outside it can be a hand-off.
        if ((method !== 'GET' && method !== 'HEAD') || url.pathname.startsWith(APP_BASE) || url.pathname.startsWith('/@')) {
          next();
          return;
        }
        const config = readConfig();
        const place = handOffPagesOn(config) ? findHandOff(handOffPlaces(config, productsInProject(root)), url.pathname) : undefined;
        if (!place) {
          next();
          return;
        }
        const answer = handOffAnswer(url, place);
        res.statusCode = answer.status;
        for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
        res.end(method === 'HEAD' ? undefined : answer.body);
      });
    },
  };
}
