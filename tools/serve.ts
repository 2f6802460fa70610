/**
 * Serves the production build (dist/) under /join/get-started/ the way a real host must (README,
 * "Hosting"; issue 13): exactly the headers of HOSTING_HEADERS on every answer, with the strict
 * Content-Security-Policy of issue 4 reporting violations to CSP_REPORTS, Cache-Control by file
 * kind (cacheControl), and the SPA fallback for deep links. It also plays the host's CSP report
 * collector: it records the reports browsers POST to CSP_REPORTS and lists them on a GET there
 * (DELETE forgets them), since reports are sent by the browser itself, where no service worker
 * (the msw sandbox) sees them. Outside production (the served config.json has the sandbox on and
 * an environment other than `production`, tools/hand-off-pages.ts `handOffPagesOn`), the
 * provider's pages a journey hands off to answer with the sandbox's hand-off page (issue 20);
 * a production config.json gets 404 there, as before. Used by the end-to-end tests and the
 * benchmark; `npm run serve` for a person (the local preview of dist/, with dist/config.json).
 *   tsx tools/serve.ts [--port 4173] [--no-csp]
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP_REPORTS, HOSTING_HEADERS, STRICT_CSP, withInlineHashes } from './hosting';
import { findHandOff, handOffAnswer, handOffPagesOn, handOffPlaces, productsInBuild, type ProductDestination } from './hand-off-pages';

export { CSP_ENDPOINT, CSP_REPORTS, HOSTING_HEADERS, PERMISSIONS_POLICY, STRICT_CSP, withInlineHashes } from './hosting';

/** Cache-Control by what is served. */
export const CACHE_CONTROL = {
  /** Files Vite names by their content hash (assets/*-[hash].js): a new build gives new names. */
  hashed: 'public, max-age=31536000, immutable',
  /** index.html (and every deep link answered with it), config.json and the packs: a deploy or a config change shows at once. */
  fresh: 'no-store',
  /** Any other file (the msw worker, a public file without a hash): cached, but revalidated every time. */
  other: 'no-cache',
} as const;

/** The Cache-Control of a path under the base (`assets/x-1a2b3c4d.js`, `config.json`, `index.html`, a deep link). */
export function cacheControl(rel: string): string {
  if (rel.startsWith('assets/')) return CACHE_CONTROL.hashed;
  if (rel === '' || rel === 'index.html' || rel === 'config.json' || rel.startsWith('packs/') || path.extname(rel) === '') return CACHE_CONTROL.fresh;
  return CACHE_CONTROL.other;
}

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

/** Text files are sent gzip-compressed when the browser accepts it, as any real host does (the first screen's figures depend on it). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.map']);
const gzipped = new Map<string, Buffer>();

/** Sends a file's body (gzip when accepted); `cache: false` for a page made for this request, whose zipped form is not kept. */
function send(req: IncomingMessage, res: ServerResponse, file: string, body: Buffer, cache = true): void {
  if (COMPRESSIBLE.has(path.extname(file)) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    const key = `${file}:${body.length}`;
    let zipped = cache ? gzipped.get(key) : undefined;
    if (!zipped) {
      zipped = gzipSync(body, { level: 9 });
      if (cache) gzipped.set(key, zipped);
    }
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
    res.end(zipped);
    return;
  }
  res.end(body);
}

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

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 65536) chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A CSP report as the collector keeps it: the body as sent (report-to: a list of reports; report-uri: one). */
export interface CspReport {
  contentType: string;
  body: unknown;
}

/** The strict CSP (`strict`: with the build's inline-script hashes), opened for the identity provider when there is one (issue 12). */
export function cspFor(pathname: string, identityProvider?: string, strict: string = STRICT_CSP): string {
  if (!identityProvider) return strict;
  const idp = new URL(identityProvider).origin;
  const silentFrame = pathname.startsWith(`${BASE}auth-silent/`);
  return strict.replace("default-src 'self';", `default-src 'self'; connect-src 'self' ${idp}; frame-src 'self' ${idp};`).replace("frame-ancestors 'none'", silentFrame ? "frame-ancestors 'self'" : "frame-ancestors 'none'");
}

/** Whether `file` (resolved) is `root` or under it: compared by path segments, never as a string prefix (`/srv/dist-secret` is not under `/srv/dist`). */
export function isInside(root: string, file: string): boolean {
  const rel = path.relative(path.resolve(root), path.resolve(file));
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

export function serveDist(options: ServeOptions): Promise<{ server: Server; url: string; reports: CspReport[] }> {
  const root = path.resolve(options.root);
  const reports: CspReport[] = [];
  // The build's config.json (read on each hand-off, as the app reads it on each load) and its products' destinations (read once).
  const builtConfig = (): unknown => {
    try {
      return JSON.parse(readFileSync(path.join(root, 'config.json'), 'utf8')) as unknown;
    } catch {
      return undefined;
    }
  };
  let products: ProductDestination[] | undefined;
  const builtProducts = (): ProductDestination[] => (products ??= productsInBuild(root));
  let strict = STRICT_CSP;
  try {
    strict = withInlineHashes(STRICT_CSP, readFileSync(path.join(root, 'index.html'), 'utf8'));
  } catch {
    // No index.html yet: the pages this server can answer hold no inline script or style.
  }
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      for (const [name, value] of Object.entries(HOSTING_HEADERS)) {
        if (options.csp !== false || (name !== 'Content-Security-Policy' && name !== 'Reporting-Endpoints')) res.setHeader(name, value);
      }
      // The build's inline script and style hashes, and the identity provider when there is one (issue 12).
      if (options.csp !== false) res.setHeader('Content-Security-Policy', cspFor(url.pathname, options.identityProvider, strict));
      res.setHeader('Cache-Control', CACHE_CONTROL.fresh);
      if (url.pathname === CSP_REPORTS) {
        const method = req.method ?? 'GET';
        if (method === 'POST') {
          const text = await body(req);
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // kept as text
          }
          reports.push({ contentType: String(req.headers['content-type'] ?? ''), body: parsed });
          res.statusCode = 204;
        } else if (method === 'DELETE') {
          reports.length = 0;
          res.statusCode = 204;
        } else if (method === 'GET') {
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify(reports));
          return;
        } else {
          res.statusCode = 405;
        }
        res.end();
        return;
      }
      const answered = options.route?.(url.pathname, req.method ?? 'GET');
      if (answered) {
        res.statusCode = answered.status;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(answered.json));
        return;
      }
      if (!url.pathname.startsWith(BASE)) {
        // Outside production, the provider's pages a journey hands off to answer with the sandbox's page (issue 20).
        const method = req.method ?? 'GET';
        const served = options.config ?? builtConfig();
        const place = (method === 'GET' || method === 'HEAD') && handOffPagesOn(served) ? findHandOff(handOffPlaces(served, builtProducts()), url.pathname) : undefined;
        if (place) {
          const answer = handOffAnswer(url, place);
          res.statusCode = answer.status;
          for (const [name, value] of Object.entries(answer.headers)) {
            if (options.csp !== false || (name !== 'Content-Security-Policy' && name !== 'Reporting-Endpoints')) res.setHeader(name, value);
          }
          if (options.csp !== false && options.identityProvider) res.setHeader('Content-Security-Policy', cspFor(url.pathname, options.identityProvider, answer.headers['Content-Security-Policy']));
          if (method === 'HEAD') res.end();
          else send(req, res, 'page.html', Buffer.from(answer.body, 'utf8'), false);
          return;
        }
        res.statusCode = url.pathname === '/' || url.pathname === '/join/get-started' ? 302 : 404;
        if (res.statusCode === 302) res.setHeader('Location', BASE);
        res.end();
        return;
      }
      let rel: string;
      try {
        rel = decodeURIComponent(url.pathname.slice(BASE.length));
      } catch {
        res.statusCode = 400;
        res.end();
        return;
      }
      res.setHeader('Cache-Control', cacheControl(rel));
      if (rel === 'config.json' && options.config) {
        res.setHeader('Content-Type', TYPES['.json'] as string);
        res.end(JSON.stringify(options.config));
        return;
      }
      let file = path.resolve(root, rel);
      // Inside dist/ itself: `..%2fdist-secret%2f…` resolves to a sibling folder whose name merely starts with dist's (issue 22).
      if (!isInside(root, file) || rel.includes('\0')) {
        res.statusCode = 403;
        res.end();
        return;
      }
      const isFile = await stat(file).then((s) => s.isFile(), () => false);
      // Deep links (/join/get-started/military-service/self) get the app; missing assets a 404.
      if (!isFile) {
        if (path.extname(rel) !== '') {
          res.statusCode = 404;
          res.setHeader('Cache-Control', CACHE_CONTROL.fresh);
          res.end();
          return;
        }
        file = path.join(root, 'index.html');
        res.setHeader('Cache-Control', CACHE_CONTROL.fresh);
      }
      res.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
      if (file.endsWith('mockServiceWorker.js')) res.setHeader('Service-Worker-Allowed', BASE);
      send(req, res, file, await readFile(file));
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.setHeader('Cache-Control', CACHE_CONTROL.fresh);
      res.end(String(err));
    });
  });
  return new Promise((resolve) => {
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      resolve({ server, url: `http://127.0.0.1:${port}${BASE}`, reports });
    });
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : 4173;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(path.join(root, 'config.json'), 'utf8')) as unknown;
  } catch {
    config = undefined;
  }
  // An identity provider on another origin (config.json `auth.identityProvider` as an absolute URL) opens the CSP for it, as a host's must; "/" is this origin, which 'self' already allows.
  const idp = (config as { auth?: { identityProvider?: unknown } } | undefined)?.auth?.identityProvider;
  const identityProvider = typeof idp === 'string' && /^https?:\/\//.test(idp) ? idp : undefined;
  const { url } = await serveDist({ root, port, csp: !process.argv.includes('--no-csp'), ...(identityProvider ? { identityProvider } : {}) });
  console.log(`serving dist/ at ${url} (CSP ${process.argv.includes('--no-csp') ? 'off' : 'on'}; CSP reports recorded at ${new URL(CSP_REPORTS, url).href})`);
  console.log(
    handOffPagesOn(config)
      ? "hand-off pages on (config.json: sandbox on, not production): the provider's pages a journey leaves for answer with the sandbox's page"
      : "hand-off pages off (config.json: production, or the sandbox off): the provider's pages answer 404",
  );
}
