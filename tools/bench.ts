/**
 * npm run bench: builds the app, serves it with the strict CSP and measures it in Chromium.
 * Prints figures; it asserts nothing (timed tests flake on shared machines).
 *   - gzip size of the JS needed for the first question screen, and of all JS
 *   - the number of requests before the first screen and before the first question are shown
 *     (join-now opens on the entry milestone, whose content the spec has it fetch: CONT-12)
 *   - the median time from an answer click to the next screen's heading, with the 500 ms
 *     designed auto-advance delay taken out, at 4x CPU throttle
 * Options: --no-build (use the existing dist/), --runs N (answer clicks measured, default 15).
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { PROJECT_ROOT } from './lib/project';
import { serveDist } from './serve';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const AUTO_ADVANCE_MS = 500;
const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 15;

/** Open the app and pass the entry milestone, if the product starts with one: the first question. */
async function toFirstQuestion(p: import('playwright-core').Page, url: string): Promise<void> {
  await p.goto(url);
  await p.waitForSelector('[data-screen] h1', { timeout: 30000 });
  if (await p.locator('[data-milestone] [data-action="primary"]').count()) await p.locator('[data-milestone] [data-action="primary"]').click();
  await p.waitForSelector('[data-screen] [data-answer]', { timeout: 30000 });
}

/** Marks when the first screen (a heading) and the first question (an answer button) appear. */
const MARK_SCRIPT = `(() => {
  const marks = {};
  window.__musterMarks = marks;
  const check = () => {
    if (marks.screen === undefined && document.querySelector('[data-screen] h1')) marks.screen = performance.now();
    if (marks.question === undefined && document.querySelector('[data-screen] [data-answer]')) marks.question = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;

const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
const gz = (buf: Buffer): number => gzipSync(buf, { level: 9 }).length;
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

if (!args.includes('--no-build')) execSync('npm run --silent build -- --logLevel error', { cwd: PROJECT_ROOT, stdio: 'inherit' });
const dist = path.join(PROJECT_ROOT, 'dist');
const allJs = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const allJsGzip = allJs.reduce((sum, f) => sum + gz(readFileSync(path.join(dist, 'assets', f))), 0);

const CONFIG = { environment: 'production', apiBaseUrl: '/join/get-started/api/', contentBaseUrl: '/join/get-started/content/', brand: 'muster', demo: false, support: false, homeUrl: '/', joinStartUrl: '/join/start/' };
// Production-like: no sandbox; this server stands in for the content service with an empty
// fragment (the milestone keeps its local copy). Sandbox: as `npm start` runs, msw included.
// Opening on a question: the same app entered at the first triage question (`?panel=`, outside
// production only), as a product whose first screen is a question would open.
const MODES: { name: string; config: Record<string, unknown>; query?: string }[] = [
  { name: 'production-like (sandbox off)', config: { ...CONFIG, sandbox: false } },
  { name: 'as npm start runs (sandbox on)', config: { ...CONFIG, sandbox: true } },
  { name: 'opening on a question (staging, sandbox off, ?panel=military-service)', config: { ...CONFIG, environment: 'staging', sandbox: false }, query: '?panel=military-service' },
];
type Mode = (typeof MODES)[number];
type Browser = Awaited<ReturnType<typeof chromium.launch>>;

/** 1 and 2: what the first screen and the first question need. The page marks the moment each
 * first appears (a MutationObserver, so nothing scheduled after the render is counted); the
 * requests are the page itself plus every resource started by then. */
async function firstQuestionLoad(browser: Browser, url: string, start: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(MARK_SCRIPT);
  await toFirstQuestion(page, start);
  const { marks, resources } = (await page.evaluate(`({ marks: window.__musterMarks, resources: performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.startTime })) })`)) as {
    marks: { screen: number; question: number };
    resources: { name: string; start: number }[];
  };
  await context.close();
  // The sandbox's service worker script is not part of the product's page weight.
  const product = resources.filter((r) => !r.name.endsWith('mockServiceWorker.js'));
  const before = (t: number): string[] => [url, ...product.filter((r) => r.start <= t).map((r) => r.name)];
  const firstScreen = before(marks.screen);
  const firstQuestion = before(marks.question);
  const jsFiles = new Set(firstQuestion.filter((r) => new URL(r).pathname.endsWith('.js')).map((r) => new URL(r).pathname));
  const jsGzip = [...jsFiles].reduce((sum, p) => sum + gz(readFileSync(path.join(dist, p.replace('/join/get-started/', '')))), 0);
  return { firstScreen, firstQuestion, jsFiles, jsGzip };
}

/** 3: answer click to the next screen's heading at 4x CPU throttle, minus the designed delay. */
async function answerTimings(browser: Browser, start: string): Promise<number[]> {
  const timings: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    const cdp = await ctx.newCDPSession(p);
    await toFirstQuestion(p, start);
    // An applicant reads before answering: the work scheduled for idle time after the first
    // question (the documents' full check, the rules' preparation) is done by then.
    await p.waitForLoadState('networkidle');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // A string, not a function: tsx's helpers (__name) do not exist in the page.
    const elapsed = (await p.evaluate(`new Promise((resolve) => {
      const roots = document.querySelectorAll('[data-screen]');
      const screen = roots[roots.length - 1];
      const from = screen && screen.getAttribute('data-screen');
      const button = screen && screen.querySelector('[data-answer]');
      if (!button) { resolve(-1); return; }
      const start = performance.now();
      button.click();
      (function check() {
        const all = document.querySelectorAll('[data-screen]');
        const next = all[all.length - 1];
        const heading = next && next.querySelector('h1');
        if (next && next.getAttribute('data-screen') !== from && heading) resolve(performance.now() - start);
        else requestAnimationFrame(check);
      })();
    })`)) as number;
    if (elapsed >= 0) timings.push(elapsed - AUTO_ADVANCE_MS);
    await ctx.close();
  }
  return timings;
}

async function measure(browser: Browser, mode: Mode): Promise<void> {
  const { server, url } = await serveDist({
    root: dist,
    config: mode.config,
    route: (pathname) => (pathname.startsWith('/join/get-started/content/') ? { status: 200, json: { data: {} } } : undefined),
  });
  try {
    const start = `${url}${mode.query ?? ''}`;
    const load = await firstQuestionLoad(browser, url, start);
    const timings = await answerTimings(browser, start);
    console.log('');
    console.log(`${mode.name}`);
    console.log(`  first question screen JS (gzip):    ${kib(load.jsGzip)}  (${load.jsFiles.size} files; target <= 100 KiB)`);
    console.log(`  requests before the first screen:   ${load.firstScreen.length}`);
    console.log(`  requests before the first question: ${load.firstQuestion.length}  (target <= 4)`);
    for (const r of load.firstQuestion) console.log(`    ${r.replace(url, '') || '(the page)'}`);
    console.log(`  answer click -> next heading, minus the ${AUTO_ADVANCE_MS} ms auto-advance, 4x CPU throttle: median ${median(timings).toFixed(1)} ms over ${timings.length} runs (min ${Math.min(...timings).toFixed(1)}, max ${Math.max(...timings).toFixed(1)}; target <= 50 ms)`);
  } finally {
    server.close();
  }
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
console.log('Muster benchmark (production build, strict CSP, Debian Chromium)');
console.log(`all JS (gzip): ${kib(allJsGzip)} (${allJs.length} files)`);
try {
  for (const mode of MODES) await measure(browser, mode);
} finally {
  await browser.close();
}
