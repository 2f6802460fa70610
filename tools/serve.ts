/**
 * Serves the production build (dist/) under /join/get-started/ the way a real host would:
 * with the strict Content-Security-Policy of issue 4 and the SPA fallback for deep links.
 * Used by the end-to-end tests and the benchmark; `npm run serve` for a person.
 *   tsx tools/serve.ts [--port 4173] [--no-csp]
 */
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
const BASE = '/join/get-started/';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

export interface ServeOptions {
  root: string;
  port?: number;
  csp?: boolean;
  /** Replaces public/config.json's content (e.g. to test production behaviour). */
  config?: object;
  /**
   * The identity provider's origin (config.json `auth.identityProvider`, issue 12): the CSP lets the
   * page call it (connect-src) and frame it for silent renewal (frame-src), and lets the app's own
   * /auth-silent/ page be that frame (frame-ancestors 'self' there only).
   */
  identityProvider?: string;
  /** Answers other paths (a stand-in for a provider service); undefined lets the file server answer. */
  route?: (pathname: string, method: string) => { status: number; json: unknown } | undefined;
}

/** The strict CSP, opened for the identity provider when there is one (issue 12). */
export function cspFor(pathname: string, identityProvider?: string): string {
  if (!identityProvider) return STRICT_CSP;
  const idp = new URL(identityProvider).origin;
  const silentFrame = pathname.startsWith(`${BASE}auth-silent/`);
  return STRICT_CSP.replace("default-src 'self';", `default-src 'self'; connect-src 'self' ${idp}; frame-src 'self' ${idp};`).replace("frame-ancestors 'none'", silentFrame ? "frame-ancestors 'self'" : "frame-ancestors 'none'");
}

export function serveDist(options: ServeOptions): Promise<{ server: Server; url: string }> {
  const root = path.resolve(options.root);
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (options.csp !== false) res.setHeader('Content-Security-Policy', cspFor(url.pathname, options.identityProvider));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      const answered = options.route?.(url.pathname, req.method ?? 'GET');
      if (answered) {
        res.statusCode = answered.status;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(answered.json));
        return;
      }
      if (!url.pathname.startsWith(BASE)) {
        res.statusCode = url.pathname === '/' || url.pathname === '/join/get-started' ? 302 : 404;
        if (res.statusCode === 302) res.setHeader('Location', BASE);
        res.end();
        return;
      }
      const rel = decodeURIComponent(url.pathname.slice(BASE.length));
      if (rel === 'config.json' && options.config) {
        res.setHeader('Content-Type', TYPES['.json'] as string);
        res.end(JSON.stringify(options.config));
        return;
      }
      let file = path.join(root, rel);
      if (!file.startsWith(root)) {
        res.statusCode = 403;
        res.end();
        return;
      }
      const isFile = await stat(file).then((s) => s.isFile(), () => false);
      // Deep links (/join/get-started/military-service/self) get the app; missing assets a 404.
      if (!isFile) {
        if (path.extname(rel) !== '') {
          res.statusCode = 404;
          res.end();
          return;
        }
        file = path.join(root, 'index.html');
      }
      res.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
      if (file.endsWith('mockServiceWorker.js')) res.setHeader('Service-Worker-Allowed', BASE);
      res.end(await readFile(file));
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  return new Promise((resolve) => {
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      resolve({ server, url: `http://127.0.0.1:${port}${BASE}` });
    });
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : 4173;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
  const { url } = await serveDist({ root, port, csp: !process.argv.includes('--no-csp') });
  console.log(`serving dist/ at ${url} (CSP ${process.argv.includes('--no-csp') ? 'off' : 'on'})`);
}
