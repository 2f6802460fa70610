/**
 * The serve tool (tools/serve.ts, `npm run serve` and every e2e test) as a host (issue 22) and the
 * sandbox's hand-off pages (issue 20, tools/hand-off-pages.ts), over real HTTP on a build laid out
 * in a temporary folder.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTING_HEADERS, STRICT_CSP, isInside, serveDist, withInlineHashes } from '../../tools/serve';
import { escapeHtml, findHandOff, handOffPage, handOffPagesOn, handOffPlaces, productsInProject, type HandOffPlace } from '../../tools/hand-off-pages';
import { PROJECT_ROOT } from '../../tools/lib/project';
import { corpus } from '../corpora';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request: the path goes on the wire as written (no client normalises `..` or `%2f`). */
function get(origin: string, rawPath: string, method = 'GET'): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const SANDBOX_CONFIG = {
  environment: 'development',
  sandbox: true,
  apiBaseUrl: '/api/',
  contentBaseUrl: '/content/',
  joinStartUrl: '/join/start/',
  homeUrl: '/',
  destinations: { pilot: '/join/opportunity-pilot/', quote: '/insurance/quote/?product={productId}' },
  auth: { identityProvider: '/', clientId: 'c', markerCookie: 'm', home: { cookie: 'h', targets: { member: '/my/home/' }, default: '/my/home/' } },
};
const PRODUCT = { id: 'demo-product', destinationURL: { path: '/banking/interstitial', query: { flowType: 'SAV' } } };
/** An abstract base and a product that takes its destination's path from it (the pack carries the chain). */
const BASE_PRODUCT = { id: 'demo-base', abstract: true, destinationURL: { path: '/banking/inherited', query: { a: '1' } } };
const CHILD_PRODUCT = { id: 'demo-child', extends: 'demo-base', destinationURL: { query: { a: '2' } } };

let scratch: string;
let dist: string;
let server: Server;
let origin: string;
/** The served config.json (options.config: the server reads it on each request). */
const served: Record<string, unknown> = { ...SANDBOX_CONFIG };

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'muster-serve-'));
  dist = path.join(scratch, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, 'packs'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><script type="module" src="/join/get-started/assets/index-00000000.js"></script>');
  writeFileSync(path.join(dist, 'assets/index-00000000.js'), 'console.log("app");');
  writeFileSync(path.join(dist, 'hello.txt'), 'hello from dist');
  writeFileSync(path.join(dist, 'packs/demo-product.json'), JSON.stringify({ productId: 'demo-product', files: [{ path: 'flows/products/demo-product.json', text: JSON.stringify(PRODUCT) }] }));
  writeFileSync(
    path.join(dist, 'packs/demo-child.json'),
    JSON.stringify({ productId: 'demo-child', files: [{ path: 'flows/products/demo-child.json', text: JSON.stringify(CHILD_PRODUCT) }, { path: 'flows/products/demo-base.json', text: JSON.stringify(BASE_PRODUCT) }] }),
  );
  // A sibling folder whose name starts with the served folder's: `startsWith(root)` took it for dist/.
  mkdirSync(path.join(scratch, 'dist-secret'));
  writeFileSync(path.join(scratch, 'dist-secret/secret.txt'), 'TOP SECRET');
  writeFileSync(path.join(scratch, 'secret.txt'), 'TOP SECRET');
  ({ server, url: origin } = await serveDist({ root: dist, config: served }));
  origin = new URL(origin).origin;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

describe('the serve tool keeps to dist/ (issue 22)', () => {
  it.each([
    '/join/get-started/..%2fdist-secret%2fsecret.txt',
    '/join/get-started/..%2Fdist-secret%2Fsecret.txt',
    '/join/get-started/%2e%2e%2fdist-secret%2fsecret.txt',
    '/join/get-started/assets%2f..%2f..%2fdist-secret%2fsecret.txt',
    '/join/get-started/..%2fsecret.txt',
    '/join/get-started/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/join/get-started/%2fetc%2fpasswd',
  ])('refuses %s', async (raw) => {
    const answer = await get(origin, raw);
    expect([403, 404]).toContain(answer.status);
    expect(answer.body).not.toContain('TOP SECRET');
    expect(answer.body).not.toContain('root:');
    expect(answer.headers['content-security-policy']).toBeDefined();
  });

  it('a malformed escape is a 400, not a 500', async () => {
    expect((await get(origin, '/join/get-started/%E0%A4%A')).status).toBe(400);
  });

  it('still serves the files of dist/, its deep links and its assets', async () => {
    const hello = await get(origin, '/join/get-started/hello.txt');
    expect(hello).toMatchObject({ status: 200, body: 'hello from dist' });
    const asset = await get(origin, '/join/get-started/assets/index-00000000.js');
    expect(asset).toMatchObject({ status: 200, body: 'console.log("app");' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const deep = await get(origin, '/join/get-started/military-service/self');
    expect(deep.status).toBe(200);
    expect(deep.body).toContain('<title>app</title>');
    // A `..` that stays inside dist/ is dist's own file.
    expect(await get(origin, '/join/get-started/assets%2f..%2fhello.txt')).toMatchObject({ status: 200, body: 'hello from dist' });
  });

  it('isInside compares by path segments, not by a string prefix', () => {
    expect(isInside('/srv/dist', '/srv/dist')).toBe(true);
    expect(isInside('/srv/dist', '/srv/dist/assets/a.js')).toBe(true);
    expect(isInside('/srv/dist', '/srv/dist/..a/b')).toBe(true);
    expect(isInside('/srv/dist', '/srv/dist-secret/secret.txt')).toBe(false);
    expect(isInside('/srv/dist', '/srv/dist/../dist-secret')).toBe(false);
    expect(isInside('/srv/dist', '/srv')).toBe(false);
    expect(isInside('/srv/dist/', '/etc/passwd')).toBe(false);
  });
});

describe('the hosting headers (issue 22)', () => {
  it('every answer carries the Permissions-Policy, Cross-Origin-Opener-Policy and a CSP with form-action', async () => {
    for (const p of ['/join/get-started/', '/join/get-started/hello.txt', '/join/get-started/assets/missing-00000000.js', '/nowhere']) {
      const answer = await get(origin, p);
      expect(answer.headers['permissions-policy'], p).toBe(HOSTING_HEADERS['Permissions-Policy']);
      expect(answer.headers['cross-origin-opener-policy'], p).toBe('same-origin');
      expect(answer.headers['content-security-policy'], p).toContain("form-action 'self'");
    }
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(HOSTING_HEADERS['Permissions-Policy']).toContain(`${feature}=()`);
  });
});

describe("the sandbox's hand-off pages (issue 20)", () => {
  it('answer every page config.json and the products name, with the path, the parameters as text and a way back', async () => {
    const answer = await get(origin, '/banking/interstitial?flowType=SAV&productCode=BNKDMD&empty=');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain('<h1>Sandbox: you have left the sign-up</h1>');
    expect(answer.body).toContain('<code data-hand-off-path>/banking/interstitial</code>');
    expect(answer.body).toContain('<tr><td>flowType</td><td>SAV</td></tr>');
    expect(answer.body).toContain('<tr><td>productCode</td><td>BNKDMD</td></tr>');
    expect(answer.body).toContain('<li>product demo-product (destinationURL)</li>');
    expect(answer.body).toContain('<a href="/join/get-started/">');
    expect(answer.body).toContain("In production, the provider's own page is here");
    for (const p of ['/join/start/?productId=join-now&queryId=redirect', '/join/start', '/join/opportunity-pilot/', '/insurance/quote/?product=x', '/my/home/', '/inet/ent_logoff/Logoff?action=INIT']) {
      expect((await get(origin, p)).status, p).toBe(200);
    }
    const inherited = await get(origin, '/banking/inherited?a=2');
    expect(inherited.status).toBe(200);
    expect(inherited.body).toContain('<li>product demo-child (destinationURL)</li>');
    expect(inherited.body).not.toContain('demo-base');
    // The site's root and the app's own pages are not hand-offs; nor is a page nothing names.
    expect((await get(origin, '/')).status).toBe(302);
    expect((await get(origin, '/my/elsewhere/')).status).toBe(404);
    expect((await get(origin, '/banking/interstitial', 'POST')).status).toBe(404);
  });

  it('hold no script and one <style>, allowed by its hash in the strict CSP', async () => {
    const answer = await get(origin, '/my/home/');
    expect(answer.body).not.toMatch(/<script/i);
    expect(answer.body.match(/<style>/g)).toHaveLength(1);
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toBe(withInlineHashes(STRICT_CSP, answer.body));
    expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(csp).toContain("script-src 'self';");
    for (const [name, value] of Object.entries(HOSTING_HEADERS)) if (name !== 'Content-Security-Policy') expect(answer.headers[name.toLowerCase()], name).toBe(value);
  });

  it('are not served with a production config.json, nor with the sandbox off', async () => {
    try {
      served.environment = 'production';
      expect((await get(origin, '/my/home/')).status).toBe(404);
      served.environment = 'staging';
      served.sandbox = false;
      expect((await get(origin, '/my/home/')).status).toBe(404);
      served.sandbox = true;
      expect((await get(origin, '/my/home/')).status).toBe(200);
    } finally {
      Object.assign(served, SANDBOX_CONFIG);
    }
  });

  it('never echo a parameter as HTML: every XSS payload, as a name and as a value, comes out as text', (ctx) => {
    const payloads = corpus(ctx, 'xss-payloads.txt').split('\n').filter((l) => l.trim() !== '');
    const place: HandOffPlace = { path: '/my/home/', namedBy: ['test'] };
    const tags = (html: string): number => (html.match(/</g) ?? []).length;
    const baseline = tags(handOffPage(new URL('http://x/my/home/?a=b'), place));
    for (const payload of payloads) {
      const url = new URL('http://x/my/home/');
      url.searchParams.set(payload, payload);
      const html = handOffPage(url, place);
      expect(tags(html), payload).toBe(baseline);
      expect(html).toContain(`<tr><td>${escapeHtml(payload)}</td><td>${escapeHtml(payload)}</td></tr>`);
    }
    expect(escapeHtml(`<a href="x" onclick='y'>&amp;`)).toBe('&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;amp;');
  });

  it("the repository's config.json and products: every destination a journey can reach has its page", () => {
    const config = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'public/config.json'), 'utf8')) as Record<string, unknown>;
    expect(handOffPagesOn(config)).toBe(true);
    const products = productsInProject(PROJECT_ROOT);
    const places = handOffPlaces(config, products);
    const named = (p: string): string[] => findHandOff(places, p)?.namedBy ?? [];
    // config.json's pages: the call-to-action redirect, proofing, pilot, the quote page, the member's homes, logoff.
    expect(named('/join/start/')).toEqual(['config.json joinStartUrl (the call-to-action redirect)']);
    expect(named('/join/start')).toHaveLength(1);
    expect(named('/inet/ent_logoff/Logoff')).toEqual(['config.json auth.logoffUrl (logoff)']);
    for (const key of ['proofing', 'pilot', 'quote']) {
      const url = (config.destinations as Record<string, string>)[key] ?? '';
      expect(named(new URL(url.replace('{productId}', 'p'), 'http://x').pathname), key).toContain(`config.json destinations.${key}`);
    }
    for (const url of Object.values((config.auth as { home: { targets: Record<string, string> } }).home.targets)) expect(named(url).length, url).toBeGreaterThan(0);
    // Every product's destination as the documents write it (its own, or the base's it extends); abstract bases are named through their products.
    expect(products.length).toBeGreaterThan(20);
    const byId = new Map(products.map((p) => [p.id, p]));
    let concrete = 0;
    for (const product of products) {
      let d = product.destinationURL;
      for (let up = product.extends; (d === undefined || (typeof d === 'object' && !('path' in (d as object)))) && up !== undefined; up = byId.get(up)?.extends) d = byId.get(up)?.destinationURL;
      if (product.abstract) {
        expect(places.flatMap((p) => p.namedBy)).not.toContain(`product ${product.id} (destinationURL)`);
        continue;
      }
      expect(d, product.id).toBeDefined();
      const url = typeof d === 'string' ? d : (d as { path: string }).path;
      expect(named(new URL(url, 'http://x').pathname), product.id).toContain(`product ${product.id} (destinationURL)`);
      concrete += 1;
    }
    expect(concrete).toBeGreaterThan(20);
    // An inherited destination: the insurance quote flows' auto-history servlet names each quote product.
    expect(named('/inet/ent_autohistory/AutoHistoryServlet').length).toBeGreaterThan(1);
    // The site's root (homeUrl "/") and the app's own base are never hand-off pages.
    expect(findHandOff(places, '/')).toBeUndefined();
    expect(findHandOff(places, '/join/get-started/')).toBeUndefined();
  });
});
