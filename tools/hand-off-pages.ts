/**
 * The sandbox's hand-off pages (issue 20): outside production, the pages a journey leaves the app
 * for (a product's `destinationURL`, config.json's `destinations`, `joinStartUrl`, the member's
 * home targets, the logoff page, ...) belong to the provider's site, which neither `npm start`
 * nor `npm run serve` has. Both servers answer each of them with one plain page that says the
 * applicant has left the sign-up, where they were sent and with which query parameters, instead
 * of Vite's raw text or a bare 404 that a newcomer takes for a crash.
 *
 * Where the pages are is read from the documents and the config the server serves, never written
 * here: `handOffPlaces` takes config.json and the product documents (the project's flows/products
 * for the dev server, the build's packs for the serve tool). The page holds no script and one
 * `<style>`, allowed by its hash in the page's own strict CSP (`handOffAnswer`). Every value
 * taken from the request is escaped as text; nothing is echoed as HTML.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOGOFF_URL } from '../src/app/config';
import { HOSTING_HEADERS, STRICT_CSP, withInlineHashes } from './hosting';

/** Where the app is served (vite.config.ts `base`): never a hand-off page, and where the page's link goes back to. */
export const APP_BASE = '/join/get-started/';

/** A product document as far as the pages need it: its id, what it extends, whether it is abstract, and its destination (a URL, or `{path, query}`). */
export interface ProductDestination {
  id: string;
  extends?: string;
  abstract?: boolean;
  destinationURL?: unknown;
}

/** A place the sign-up hands off to: its path on the site (`{productId}` matches one segment) and what names it. */
export interface HandOffPlace {
  path: string;
  namedBy: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether the server answers the hand-off pages: only with the sandbox on and outside production
 * (config.json `"sandbox": true` and an `environment` other than `production`), as the repository's
 * public/config.json says for `npm start` and for the build `npm run serve` previews. A production
 * config.json never gets them, whatever its sandbox switch says.
 */
export function handOffPagesOn(config: unknown): boolean {
  return isRecord(config) && config.sandbox === true && config.environment !== 'production';
}

/** The path of a site URL (`/my/home/?x=1` → `/my/home/`), or undefined for another host, a scheme, `//host` or the app's own pages. */
function sitePath(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return undefined;
  const bare = url.replace(/[?#].*$/s, '');
  let pathname: string;
  try {
    pathname = new URL(bare.replace(/\{productId\}/g, 'PRODUCT_ID'), 'http://sandbox.invalid').pathname.replace(/PRODUCT_ID/g, '{productId}');
  } catch {
    return undefined;
  }
  if (pathname === '/' || `${pathname}/`.startsWith(APP_BASE)) return undefined;
  return pathname;
}

/**
 * Every place the served config.json and the product documents hand off to, by path: config.json
 * `joinStartUrl`, `homeUrl` (unless it is the site's root, which the servers send to the app),
 * `destinations.*`, `referrer.redirectTo`, `auth.home.targets.*`, `auth.home.default` and the
 * logoff page (`auth.logoffUrl`, by default AUTH-13's, when sign-in is configured); and each
 * product's `destinationURL` (a string or its `path`). URLs on other hosts are not this site's.
 */
export function handOffPlaces(config: unknown, products: readonly ProductDestination[]): HandOffPlace[] {
  const places = new Map<string, string[]>();
  const add = (url: unknown, name: string): void => {
    const p = sitePath(url);
    if (p === undefined) return;
    const names = places.get(p) ?? [];
    if (!names.includes(name)) names.push(name);
    places.set(p, names);
  };
  if (isRecord(config)) {
    add(config.joinStartUrl, 'config.json joinStartUrl (the call-to-action redirect)');
    add(config.homeUrl, 'config.json homeUrl (Exit and Leave)');
    if (isRecord(config.destinations)) for (const [name, url] of Object.entries(config.destinations)) add(url, `config.json destinations.${name}`);
    if (isRecord(config.referrer)) add(config.referrer.redirectTo, 'config.json referrer.redirectTo');
    const auth = config.auth;
    if (isRecord(auth)) {
      add(auth.logoffUrl ?? DEFAULT_LOGOFF_URL, 'config.json auth.logoffUrl (logoff)');
      if (isRecord(auth.home)) {
        if (isRecord(auth.home.targets)) for (const [value, url] of Object.entries(auth.home.targets)) add(url, `config.json auth.home.targets.${value} (the member's home)`);
        add(auth.home.default, "config.json auth.home.default (the member's home)");
      }
    }
  }
  // A product's destination path is its own, else the nearest one up its `extends` chain (a child may merge only the query); abstract bases are named through the products that use them.
  const byId = new Map(products.map((p) => [p.id, p]));
  const pathOf = (product: ProductDestination): unknown => {
    const seen = new Set<string>();
    for (let p: ProductDestination | undefined = product; p && !seen.has(p.id); p = p.extends === undefined ? undefined : byId.get(p.extends)) {
      seen.add(p.id);
      const d = p.destinationURL;
      if (typeof d === 'string') return d;
      if (isRecord(d) && d.path !== undefined) return d.path;
    }
    return undefined;
  };
  for (const product of products) if (product.abstract !== true) add(pathOf(product), `product ${product.id} (destinationURL)`);
  return [...places].map(([p, namedBy]) => ({ path: p, namedBy })).sort((a, b) => a.path.localeCompare(b.path));
}

/** The place a request's path is (trailing slashes aside; `{productId}` matches one segment), if any. */
export function findHandOff(places: readonly HandOffPlace[], pathname: string): HandOffPlace | undefined {
  const trim = (p: string): string => p.replace(/\/+$/, '') || '/';
  const wanted = trim(pathname);
  return places.find((place) => {
    const pattern = trim(place.path)
      .split('{productId}')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    return new RegExp(`^${pattern}$`).test(wanted);
  });
}

/** The product documents among a set of files (`flows/products/<id>.json` texts). */
function productsOf(files: Iterable<{ path: string; text: string }>): ProductDestination[] {
  const out = new Map<string, ProductDestination>();
  for (const file of files) {
    const m = /^flows\/products\/([^/]+)\.json$/.exec(file.path);
    if (!m) continue;
    try {
      const doc = JSON.parse(file.text) as unknown;
      const id = isRecord(doc) && typeof doc.id === 'string' ? doc.id : (m[1] as string);
      if (!isRecord(doc)) continue;
      out.set(id, {
        id,
        ...(typeof doc.extends === 'string' ? { extends: doc.extends } : {}),
        ...(doc.abstract === true ? { abstract: true } : {}),
        ...(doc.destinationURL !== undefined ? { destinationURL: doc.destinationURL } : {}),
      });
    } catch {
      // A malformed document: lint and the build report it; it names no page here.
    }
  }
  return [...out.values()];
}

/** The products of a project's documents (the dev server: flows/products/*.json, read as they are now). */
export function productsInProject(root: string): ProductDestination[] {
  const dir = path.join(root, 'flows/products');
  if (!existsSync(dir)) return [];
  return productsOf(readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => ({ path: `flows/products/${f}`, text: readFileSync(path.join(dir, f), 'utf8') })));
}

/** The products of a build (the serve tool: the product documents inside dist/packs/*.json). */
export function productsInBuild(dist: string): ProductDestination[] {
  const dir = path.join(dist, 'packs');
  if (!existsSync(dir)) return [];
  const files: { path: string; text: string }[] = [];
  for (const f of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    try {
      const pack = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as unknown;
      if (isRecord(pack) && Array.isArray(pack.files)) {
        for (const file of pack.files) if (isRecord(file) && typeof file.path === 'string' && typeof file.text === 'string') files.push({ path: file.path, text: file.text });
      }
    } catch {
      // Not a pack: nothing to read.
    }
  }
  return productsOf(files);
}

/** Text for HTML: every character that could open markup or end an attribute, as a character reference. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page's styles: one `<style>`, allowed by its hash (the strict CSP has no 'unsafe-inline'). */
export const HAND_OFF_STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1b1b1b;background:#f4f5f7}
.banner{background:#0a3d6b;color:#fff;padding:.75rem 1rem;font-weight:600}
.banner p{margin:0 auto;max-width:46rem}
@media (min-width:48rem){.banner{padding:.75rem 0}}
main{display:block;max-width:46rem;margin:1rem .75rem;padding:1.25rem 1rem;background:#fff;border:1px solid #d0d4da;border-radius:.5rem}
@media (min-width:48rem){main{padding:2rem 2.5rem;margin:2.5rem auto}}
h1{font-size:1.75rem;line-height:1.25;margin:0 0 1rem;color:#0a3d6b}
h2{font-size:1.125rem;margin:1.75rem 0 .5rem}
code,td{overflow-wrap:anywhere;word-break:break-word}
.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9375rem}
.path{margin:.25rem 0 1rem;padding:.5rem .75rem;background:#f4f5f7;border-left:4px solid #0a3d6b}
ul{margin:.25rem 0 0;padding-left:1.25rem;color:#4a4a4a;font-size:.9375rem}
table{width:100%;border-collapse:collapse;table-layout:fixed}
th,td{text-align:left;vertical-align:top;padding:.5rem .75rem;border-bottom:1px solid #d0d4da}
th{background:#f4f5f7;font-weight:600}
th:first-child{width:40%}
td{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9375rem}
.note{margin:1.75rem 0 0;padding:.75rem 1rem;background:#fff8e1;border:1px solid #c99a00;border-radius:.25rem}
.back{margin:1.5rem 0 0}
a{color:#0a3d6b;font-weight:600}
a:focus-visible{outline:3px solid #1b1b1b;outline-offset:2px}
`;

/** The page's heading (and title). */
export const HAND_OFF_HEADING = 'Sandbox: you have left the sign-up';

/**
 * The hand-off page for a request: the path the applicant was sent to, a table of its query
 * parameters (names and values as text, in the order sent), what names the place, a note that in
 * production the provider's own page is here, and a link back to the start of the sign-up.
 */
export function handOffPage(url: URL, place: HandOffPlace): string {
  const params = [...url.searchParams];
  const rows = params.map(([name, value]) => `<tr><td>${escapeHtml(name)}</td><td>${value === '' ? '<em>(empty)</em>' : escapeHtml(value)}</td></tr>`).join('\n');
  const table =
    params.length === 0
      ? '<p>No query parameters were sent.</p>'
      : `<table>\n<caption class="sr">The query parameters sent with the hand-off</caption>\n<thead><tr><th scope="col">Parameter</th><th scope="col">Value</th></tr></thead>\n<tbody>\n${rows}\n</tbody>\n</table>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(HAND_OFF_HEADING)}</title>
<style>${HAND_OFF_STYLE}</style>
</head>
<body>
<div class="banner"><p>Muster sandbox: not a page of the provider's site</p></div>
<main>
<h1>${escapeHtml(HAND_OFF_HEADING)}</h1>
<p>The sign-up handed you over to this page of the provider's site:</p>
<p class="path"><code data-hand-off-path>${escapeHtml(url.pathname)}</code></p>
<p>Named by:</p>
<ul>
${place.namedBy.map((n) => `<li>${escapeHtml(n)}</li>`).join('\n')}
</ul>
<h2>Query parameters</h2>
${table}
<p class="note">In production, the provider's own page is here, and it reads these parameters. The sandbox (<code>npm start</code>, <code>npm run serve</code>) has none of the provider's pages, so it shows this one instead.</p>
<p class="back"><a href="${APP_BASE}">Back to the start of the sign-up</a></p>
</main>
</body>
</html>
`;
}

/** What a server sends for a hand-off page. */
export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The answer for a hand-off page: the page, with every hosting header (README "Hosting") and the
 * strict CSP allowing its one `<style>` by its hash; `no-store`, as every page.
 */
export function handOffAnswer(url: URL, place: HandOffPlace): PageAnswer {
  const body = handOffPage(url, place);
  return {
    status: 200,
    headers: { ...HOSTING_HEADERS, 'Content-Security-Policy': withInlineHashes(STRICT_CSP, body), 'Cache-Control': 'no-store', 'Content-Type': 'text/html; charset=utf-8' },
    body,
  };
}
