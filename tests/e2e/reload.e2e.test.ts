/**
 * Issue 20, "Data that is there, or asked again": personal data is not kept in browser storage
 * (src/app/persist.ts), so a reload loses the answers of the data panels. On the production build
 * with the strict CSP and the sandbox: a reload on every data step of a veteran's join-now, and on
 * the review, takes the applicant back to the first panel whose answers are gone (military-details)
 * with the message saying why, and nothing is sent to the enrollment service until the answers
 * are given again; then the applicant is signed up with a whole prospect. Back then Forward keeps
 * what was typed on a form (in memory, never in storage). axe on the message screen; E2E_SHOTS=<dir>
 * keeps its pictures at 390 and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserSuite, recordRequests, type SentRequest } from './browser';
import { currentScreen, expectAccessible, nextScreen, type ScreenSeen } from './driver';
import { choose, consentAndContinue, field, fillBasicInfo, pick, pressContinue, type, typeDomesticAddress } from './person';

const CONFIG = { environment: 'production', apiBaseUrl: '/join/get-started/api/', contentBaseUrl: '/join/get-started/content/', sandbox: true, brand: 'muster', demo: false, support: false, homeUrl: '/home/', joinStartUrl: '/join/start/' };
const OUTSIDE = ['/my/member-home', '/stub/', '/home/'];
const MESSAGE = "For your security, we don't keep personal details when the page reloads. Please enter them again to continue.";

let base: string;
let page: Page;
let sent: SentRequest[];

browserSuite({
  config: CONFIG,
  setup: async (suite) => {
    ({ base, page } = suite);
    sent = recordRequests(page, /\/api\/enrollment\//);
    await page.route(
      (u) => OUTSIDE.some((p) => u.pathname.startsWith(p)),
      (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Outside</title><h1>Outside the app</h1>' }),
    );
  },
});

const prospects = () => sent.filter((r) => r.body && typeof r.body.status === 'string');

async function settled(previous?: ScreenSeen): Promise<ScreenSeen> {
  return previous ? nextScreen(page, previous) : currentScreen(page);
}

/** A retired Army veteran: to military-details, the first data panel. */
async function toMilitaryDetails(): Promise<ScreenSeen> {
  await page.goto(`${base}?product=join-now`);
  let screen = await settled();
  await page.locator('[data-screen] [data-action="primary"]').click();
  screen = await settled(screen);
  for (const value of ['yes', 'retired', 'HON']) {
    await page.locator(`[data-screen] [data-answer="${value}"]`).click();
    screen = await settled(screen);
  }
  expect(screen.step).toBe('military-details');
  return screen;
}

/** Each data step of the walk, and how the veteran fills it. */
const DATA_STEPS: { step: string; fill: () => Promise<void> }[] = [
  {
    step: 'military-details',
    fill: async () => {
      await choose(page, 'Branch of service', 'Army');
      await choose(page, 'Rank', /Sergeant First Class/);
      await pick(page, 'Military status', 'Retired');
      await type(page, 'Service start date', '06/01/1998');
      await type(page, 'Separation or retirement date', '06/30/2018');
    },
  },
  {
    step: 'basic-info-panel',
    fill: () => fillBasicInfo(page, { first: 'Maria', last: 'Member', dob: '03/14/1976', phone: '(210) 555-0148', email: 'maria.gonzalez@example.com', gender: 'Female', marital: 'Married' }),
  },
  {
    step: 'self-address-panel',
    fill: async () => {
      await typeDomesticAddress(page);
    },
  },
  { step: 'occupation-panel', fill: () => pick(page, 'Employment status', 'Retired') },
  { step: 'social-security-panel', fill: () => type(page, 'Social Security number', '123-45-6789') },
];

/** Fills the data steps from the first up to (not including) `until`, from military-details. */
async function fillUntil(screen: ScreenSeen, until: number): Promise<ScreenSeen> {
  let s = screen;
  for (let i = 0; i < until; i++) {
    const data = DATA_STEPS[i] as (typeof DATA_STEPS)[number];
    // On a mismatch, why the flow went elsewhere (the error route records its reason).
    const why = s.step === data.step ? '' : await page.evaluate(() => sessionStorage.getItem('ent-eligibility-modular-app') ?? '').then((t) => /"reason":"([^"]*)"/.exec(t)?.[1] ?? '');
    expect(s.step, why).toBe(data.step);
    await data.fill();
    await pressContinue(page);
    s = await settled(s);
  }
  return s;
}

async function reload(): Promise<ScreenSeen> {
  await page.reload();
  return settled();
}

const notice = () => page.locator('[data-screen] [data-part="asked-again"]');

describe('data that is there, or asked again (issue 20)', () => {
  it('a reload on every data step and on the review: back to the first panel whose answers are gone, with the message; nothing is sent until they are given again', async () => {
    await toMilitaryDetails();
    // On the first data panel: nothing before it was lost; it stays, without the message.
    let screen = await reload();
    expect(screen.step).toBe('military-details');
    expect(await notice().count()).toBe(0);
    let lastReload = 0;
    for (let at = 1; at <= DATA_STEPS.length; at++) {
      screen = await fillUntil(screen, at);
      const expected = DATA_STEPS[at]?.step ?? 'review-info-panel';
      expect(screen.step).toBe(expected);
      const before = prospects().length;
      screen = await reload();
      expect(screen.step, `a reload on ${expected}`).toBe('military-details');
      await expect.poll(() => notice().innerText()).toBe(MESSAGE);
      expect(prospects().slice(before), `nothing sent after a reload on ${expected}`).toEqual([]);
      lastReload = prospects().length;
    }
    await expectAccessible(page, 'asked again');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `asked-again-${width}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
      await expectAccessible(page, `asked again at ${width}`);
    }
    screen = await fillUntil(screen, DATA_STEPS.length);
    expect(screen.step).toBe('review-info-panel');
    expect(await notice().count()).toBe(0);
    // The review shows the answers given again.
    await expect.poll(() => page.locator('[data-screen]').last().innerText()).toContain('Maria');
    // The module updates after the last reload went out only once the applicant's details were given again: never an empty profile.
    const again = prospects().slice(lastReload);
    expect(again.length).toBeGreaterThan(0);
    for (const p of again) expect((p.body as { potentialCustomer: Record<string, Record<string, unknown>> }).potentialCustomer.basicInfo).toMatchObject({ indivFirstNm: 'Maria', birthDt: '1976-03-14' });
    await consentAndContinue(page);
    await page.waitForURL((u) => u.pathname.startsWith('/my/member-home'), { timeout: 40000 });
    const last = prospects().at(-1)?.body as { status: string; potentialCustomer: Record<string, Record<string, unknown>> };
    expect(last.status).toBe('complete');
    expect(last.potentialCustomer.basicInfo).toMatchObject({ indivFirstNm: 'Maria', indivLastNm: 'Member', birthDt: '1976-03-14' });
    expect(last.potentialCustomer.taxIdentification).toEqual({ socialSecurityNr: '123456789' });
    expect(last.potentialCustomer.addresses).toMatchObject({ mailingAddrLineTxt: '1200 Oak Hollow Dr' });
  });

  it('Back then Forward keeps what was typed on a form (in memory only, never in storage)', async () => {
    let screen = await fillUntil(await toMilitaryDetails(), 1);
    expect(screen.step).toBe('basic-info-panel');
    await type(page, 'First name', 'Maria');
    await type(page, 'Last name', 'Typed');
    // Browser back, then forward.
    await page.goBack();
    screen = await settled(screen);
    expect(screen.step).toBe('military-details');
    // The military details, sent before, are there too.
    await page.goForward();
    screen = await settled(screen);
    expect(screen.step).toBe('basic-info-panel');
    await expect.poll(() => field(page, 'First name').inputValue()).toBe('Maria');
    expect(await field(page, 'Last name').inputValue()).toBe('Typed');
    // Previous, then the browser's forward.
    await page.locator('[data-screen] [data-action="previous"]').click();
    screen = await settled(screen);
    expect(screen.step).toBe('military-details');
    await page.goForward();
    screen = await settled(screen);
    expect(screen.step).toBe('basic-info-panel');
    await expect.poll(() => field(page, 'Last name').inputValue()).toBe('Typed');
    const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
    expect(stored).not.toMatch(/Maria|Typed/);
  });
});
