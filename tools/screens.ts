/**
 * npm run screens: screenshots of every form panel of join-now, for a person to look at
 * (issue 9, "For a person"), written to docs/screens/:
 *   <panel>-390.png, <panel>-1280.png   the panel as it opens (full page, reference lists loaded)
 *   <panel>-errors-390.png              the same panel after Continue on the empty form
 *   <panel>-<state>-390/1280.png        a panel whose fields appear after a first answer, with it
 *   review-info-panel-390/1280.png      the check-your-answers page after a retired veteran's
 *                                       journey, every field filled as a person would
 * address-confirm and address-mismatch are reached as an applicant reaches them: from the
 * address panel with the sandbox's "Suggest" and "Mismatch" personas.
 *
 * The production build (dist/) is served with the strict CSP (tools/serve.ts) and a staging
 * config with the sandbox on, so `?panel=<id>` opens a panel directly and the reference lists
 * come from the sandbox. Debian's Chromium through playwright-core; nothing is downloaded.
 * Options: --no-build (use the existing dist/), --only a,b (these panels only; `review` for the
 * journey), --out DIR (default docs/screens). optipng/pngquant shrink the files when installed.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { resolveFlow } from '../src/engine/flow';
import { panelNameOf } from '../src/engine/loader';
import { loadProject, PROJECT_ROOT } from './lib/project';
import { serveDist } from './serve';
import { choose, fillBasicInfo, pick, pressContinue, tick, type } from '../tests/e2e/person';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const WIDTHS = [390, 1280] as const;
const HEIGHT = 800;
const REVIEW = 'review';
/** Panels an applicant reaches only from the address panel, after the address service answered. */
const FROM_ADDRESS: Record<string, string> = { 'address-confirm': '12 Suggest Street', 'address-mismatch': '12 Mismatch Street' };

/** A panel whose fields appear after a first answer: shot once more with that answer given. */
const FILLED: Record<string, { name: string; fill: (page: Page) => Promise<void> }> = {
  'self-address-panel': {
    name: 'types-chosen',
    fill: async (page) => {
      await pickIn(page, 'Mailing address', 'Where is this address?', 'In the United States');
      await pickIn(page, 'Physical address', 'Where is this address?', 'In another country');
    },
  },
  'military-details': {
    name: 'branch-chosen',
    fill: async (page) => {
      await choose(page, 'Branch of service', 'Army');
      await pick(page, 'Military status', 'Retired');
    },
  },
  'occupation-panel': {
    name: 'employed',
    fill: (page) => pick(page, 'Employment status', 'Employed'),
  },
};

/** Picks a radio button of the question `question` inside the block (fieldset) `block`. */
async function pickIn(page: Page, block: string, question: string, answer: string): Promise<void> {
  const scope = page.locator('[data-screen]').last().getByRole('group', { name: block, exact: true });
  await scope.getByRole('radiogroup', { name: question }).or(scope.getByRole('group', { name: question })).first().getByLabel(answer, { exact: true }).check();
}

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = option('--only')?.split(',').map((s) => s.trim()).filter(Boolean);
const OUT = path.resolve(PROJECT_ROOT, option('--out') ?? 'docs/screens');
const CONFIG = { environment: 'staging', apiBaseUrl: '/join/get-started/api/', contentBaseUrl: '/join/get-started/content/', brand: 'muster', demo: false, support: false, homeUrl: '/', joinStartUrl: '/join/start/', sandbox: true };

/** The form and review panels a join-now module shows, in flow order, each once. */
function joinNowPanels(): { id: string; kind: string }[] {
  const docs = loadProject();
  const { flow, diagnostics } = resolveFlow(docs, 'join-now');
  if (!flow) throw new Error(`join-now does not resolve: ${diagnostics.map((d) => d.message).join('; ')}`);
  const out = new Map<string, string>();
  for (const m of flow.modules) {
    for (const [id, step] of Object.entries(m.graph.steps)) {
      if (step.kind !== 'panel') continue;
      const panel = docs.panels.get(panelNameOf(id))?.value;
      if (panel && (panel.kind === 'form' || panel.kind === 'review') && !out.has(panel.id)) out.set(panel.id, panel.kind);
    }
  }
  return [...out].map(([id, kind]) => ({ id, kind }));
}

/** An asset that 404s means dist/ was rebuilt under us (another agent's build): load again. */
class StaleBuild extends Error {}

/** The current screen has settled: heading shown, no milestone loading, reference lists arrived. */
async function settled(page: Page, step?: string): Promise<void> {
  const root = page.locator('[data-screen]').last();
  if (step) await page.locator(`[data-screen="${step}"]`).last().waitFor({ state: 'visible', timeout: 20000 });
  await root.locator('h1').first().waitFor({ state: 'visible', timeout: 20000 });
  await page.waitForFunction(() => !document.querySelector('[data-screen][data-state="loading"]') && !document.querySelector('[data-options-state="loading"]'), undefined, { timeout: 20000 });
  // One screen only (the transition has finished) and fonts ready.
  await page.waitForFunction(() => document.querySelectorAll('[data-screen]').length === 1, undefined, { timeout: 5000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function shoot(page: Page, file: string): Promise<void> {
  // Nothing focused: a focus ring after a click is not part of how the page looks at rest.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
  await page.screenshot({ path: path.join(OUT, file), fullPage: true, animations: 'disabled', caret: 'hide' });
  console.log(`  ${file}`);
}

async function withPage(browser: Browser, width: number, work: (page: Page) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const context = await browser.newContext({ viewport: { width, height: HEIGHT }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const problems: string[] = [];
    let stale = false;
    page.on('response', (r) => {
      if (r.status() === 404 && new URL(r.url()).pathname.includes('/assets/')) stale = true;
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (execute|load|apply)/i.test(m.text())) problems.push(`CSP: ${m.text()}`);
    });
    try {
      await work(page);
      if (stale) throw new StaleBuild();
      for (const p of problems) console.warn(`  warning: ${p}`);
      return;
    } catch (err) {
      if ((stale || err instanceof StaleBuild) && attempt < 3) {
        console.warn('  an asset 404ed (dist/ rebuilt meanwhile?): loading again');
        await new Promise((r) => setTimeout(r, 3000));
        continue;
      }
      throw err;
    } finally {
      await context.close();
    }
  }
}

/** The address panel filled with a US address on `street`; Continue; the address service answers. */
async function fillAddress(page: Page, street: string): Promise<void> {
  await pick(page, 'Where is this address?', 'In the United States');
  await type(page, 'Street address', street);
  await type(page, 'City', 'San Antonio');
  await choose(page, 'State', 'Texas');
  await type(page, 'ZIP code', '78258');
  await tick(page, 'My physical address is the same as my mailing address');
  await pressContinue(page);
}

async function formPanel(browser: Browser, base: string, id: string): Promise<void> {
  const open = async (page: Page): Promise<void> => {
    if (FROM_ADDRESS[id]) {
      await page.goto(`${base}?product=join-now&panel=self-address-panel`);
      await settled(page, 'self-address-panel');
      await fillAddress(page, FROM_ADDRESS[id]);
    } else {
      await page.goto(`${base}?product=join-now&panel=${id}`);
    }
    await settled(page, id);
  };
  for (const width of WIDTHS) {
    await withPage(browser, width, async (page) => {
      await open(page);
      await shoot(page, `${id}-${width}.png`);
      if (width !== 390) return;
      // A panel that asks nothing (or whose answers are all chosen already) has no errors to show.
      await pressContinue(page);
      const summary = page.locator('[data-screen] [data-part="error-summary"], [data-screen] .mu-error-summary').first();
      const shown = await summary.waitFor({ state: 'visible', timeout: 5000 }).then(() => true, () => false);
      if (!shown) {
        console.log(`  (${id}: Continue on the empty form showed no error summary; no errors shot)`);
        return;
      }
      await settled(page);
      await shoot(page, `${id}-errors-390.png`);
    });
    const filled = FILLED[id];
    if (filled) {
      await withPage(browser, width, async (page) => {
        await open(page);
        await filled.fill(page);
        await settled(page);
        await shoot(page, `${id}-${filled.name}-${width}.png`);
      });
    }
  }
}

/** The answer button `value` of the current question screen; then the next screen. */
async function answer(page: Page, value: string, next: string): Promise<void> {
  await page.locator(`[data-screen] [data-answer="${value}"]`).click();
  await settled(page, next);
}

/** A retired veteran with an honorable discharge, walked to the review (tests/e2e/data-panels). */
async function review(browser: Browser, base: string): Promise<void> {
  for (const width of WIDTHS) {
    await withPage(browser, width, async (page) => {
      await page.goto(`${base}?product=join-now&panel=military-service`);
      await settled(page, 'military-service');
      await answer(page, 'yes', 'current-military-status');
      await answer(page, 'retired', 'military-discharge-type');
      await answer(page, 'HON', 'military-details');
      await choose(page, 'Branch of service', 'Army');
      await choose(page, 'Rank', /Sergeant First Class/);
      await pick(page, 'Military status', 'Retired');
      await type(page, 'Service start date', '06/01/1998');
      await type(page, 'Separation or retirement date', '06/30/2018');
      await pressContinue(page);
      await settled(page, 'basic-info-panel');
      await fillBasicInfo(page, { first: 'Maria', last: 'Gonzalez', dob: '03/14/1976', phone: '(210) 555-0148', email: 'maria.gonzalez@example.com', gender: 'Female', marital: 'Married' });
      await pressContinue(page);
      await settled(page, 'self-address-panel');
      await fillAddress(page, '1200 Oak Hollow Dr');
      await settled(page, 'occupation-panel');
      await pick(page, 'Employment status', 'Retired');
      await pressContinue(page);
      await settled(page, 'social-security-panel');
      await type(page, 'Social Security number', '123-45-6789');
      await pressContinue(page);
      await settled(page, 'review-info-panel');
      await shoot(page, `review-info-panel-${width}.png`);
    });
  }
}

function shrink(): void {
  const has = (tool: string): boolean => {
    try {
      execSync(`command -v ${tool}`, { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  const files = readdirSync(OUT).filter((f) => f.endsWith('.png')).map((f) => path.join(OUT, f));
  if (files.length === 0) return;
  const quoted = files.map((f) => `'${f}'`).join(' ');
  if (has('pngquant')) execSync(`pngquant --force --skip-if-larger --ext .png --quality 70-95 ${quoted}`, { stdio: 'ignore' });
  if (has('optipng')) execSync(`optipng -quiet -o2 ${quoted}`, { stdio: 'ignore' });
}

if (!args.includes('--no-build')) execSync('npm run --silent build -- --logLevel error', { cwd: PROJECT_ROOT, stdio: 'inherit' });
const dist = path.join(PROJECT_ROOT, 'dist');
if (!existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` (or drop --no-build)');
if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
mkdirSync(OUT, { recursive: true });

const panels = joinNowPanels().filter((p) => !only || only.includes(p.id) || (p.kind === 'review' && only.includes(REVIEW)));
const { server, url } = await serveDist({ root: dist, config: CONFIG });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
try {
  for (const p of panels) {
    console.log(p.id);
    if (p.kind === 'review') await review(browser, url);
    else await formPanel(browser, url, p.id);
  }
} finally {
  await browser.close();
  server.close();
}
shrink();
const sizes = readdirSync(OUT).filter((f) => f.endsWith('.png')).map((f) => statSync(path.join(OUT, f)).size);
const total = sizes.reduce((a, b) => a + b, 0);
console.log(`${sizes.length} screenshots in ${path.relative(PROJECT_ROOT, OUT)}/, ${(total / 1024 / 1024).toFixed(2)} MiB in all`);
if (total > 5 * 1024 * 1024) console.warn('warning: over 5 MiB; they are committed: install optipng/pngquant or shoot fewer');
