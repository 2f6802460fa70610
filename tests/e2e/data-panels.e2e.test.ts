/**
 * Issue 9 "Done when", in Chromium on the production build with the strict CSP and the sandbox
 * services on: three applicants walked from the entry screen through every data panel to the
 * check-your-answers page, filling every field as a person would (typing, choosing from the
 * reference lists the sandbox serves), with axe on every screen at 390 px and 1280 px; the Change
 * links; bad input on every panel with the spec's messages beside the fields; the address
 * service's 400-with-codes and failure answers; a reference list that fails and recovers on Retry.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, serve, watchPage } from './browser';
import { currentScreen, expectAccessible, nextScreen, type ScreenSeen } from './driver';
import { choose, consentAndContinue, field, pick, pressContinue, tick, type, fillBasicInfo } from './person';

const CONFIG = { environment: 'production', apiBaseUrl: '/join/get-started/api/', contentBaseUrl: '/join/get-started/content/', sandbox: true, brand: 'muster', demo: false, support: false, homeUrl: '/home/', joinStartUrl: '/join/start/' };
const WIDTHS = [390, 1280] as const;

let browser: Browser;
let server: Server;
let base: string;
let context: BrowserContext;
let page: Page;
let problems: string[];
let checked: Set<string>;

beforeAll(async () => {
  browser = await launch();
  ({ server, url: base } = await serve({ csp: true, config: CONFIG }));
});
afterAll(async () => {
  await browser?.close();
  server?.close();
});

async function open(width: number): Promise<void> {
  context = await browser.newContext({ viewport: { width, height: 900 } });
  page = await context.newPage();
  problems = [];
  checked = new Set();
  watchPage(page, problems);
}
beforeEach(() => {
  problems = [];
});
afterEach(async () => {
  await context?.close();
  expect(problems, 'no CSP violations or page errors').toEqual([]);
});

/** The screen now shown, checked with axe once per screen and variant. */
async function settled(previous?: ScreenSeen): Promise<ScreenSeen> {
  const screen = previous ? await nextScreen(page, previous) : await currentScreen(page);
  const key = `${screen.step}/${screen.variant}`;
  if (!checked.has(key)) {
    checked.add(key);
    // Reference lists arrive after the heading: axe the screen as the applicant sees it once they have.
    await page.waitForFunction(() => !document.querySelector('[data-options-state="loading"]'), undefined, { timeout: 15000 });
    await expectAccessible(page, `${key} at ${page.viewportSize()?.width ?? 0} px`);
  }
  return screen;
}

async function answer(value: string, screen: ScreenSeen): Promise<ScreenSeen> {
  await page.locator(`[data-screen] [data-answer="${value}"]`).click();
  return settled(screen);
}

async function start(): Promise<ScreenSeen> {
  await page.goto(`${base}?product=join-now`);
  let screen = await settled();
  expect(screen.milestone).toBe('entry');
  await page.locator('[data-screen] [data-action="primary"]').click();
  screen = await settled(screen);
  expect(screen.step).toBe('military-service');
  return screen;
}

async function fillAddress(street: string, city: string, state: string, zip: string): Promise<void> {
  await pick(page, 'Where is this address?', 'In the United States');
  await type(page, 'Street address', street);
  await type(page, 'City', city);
  await choose(page, 'State', state);
  await type(page, 'ZIP code', zip);
  await tick(page, 'My physical address is the same as my mailing address');
}

/** From the address panel to the review page: address, occupation, SSN. */
async function addressToReview(screen: ScreenSeen, ssn: string, work: () => Promise<void>): Promise<ScreenSeen> {
  expect(screen.step).toBe('self-address-panel');
  await fillAddress('1200 Oak Hollow Dr', 'San Antonio', 'TX', '78258');
  await pressContinue(page);
  screen = await settled(screen);
  expect(screen.step).toBe('occupation-panel');
  await work();
  await pressContinue(page);
  screen = await settled(screen);
  expect(screen.step).toBe('social-security-panel');
  await type(page, 'Social Security number', ssn);
  await pressContinue(page);
  screen = await settled(screen);
  expect(screen.step).toBe('review-info-panel');
  return screen;
}

async function reviewRow(section: string, label: string): Promise<string> {
  const box = page.locator('[data-review-section]').filter({ has: page.getByRole('heading', { name: section, exact: true }) });
  const row = box.locator('.mu-review-row').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}`) }) });
  return (await row.locator('dd').innerText()).trim();
}

async function veteranToReview(): Promise<ScreenSeen> {
  let screen = await start();
  screen = await answer('yes', screen);
  screen = await answer('retired', screen);
  screen = await answer('HON', screen);
  expect(screen.step).toBe('military-details');
  await choose(page, 'Branch of service', 'Army');
  await choose(page, 'Rank', /Sergeant First Class/);
  await pick(page, 'Military status', 'Retired');
  await type(page, 'Service start date', '06/01/1998');
  await type(page, 'Separation or retirement date', '06/30/2018');
  await pressContinue(page);
  screen = await settled(screen);
  expect(screen.step).toBe('basic-info-panel');
  await fillBasicInfo(page, { first: 'Maria', last: 'Gonzalez', dob: '03/14/1976', phone: '(210) 555-0148', email: 'maria.gonzalez@example.com', gender: 'Female', marital: 'Married' });
  await pressContinue(page);
  screen = await settled(screen);
  return addressToReview(screen, '123-45-6789', () => pick(page, 'Employment status', 'Retired'));
}

describe.each(WIDTHS)('whole journeys to the review page at %i px (sandbox on, axe on every screen)', (width) => {
  beforeEach(() => open(width));

  it('a retired veteran with an honorable discharge; Change links open the panel and come back', async () => {
    let screen = await veteranToReview();
    expect(await reviewRow('About you', 'First name')).toBe('Maria');
    expect(await reviewRow('About you', 'Phone number')).toBe('(210) 555-0148');
    expect(await reviewRow('About you', 'Country of citizenship')).toBe('United States');
    expect(await reviewRow('Your military service', 'Branch of service')).toBe('Army');
    expect(await reviewRow('Your military service', 'Separation or retirement date')).toBe('06/30/2018');
    expect(await reviewRow('Your Social Security number', 'Social Security number')).toBe('***-**-6789');
    expect((await reviewRow('Your addresses', 'Mailing address')).split('\n')).toEqual(['In the United States', '1200 Oak Hollow Dr', 'San Antonio', 'TX', '78258']);
    expect(await page.locator('[data-review-section="self-address-panel"] dt', { hasText: /^Physical address$/ }).count()).toBe(0);
    // Change: the basic info panel, with what was entered; a new first name; back on the review.
    // The progress bar shows the panel at its own place of the review's path, and the review at
    // the same step after it (UI-22, docs/decisions.md "Progress: a screen's place").
    const progress = async (): Promise<{ step: number; total: number }> => {
      const [, step, total] = /^Step (\d+) of (\d+)$/.exec((await page.locator('.mu-progress__text').textContent()) ?? '') ?? [];
      return { step: Number(step), total: Number(total) };
    };
    const onReview = await progress();
    expect(onReview.step).toBeGreaterThan(1);
    await page.locator('[data-review-section="basic-info-panel"] [data-action="change"]').click();
    screen = await settled(screen);
    expect(screen.step).toBe('basic-info-panel');
    expect(await field(page, 'First name').inputValue()).toBe('Maria');
    const changing = await progress();
    expect(changing.total).toBe(onReview.total);
    expect(changing.step).toBeLessThan(onReview.step);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `change-progress-${width}.png`), animations: 'disabled', caret: 'hide' });
    await type(page, 'First name', 'Mariana');
    await pressContinue(page);
    screen = await settled(screen);
    expect(screen.step).toBe('review-info-panel');
    expect(await progress()).toEqual(onReview);
    expect(await reviewRow('About you', 'First name')).toBe('Mariana');
    // Change from a triage panel: military details, and Previous comes straight back.
    await page.locator('[data-review-section="military-details"] [data-action="change"]').click();
    screen = await settled(screen);
    expect(screen.step).toBe('military-details');
    await page.locator('[data-screen] [data-action="previous"]').click();
    screen = await settled(screen);
    expect(screen.step).toBe('review-info-panel');
    // Browser back from the review goes to the page seen before it (the basic info changed
    // earlier; military details was left by Previous); forward returns to the review.
    await page.goBack();
    screen = await settled(screen);
    expect(screen.step).toBe('basic-info-panel');
    await page.goForward();
    screen = await settled(screen);
    expect(screen.step).toBe('review-info-panel');
    // Nothing personal in session storage or the URL.
    const stored = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
    expect(stored).not.toMatch(/Mariana|Gonzalez|1976-03-14|123456789|6789|Oak Hollow/);
    expect(page.url()).not.toMatch(/Mariana|Gonzalez|1976|6789/);
  });

  it('the spouse of a member: both people, the spouse search, then the data panels', async () => {
    let screen = await start();
    screen = await answer('no', screen);
    expect(screen.step).toBe('relative-military-service');
    screen = await answer('spouse', screen);
    screen = await answer('married', screen);
    expect(screen.step).toBe('spouse-membership');
    screen = await answer('yes', screen);
    expect(screen.step).toBe('basic-info-panel');
    await fillBasicInfo(page, { first: 'Dana', last: 'Whitfield', dob: '05/05/1990', phone: '210-555-0124', marital: 'Married' });
    await pressContinue(page);
    screen = await settled(screen);
    expect(screen).toMatchObject({ step: 'basic-info-panel2', variant: 'spouse' });
    await fillBasicInfo(page, { first: 'Sam', last: 'Whitfield', dob: '02/11/1988', phone: '2105550124' });
    await pressContinue(page);
    screen = await settled(screen);
    expect(screen).toMatchObject({ step: 'search-sponsor2', variant: 'spouse' });
    // The search starts with the spouse's details; the consent is never given for the applicant.
    expect(await field(page, 'First name').inputValue()).toBe('Sam');
    expect(await field(page, 'My family member gave me this information and permission to use it.').isChecked()).toBe(false);
    await type(page, 'Member number', '012345678');
    await tick(page, 'My family member gave me this information and permission to use it.');
    await pressContinue(page);
    screen = await settled(screen);
    if (screen.milestone) {
      await page.locator('[data-screen] [data-action="primary"]').click();
      screen = await settled(screen);
    }
    await addressToReview(screen, '219099999', async () => {
      await pick(page, 'Employment status', 'Employed');
      await choose(page, 'Type of employment', /./);
      await type(page, 'Employer', 'Tidewater Clinic');
      await choose(page, 'Occupation', /./);
      await choose(page, 'Industry', /./);
    });
    expect(await reviewRow('About your spouse', 'First name')).toBe('Sam');
    expect(await reviewRow('Your work', 'Employer')).toBe('Tidewater Clinic');
  });

  it('a parent-sponsored applicant: the parent search with two more pieces and consent', async () => {
    let screen = await start();
    screen = await answer('no', screen);
    screen = await answer('parent', screen);
    expect(screen.step).toBe('parent-membership');
    screen = await answer('yes', screen);
    screen = await answer('parent', screen);
    expect(screen.step).toBe('parent-member-number');
    await type(page, 'Member number', '123456789');
    await pressContinue(page);
    screen = await settled(screen);
    expect(screen.step).toBe('basic-info-panel');
    await fillBasicInfo(page, { first: 'Jordan', last: 'Reyes', dob: '09/30/2001', phone: '5125550199' });
    await pressContinue(page);
    screen = await settled(screen);
    expect(screen).toMatchObject({ step: 'search-sponsor', variant: 'parent' });
    // The member number given in triage is already in the search form.
    expect(await field(page, 'Member number').inputValue()).toBe('123456789');
    await type(page, 'First name', 'Luis');
    await type(page, 'Last name', 'Reyes');
    // Without it, one piece is not enough (SPON-24): the message shows, then a second piece is given.
    await field(page, 'Member number').fill('');
    await type(page, 'ZIP code', '78701');
    await tick(page, 'My family member gave me this information and permission to use it.');
    await pressContinue(page);
    await expect(page.locator('[data-screen]').last().innerText()).resolves.toContain('two');
    await type(page, 'Last 4 numbers of the Social Security number', '4321');
    await pressContinue(page);
    screen = await settled(screen);
    if (screen.milestone) {
      await page.locator('[data-screen] [data-action="primary"]').click();
      screen = await settled(screen);
    }
    await addressToReview(screen, '078-05-1120', () => pick(page, 'Employment status', 'Student'));
    expect(await reviewRow('Your parent, the sponsoring member', 'First name')).toBe('Luis');
    expect(await reviewRow('Your parent, the sponsoring member', 'Last 4 numbers of the Social Security number')).toBe('***-**-4321');
  });
});

describe('past the review: the applicant is signed up and handed over (issue 10 groundwork)', () => {
  beforeEach(() => open(1280));

  it('a retired veteran: the prospect is created, completed (polled) and the applicant lands on the member home', async () => {
    const sent: { method: string; path: string; body: Record<string, unknown> | undefined }[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!url.pathname.includes('/api/enrollment/')) return;
      const text = r.postData();
      sent.push({ method: r.method(), path: url.pathname.replace(/^.*\/api\//, ''), body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined });
    });
    await page.route('**/my/member-home**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Member home</title><h1>Member home</h1>' }));
    await veteranToReview();
    await consentAndContinue(page);
    await page.waitForURL((u) => u.pathname.startsWith('/my/member-home'), { timeout: 40000 });
    const withBody = sent.filter((r) => r.body);
    const statuses = withBody.map((r) => `${r.method} ${r.path.replace(/customers\/[^/]+$/, 'customers/{id}')} ${String(r.body?.status)}`);
    // Doc 2 §4, module by module: the create at basic info's end, an update at each later module's end, member-found's submit, the completion.
    const update = 'PUT enrollment/customers/{id} update';
    expect(statuses).toEqual(['POST enrollment/customers modified-create', update, update, update, update, update, update, 'PUT enrollment/customers/{id} complete']);
    expect(sent.some((r) => r.method === 'GET' && r.path.startsWith('enrollment/polling/'))).toBe(true);
    // The submit: everything the applicant gave.
    const created = withBody[withBody.length - 2]?.body as { potentialCustomer: Record<string, Record<string, unknown>>; channelType: string; productId: string };
    expect(created.channelType).toBe('DIGITAL_MODEL');
    expect(created.productId).toBe('join-now');
    expect(created.potentialCustomer.basicInfo).toMatchObject({ indivFirstNm: 'Maria', indivLastNm: 'Gonzalez', birthDt: '1976-03-14', ctznLocCd: '99', genderCd: 'F' });
    expect(created.potentialCustomer.phones).toMatchObject({ phoneNr: '2105550148' });
    expect(created.potentialCustomer.emailAddress).toEqual({ emailAddrTxt: 'maria.gonzalez@example.com' });
    expect(created.potentialCustomer.addresses).toMatchObject({ mailingAddrLineTxt: '1200 Oak Hollow Dr', mailingCityNm: 'San Antonio', mailingStateCd: 'TX', mailingZipCd: '78258', mailingCountryCd: 'USA', physicalAddrLineTxt: '1200 Oak Hollow Dr' });
    expect(created.potentialCustomer.taxIdentification).toEqual({ socialSecurityNr: '123456789' });
    expect(created.potentialCustomer.militaryInfo).toMatchObject({ milBrchSrvcCd: 'A', milRetireDt: '2018-06-30' });
    // Nothing personal stays behind in the browser's storage after the hand-off.
    const stored = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
    expect(stored).not.toMatch(/Maria|Gonzalez|1976-03-14|123456789|Oak Hollow/);
  });
});
