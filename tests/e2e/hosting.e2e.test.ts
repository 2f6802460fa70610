/**
 * What a host must send (README "Hosting", issue 13): the serve tool (`npm run serve`, and every
 * e2e test through serveDist) sends exactly the hosting headers, Cache-Control by file kind, and
 * records the CSP violation reports the browser sends to its reporting endpoint. Read back in
 * Chromium, from the responses of a real page load and from requests the page makes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CONTROL, CSP_REPORTS, HOSTING_HEADERS, STRICT_CSP, serveDist, withInlineHashes, type CspReport } from '../../tools/serve';
import { PROJECT_ROOT } from '../../tools/lib/project';
import { launch } from './browser';

const dist = path.join(PROJECT_ROOT, 'dist');
const entry = /<script[^>]*src="\/join\/get-started\/([^"]+)"/.exec(readFileSync(path.join(dist, 'index.html'), 'utf8'))?.[1] ?? '';

/** The CSP with the built index.html's inline-script hash (issue 11's early requests), as a host sends it. */
const SERVED_CSP = withInlineHashes(STRICT_CSP, readFileSync(path.join(dist, 'index.html'), 'utf8'));
/** The headers a host sends, as the README's Hosting section lists them (lower-case names). */
const EXPECTED = Object.fromEntries(Object.entries({ ...HOSTING_HEADERS, 'Content-Security-Policy': SERVED_CSP }).map(([k, v]) => [k.toLowerCase(), v]));

let browser: Browser;
let server: Server;
let base: string;
let reports: CspReport[];
let page: Page;

beforeAll(async () => {
  browser = await launch();
  ({ server, url: base, reports } = await serveDist({ root: dist }));
  page = await browser.newPage();
});
afterAll(async () => {
  await page?.close();
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** The security headers and Cache-Control of an answer (what a host must send: nothing else is compared). */
function hostingHeadersOf(headers: Record<string, string>): Record<string, string> {
  const names = [...Object.keys(EXPECTED), 'cache-control'];
  return Object.fromEntries(names.filter((n) => headers[n] !== undefined).map((n) => [n, headers[n] as string]));
}

describe('the hosting headers, read back in Chromium for each kind of file', () => {
  it('the page load: index.html, the entry script, config.json and the pack', async () => {
    const seen = new Map<string, Record<string, string>>();
    page.on('response', (r) => {
      seen.set(new URL(r.url()).pathname, r.headers());
    });
    const response = await page.goto(`${base}?product=join-now`);
    await page.locator('[data-milestone="entry"]').waitFor({ timeout: 30000 });
    expect(entry).toMatch(/^assets\/index-[\w-]+\.js$/);
    const kinds: [string, string, string][] = [
      ['index.html', '/join/get-started/', CACHE_CONTROL.fresh],
      ['the entry script (hashed)', `/join/get-started/${entry}`, CACHE_CONTROL.hashed],
      ['config.json', '/join/get-started/config.json', CACHE_CONTROL.fresh],
      ['the pack', '/join/get-started/packs/join-now.json', CACHE_CONTROL.fresh],
    ];
    for (const [kind, pathname, cache] of kinds) {
      const headers = seen.get(pathname);
      expect(headers, `${kind}: no response for ${pathname} (seen: ${[...seen.keys()].join(', ')})`).toBeDefined();
      expect(hostingHeadersOf(headers ?? {}), kind).toEqual({ ...EXPECTED, 'cache-control': cache });
      // Exactly these: nothing else but HTTP's own framing headers.
      expect(Object.keys(headers ?? {}).filter((n) => !['content-type', 'content-length', 'content-encoding', 'vary', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(n)).sort(), kind).toEqual([...Object.keys(EXPECTED), 'cache-control'].sort());
    }
    expect(response?.headers()['content-security-policy']).toBe(SERVED_CSP);
    expect(STRICT_CSP).toMatch(/; report-to csp; report-uri \/csp-reports$/);
    expect(response?.headers()['reporting-endpoints']).toBe('csp="/csp-reports"');
  });

  it.each([
    ['a deep link (answered with index.html)', 'military-service/self', 200, CACHE_CONTROL.fresh],
    ['a lazy chunk (hashed)', 'LAZY', 200, CACHE_CONTROL.hashed],
    ['the msw worker (not hashed)', 'mockServiceWorker.js', 200, CACHE_CONTROL.other],
    ['a missing asset', 'assets/missing-00000000.js', 404, CACHE_CONTROL.fresh],
  ])('%s', async (_kind, rel, status, cache) => {
    const file = rel === 'LAZY' ? readFileSync(path.join(dist, entry), 'utf8').match(/import\(`\.\/([\w-]+\.js)`\)/)?.[1] : rel;
    expect(file).toBeDefined();
    const target = rel === 'LAZY' ? `assets/${file ?? ''}` : rel;
    const response = await page.request.get(`${base}${target}`);
    expect(response.status()).toBe(status);
    expect(hostingHeadersOf(response.headers())).toEqual({ ...EXPECTED, 'cache-control': cache });
  });
});

describe("README's Hosting section", () => {
  it('gives exactly the headers the serve tool sends, and its Cache-Control per file kind', () => {
    const readme = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Hosting'), readme.indexOf('\n## ', readme.indexOf('## Hosting') + 1));
    const block = /```\n([\s\S]*?)\n```/.exec(section)?.[1] ?? '';
    expect(block.split('\n')).toEqual(Object.entries(HOSTING_HEADERS).map(([k, v]) => `${k}: ${v}`));
    for (const value of Object.values(CACHE_CONTROL)) expect(section).toContain(`| \`${value}\` |`);
  });
});

describe('CSP violation reports', () => {
  it('a violation in Chromium is reported to the endpoint the headers name, and the serve tool records it', async () => {
    reports.length = 0;
    await page.goto(`${base}?product=join-now`);
    await page.locator('[data-milestone="entry"]').waitFor({ timeout: 30000 });
    // An inline script: the strict CSP blocks it, and the browser raises the violation that it reports.
    const violation = await page.evaluate(
      () =>
        new Promise<{ documentURL: string; blockedURL: string; effectiveDirective: string; disposition: string; originalPolicy: string }>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) =>
            resolve({ documentURL: e.documentURI, blockedURL: e.blockedURI, effectiveDirective: e.effectiveDirective, disposition: e.disposition, originalPolicy: e.originalPolicy }),
          );
          const s = document.createElement('script');
          s.textContent = 'window.__inline = 1;';
          document.body.append(s);
        }),
    );
    expect(await page.evaluate(() => (window as unknown as { __inline?: number }).__inline)).toBeUndefined();
    expect(violation).toMatchObject({ blockedURL: 'inline', effectiveDirective: 'script-src-elem', disposition: 'enforce', originalPolicy: SERVED_CSP });
    // Chromium batches Reporting API deliveries (none arrived within 75 s headless here, and it
    // ignores report-uri when report-to is present), so the page posts the report as Chromium
    // delivers it (application/reports+json) to the endpoint its Reporting-Endpoints header names.
    const endpoint = /csp="([^"]+)"/.exec(HOSTING_HEADERS['Reporting-Endpoints'] ?? '')?.[1] ?? '';
    expect(endpoint).toBe(CSP_REPORTS);
    const status = await page.evaluate(
      async ({ to, body }) => (await fetch(to, { method: 'POST', headers: { 'Content-Type': 'application/reports+json' }, body: JSON.stringify([{ type: 'csp-violation', age: 0, url: body.documentURL, user_agent: navigator.userAgent, body }]) })).status,
      { to: endpoint, body: violation },
    );
    expect(status).toBe(204);
    expect(reports).toEqual([{ contentType: 'application/reports+json', body: [expect.objectContaining({ type: 'csp-violation', body: expect.objectContaining({ effectiveDirective: 'script-src-elem', blockedURL: 'inline' }) })] }]);
    // The collector lists them at its own URL, and forgets them on DELETE.
    const listed = (await (await page.request.get(new URL(CSP_REPORTS, base).href)).json()) as CspReport[];
    expect(listed).toEqual(reports);
    expect((await page.request.delete(new URL(CSP_REPORTS, base).href)).status()).toBe(204);
    expect(reports).toEqual([]);
  });

  it("the first screen's <style> applies under the strict CSP by its hash; any other inline style is refused (issue 11)", async () => {
    expect(SERVED_CSP).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    await page.goto(`${base}?product=join-now`);
    await page.locator('[data-milestone="entry"]').waitFor({ timeout: 30000 });
    // app.css's page background and template.css's skip link: both came with index.html.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(244, 245, 247)');
    expect(await page.locator('.mu-skip').evaluate((e) => getComputedStyle(e).position)).not.toBe('static');
    const violation = await page.evaluate(
      () =>
        new Promise<{ effectiveDirective: string; color: string }>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) => resolve({ effectiveDirective: e.effectiveDirective, color: getComputedStyle(document.body).color }));
          const s = document.createElement('style');
          s.textContent = 'body { color: rgb(255, 0, 0); }';
          document.head.append(s);
        }),
    );
    expect(violation.effectiveDirective).toBe('style-src-elem');
    expect(violation.color).not.toBe('rgb(255, 0, 0)');
    // Last in the file: Chromium may still deliver this violation's report later, and no test after it reads the reports.
  });
});
