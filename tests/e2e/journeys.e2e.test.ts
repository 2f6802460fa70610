/**
 * Issue 4 "Done when": the production build, served with the strict CSP, driven in Debian's
 * Chromium. Walks join-now from the first question to every triage milestone and to the first
 * basic-info panel, replaying the hand-checked walks of tests/scenarios/triage.json and
 * checking that the browser visits exactly the screens `simulate` visits; covers Previous,
 * browser back and forward, a reload mid-flow, the exit dialog and the keyboard; runs axe on
 * every screen. A CSP violation or an uncaught page error fails the run.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './browser';
import { currentScreen, expectAccessible, nextScreen, walk, type ScreenSeen } from './driver';
import { loadProject } from '../../tools/lib/project';
import { simulate, type SimulateInput } from '../../src/engine/simulate';
import { createFormChecker } from '../../tools/lib/form-checker';
import type { JsonObject } from '../../src/engine/state';

const docs = loadProject();
const PRODUCTION = { environment: 'production', apiBaseUrl: '/join/get-started/api/', contentBaseUrl: '/join/get-started/content/', sandbox: true, brand: 'muster', demo: false, support: false, homeUrl: '/home/', joinStartUrl: '/join/start/' };

let base: string;
let page: Page;

browserSuite({
  config: PRODUCTION,
  setup: (suite) => {
    ({ base, page } = suite);
  },
});

/** Open join-now and pass the entry milestone: the first question. */
async function openFirstQuestion(): Promise<ScreenSeen> {
  await page.goto(`${base}?product=join-now`);
  let screen = await currentScreen(page);
  if (screen.milestone === 'entry') {
    await expectAccessible(page, 'entry milestone');
    await page.locator('[data-screen] [data-action="primary"]').click();
    screen = await nextScreen(page, screen);
  }
  expect(screen.step).toBe('military-service');
  return screen;
}

interface Scenario {
  id: string;
  requirements: string[];
  input: JsonObject;
  expect: JsonObject;
  throughMilestones?: boolean;
}

const triage = docs.scenarios.find((d) => d.file === 'tests/scenarios/triage.json')?.value;
const fromFirstQuestion = (triage?.scenarios ?? []).filter(
  (s) => (s.input.panel === 'military-service' || s.input.panel === undefined) && !s.throughMilestones && (s.input.product ?? 'join-now') === 'join-now' && s.input.responses === undefined,
) as Scenario[];
// One walk per distinct triage milestone, and one to the first basic-info panel.
const byMilestone = new Map<string, Scenario>();
for (const s of fromFirstQuestion) {
  if (s.expect.kind === 'milestone' && typeof s.expect.milestone === 'string' && !byMilestone.has(s.expect.milestone)) byMilestone.set(s.expect.milestone, s);
}
const toBasicInfo = fromFirstQuestion.find((s) => s.expect.kind === 'panel' && s.expect.step === 'basic-info-panel');

function simulated(s: Scenario): ReturnType<typeof simulate> {
  const input = { today: new Date().toISOString().slice(0, 10), ...(triage?.defaults ?? {}), ...s.input, panel: 'military-service' } as unknown as SimulateInput;
  return simulate(docs, input, { checkForm: createFormChecker() });
}

describe('join-now walks in Chromium (strict CSP, axe on every screen)', () => {
  it('has walks to the triage milestones and to basic-info', () => {
    expect(byMilestone.size).toBeGreaterThanOrEqual(8);
    expect(toBasicInfo).toBeDefined();
  });

  for (const [milestone, scenario] of byMilestone) {
    it(`reaches /aem/milestone/${milestone} (${scenario.id}; ${scenario.requirements.join(', ')})`, async () => {
      const expected = simulated(scenario);
      expect(expected.stop.kind).toBe('milestone');
      await openFirstQuestion();
      const result = await walk(page, docs, scenario.input.answers as JsonObject, (screen) => screen.milestone === milestone);
      expect(result.last.milestone).toBe(milestone);
      expect(result.seen.map((s) => `${s.step}/${s.variant}`)).toEqual(expected.visited.map((v) => `${v.step}/${v.variant}`));
      expect(page.url()).toContain(`/join/get-started/aem/milestone/${milestone}`);
    });
  }

  it(`reaches the first basic-info panel (${toBasicInfo?.id ?? 'none'})`, async () => {
    if (!toBasicInfo) throw new Error('no scenario ends at basic-info-panel');
    const expected = simulated(toBasicInfo);
    await openFirstQuestion();
    const result = await walk(page, docs, toBasicInfo.input.answers as JsonObject, (screen) => screen.step === 'basic-info-panel');
    expect(result.last.step).toBe('basic-info-panel');
    expect(result.seen.map((s) => s.step)).toEqual(expected.visited.map((v) => v.step));
    // The basic-info form is on the screen: one form, visible.
    const form = page.locator('[data-screen] form');
    expect(await form.count()).toBe(1);
    expect(await form.isVisible()).toBe(true);
  });
});

describe('moving around', () => {
  it('Previous and browser back go to the screen before; forward comes back', async () => {
    const first = await openFirstQuestion();
    await page.locator('[data-answer="yes"]').click();
    const second = await nextScreen(page, first);
    expect(second.step).toBe('current-military-status');
    await page.locator('[data-screen] [data-action="previous"]').click();
    const back = await nextScreen(page, second);
    expect(back.step).toBe('military-service');
    // The answer given is kept and shown as chosen.
    await expect(page.locator('[data-answer="yes"]').getAttribute('aria-pressed')).resolves.toBe('true');
    await page.locator('[data-answer="yes"]').click();
    const again = await nextScreen(page, back);
    expect(again.step).toBe('current-military-status');
    await page.goBack();
    const browserBack = await nextScreen(page, again);
    expect(browserBack.step).toBe('military-service');
    await page.goForward();
    const browserForward = await nextScreen(page, browserBack);
    expect(browserForward.step).toBe('current-military-status');
  });

  it('a reload lands on the same step with the same answers', async () => {
    const first = await openFirstQuestion();
    await page.locator('[data-answer="yes"]').click();
    let screen = await nextScreen(page, first);
    await page.locator('[data-answer="separated"]').click();
    screen = await nextScreen(page, screen);
    expect(screen.step).toBe('military-discharge-type');
    const url = page.url();
    await page.reload();
    const reloaded = await currentScreen(page);
    expect(reloaded.step).toBe('military-discharge-type');
    expect(page.url()).toBe(url);
    await page.locator('[data-screen] [data-action="previous"]').click();
    const previous = await nextScreen(page, reloaded);
    expect(previous.step).toBe('current-military-status');
    await expect(page.locator('[data-answer="separated"]').getAttribute('aria-pressed')).resolves.toBe('true');
    // Nothing personal in session storage (no names, birth dates or SSNs are asked yet, but the store must hold only the flow and triage).
    const stored = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
    expect(stored).not.toMatch(/personalInfo|firstName|dob|ssn/i);
  });

  it('the exit dialog asks before leaving, keeps the applicant on Continue Questions, and leaves on Leave', async () => {
    await openFirstQuestion();
    await page.locator('[data-action="exit"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('Do you want to leave?');
    await expect(dialog.textContent()).resolves.toContain("Your progress won't be saved.");
    await expectAccessible(page, 'exit dialog');
    await dialog.getByRole('button', { name: 'Continue Questions' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-action'))).resolves.toBe('exit');
    // The provider's home page, outside the app: a page of its own, so its storage can be read.
    await page.route('**/home/', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Home</title><h1>Home</h1>' }));
    await page.locator('[data-action="exit"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((u) => u.pathname === '/home/', { timeout: 15000 });
    const left = await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('ent-eligibility-modular-app')));
    expect(left).toEqual([]);
  });

  it('a page just loaded focuses its heading without a ring; after a click none, after a key the ring (UI-17)', async () => {
    await page.goto(`${base}?product=join-now`);
    await currentScreen(page);
    const focus = () => page.evaluate(() => ({ tag: document.activeElement?.tagName, ring: document.activeElement?.matches(':focus-visible') ?? false }));
    await expect.poll(focus).toEqual({ tag: 'H1', ring: false });
    let screen = await currentScreen(page);
    await page.locator('[data-screen] [data-action="primary"]').click();
    screen = await nextScreen(page, screen);
    await expect.poll(focus).toEqual({ tag: 'H1', ring: false });
    await page.locator('[data-screen] [data-answer="yes"]').focus();
    await page.keyboard.press('Enter');
    await nextScreen(page, screen);
    await expect.poll(focus).toEqual({ tag: 'H1', ring: true });
  });

  it('works by keyboard alone, with focus on each new screen heading', async () => {
    const first = await openFirstQuestion();
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('H1');
    // Tab to the first answer and press Enter.
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const answer = await page.evaluate(() => document.activeElement?.getAttribute('data-answer'));
      if (answer === 'yes') break;
    }
    await page.keyboard.press('Enter');
    const second = await nextScreen(page, first);
    expect(second.step).toBe('current-military-status');
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('H1');
  });
});
