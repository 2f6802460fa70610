/**
 * End-to-end harness: the production build served with the strict CSP, driven in Debian's
 * Chromium through playwright-core (no browser download), with axe-core on every screen.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { serveDist } from '../../tools/serve';
import { PROJECT_ROOT } from '../../tools/lib/project';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export function assertChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium' (Debian) or set CHROMIUM_PATH`);
  }
  if (!existsSync(path.join(PROJECT_ROOT, 'dist/index.html'))) {
    throw new Error('dist/ is missing: the end-to-end tests run on the production build (npm run test:e2e builds it)');
  }
}

export async function launch(): Promise<Browser> {
  assertChromium();
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export async function serve(options: { csp?: boolean; config?: object; identityProvider?: string } = {}): Promise<{ server: Server; url: string }> {
  return serveDist({ root: path.join(PROJECT_ROOT, 'dist'), ...options });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core (wcag2a, wcag2aa, wcag21aa, wcag22aa) on the page; evaluated over the DevTools protocol, so the page's CSP does not block it. */
export async function axe(page: Page): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!hasAxe) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const w = window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } };
    const result = await w.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact ?? '?'}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n');
}

/**
 * Watches a page for what no screen may cause: a CSP refusal in the console, an uncaught page
 * error, an asset of the build that is missing (dist/ changed during the run). Returns the list
 * the test's afterEach expects to be empty.
 */
export function watchPage(page: Page, problems: string[] = []): string[] {
  page.on('console', (m) => {
    const text = m.text();
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(text)) problems.push(`CSP: ${text}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() === 404 && r.url().includes('/assets/')) problems.push(`missing asset ${r.url()}: dist/ changed during the run? rebuild and re-run`);
  });
  return problems;
}

/** What a test of a browser suite works with: the file's Chromium and served build, and the test's own page. */
export interface BrowserSuite {
  browser: Browser;
  base: string;
  context: BrowserContext;
  page: Page;
  /** CSP violations, page errors and missing assets seen on the page (watchPage). */
  problems: string[];
}

/**
 * The frame the applicant-journey suites share: one Chromium and one build served with the
 * strict CSP per file; for each test a new context and page at 1280 x 900, watched by watchPage,
 * then `setup` (the file's routes and listeners, and taking the suite's parts into its own
 * variables); after it the context closes and the test fails on any problem the page showed.
 */
export function browserSuite(options: { config: object; setup?: (suite: BrowserSuite) => void | Promise<void> }): void {
  let browser: Browser | undefined;
  let server: Server | undefined;
  let base = '';
  let context: BrowserContext | undefined;
  let problems: string[] = [];
  beforeAll(async () => {
    browser = await launch();
    ({ server, url: base } = await serve({ csp: true, config: options.config }));
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('the suite has no browser');
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    problems = [];
    watchPage(page, problems);
    await options.setup?.({ browser, base, context, page, problems });
  });
  afterEach(async () => {
    await context?.close();
    expect(problems, 'no CSP violations or page errors').toEqual([]);
  });
}

/** A request the app sent to the provider's services: method, path after `/api/`, JSON body. */
export interface SentRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

/** Records, in order, every request of `page` whose path matches `pattern` (the enrollment calls, say). */
export function recordRequests(page: Page, pattern: RegExp): SentRequest[] {
  const sent: SentRequest[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!pattern.test(url.pathname)) return;
    const text = r.postData();
    sent.push({ method: r.method(), path: url.pathname.replace(/^.*\/api\//, ''), body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined });
  });
  return sent;
}
