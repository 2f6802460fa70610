/**
 * Issue 10 "Done when", first point: applicants signed up end to end in Chromium, on the
 * production build with the strict CSP and the sandbox playing the provider (README's persona
 * table: enrollment personas by the applicant's last name, sponsor personas by the sponsor's).
 * Each test records what the app sent to the enrollment and sponsor services, checks the
 * lifecycle statuses in order and the bodies field by field against doc 2 §3 (PAY-*, SPON-13/14),
 * and stubs every page out of the app (page.route) to assert where the applicant was sent: the
 * member home (DEST-01), the proofing page (SUB-23) and the join-opportunity pilot page (SUB-20),
 * whose URLs come from config.json `destinations` (DEST-02), the trap after a polling timeout
 * (SUB-27) and the home page after an exit with abandon (EXIT-06).
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserSuite } from './browser';
import { currentScreen, nextScreen, type ScreenSeen } from './driver';
import { choose, consentAndContinue, consentBox, field, giveConsent, pick, pressContinue, tick, type, fillBasicInfo, typeDomesticAddress } from './person';

// The proofing and pilot pages are config.json's (DEST-02); the test's own URLs prove they are read from it.
const DESTINATIONS = { proofing: '/stub/proofing/?product={productId}', pilot: '/stub/pilot/' };
const CONFIG = { environment: 'production', apiBaseUrl: '/join/get-started/api/', contentBaseUrl: '/join/get-started/content/', sandbox: true, brand: 'muster', demo: false, support: false, homeUrl: '/home/', joinStartUrl: '/join/start/', destinations: DESTINATIONS };
// Pages out of the app: the product's destination (flows/products/join-now.json), config.json's destinations, home.
const OUTSIDE = ['/my/member-home', '/stub/', '/home/'];

let base: string;
let page: Page;
let sent: Sent[];

interface Sent {
  method: string;
  /** The path after the API base, customer and polling ids as {id}. */
  path: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
  at: number;
  /** The answer's HTTP status, once it has arrived. */
  answered?: number;
}

browserSuite({
  config: CONFIG,
  setup: async (suite) => {
    ({ base, page } = suite);
    sent = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!/\/api\/(enrollment|member-eligibility\/sponsors)/.test(url.pathname)) return;
      const text = r.postData();
      const entry: Sent = {
        method: r.method(),
        path: url.pathname.replace(/^.*\/api\//, '').replace(/(customers|polling|sponsors)\/[^/]+/, '$1/{id}'),
        body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
        headers: r.headers(),
        at: Date.now(),
      };
      sent.push(entry);
      void r.response().then((res) => {
        if (res) entry.answered = res.status();
      }, () => undefined);
    });
    await page.route(
      (u) => OUTSIDE.some((p) => u.pathname.startsWith(p)),
      (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Outside</title><h1>Outside the app</h1>' }),
    );
  },
});

const CREATED = 'POST enrollment/customers modified-create';
const UPDATE = 'PUT enrollment/customers/{id} update';
const COMPLETE = 'PUT enrollment/customers/{id} complete';
/**
 * Doc 2 §4, module by module: the create at the end of basic info, then an update at the end of
 * each later module (the sponsor search passed through, the address, the work, the SSN) on the
 * way to the review; then the review's end, member-found's submit and the completion.
 */
const TO_REVIEW = [CREATED, UPDATE, UPDATE, UPDATE, UPDATE];
const SIGNED_UP = [...TO_REVIEW, UPDATE, UPDATE, COMPLETE];
/** A sign-up's statuses whatever the number of modules: the create first, the completion last, updates between. */
function expectSignedUp(list: string[]): void {
  expect(list[0]).toBe(CREATED);
  expect(list[list.length - 1]).toBe(COMPLETE);
  expect(list.slice(1, -1).every((st) => st === UPDATE), list.join('\n')).toBe(true);
}

/** The enrollment calls that carried a status, in order: `POST enrollment/customers modified-create`. */
function statuses(): string[] {
  return sent.filter((r) => r.path.startsWith('enrollment/customers') && !r.path.endsWith('/sponsor') && r.body).map((r) => `${r.method} ${r.path} ${String(r.body?.status)}`);
}
function sponsorCalls(): Sent[] {
  return sent.filter((r) => r.path.startsWith('member-eligibility/sponsors'));
}
function body(index: number, filter: (r: Sent) => boolean = (r) => r.path.startsWith('enrollment/customers') && !r.path.endsWith('/sponsor') && !!r.body): Prospect {
  const found = sent.filter(filter)[index];
  if (!found?.body) throw new Error(`no request #${index} with a body`);
  return found.body as unknown as Prospect;
}
interface Prospect {
  status: string;
  productId: string;
  channelType: string;
  consentAcquired?: string;
  sponsorCustId?: string;
  url_params?: Record<string, unknown>;
  potentialCustomer: Record<string, Record<string, unknown>>;
}
async function session(): Promise<Record<string, unknown>> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('ent-eligibility-modular-app') ?? '{}') as Record<string, unknown>);
}
async function outside(path: string, timeout = 40000): Promise<URL> {
  await page.waitForURL((u) => u.pathname.startsWith(path), { timeout });
  return new URL(page.url());
}

async function settled(previous?: ScreenSeen): Promise<ScreenSeen> {
  return previous ? nextScreen(page, previous) : currentScreen(page);
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
/** Past a milestone, when one shows. */
async function pastMilestone(screen: ScreenSeen): Promise<ScreenSeen> {
  if (!screen.milestone) return screen;
  await page.locator('[data-screen] [data-action="primary"]').click();
  return settled(screen);
}

/** From the address panel to the review page: address, occupation, SSN. */
async function addressToReview(screen: ScreenSeen, ssn: string, work: () => Promise<void>, toReview = true): Promise<ScreenSeen> {
  expect(screen.step).toBe('self-address-panel');
  await typeDomesticAddress(page);
  await pressContinue(page);
  screen = await settled(screen);
  expect(screen.step).toBe('occupation-panel');
  await work();
  await pressContinue(page);
  screen = await settled(screen);
  expect(screen.step).toBe('social-security-panel');
  await type(page, 'Social Security number', ssn);
  await pressContinue(page);
  if (!toReview) return screen;
  screen = await settled(screen);
  expect(screen.step).toBe('review-info-panel');
  return screen;
}

/** A retired Army veteran with an honorable discharge, to the review page; `last` chooses the enrollment persona. */
async function veteranToReview(last: string, toReview = true): Promise<ScreenSeen> {
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
  await fillBasicInfo(page, { first: 'Maria', last, dob: '03/14/1976', phone: '(210) 555-0148', email: 'maria.gonzalez@example.com', gender: 'Female', marital: 'Married' });
  await pressContinue(page);
  screen = await settled(screen);
  return addressToReview(screen, '123-45-6789', () => pick(page, 'Employment status', 'Retired'), toReview);
}

/**
 * The screen's phone numbers stay whole (never broken at their hyphens): each one a span that
 * does not wrap, laid out on one line, at a phone's width and the desktop's. E2E_SHOTS=<dir>
 * keeps a picture of each width.
 */
async function expectPhonesOnOneLine(name: string): Promise<void> {
  const phones = page.locator('[data-screen] .mu-phone');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `${name}-${width}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
    const shown = await phones.evaluateAll((els) => els.map((e) => [e.textContent, getComputedStyle(e).whiteSpace, e.getClientRects().length]));
    expect(shown, `${name} at ${width} px`).toEqual([['1-800-555-0199', 'nowrap', 1]]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The veteran's prospect, doc 2 §3 field by field (PAY-05, PAY-10, PAY-11, PAY-13, PAY-17..PAY-19, PAY-21, PAY-24, PAY-26/27). */
/** `consent`: AUTHORIZED once ticked on the review (PAY-06, issue 20); a module update before the review says REVOKED. */
function expectVeteranProspect(p: Prospect, last: string, status: string, consent: 'AUTHORIZED' | 'REVOKED' = 'AUTHORIZED'): void {
  expect(p.status).toBe(status);
  expect(p.consentAcquired).toBe(consent);
  expect(p.channelType).toBe('DIGITAL_MODEL');
  expect(p.productId).toBe('join-now');
  expect(p.potentialCustomer.basicInfo).toMatchObject({ indivFirstNm: 'Maria', indivLastNm: last, birthDt: '1976-03-14', ctznLocCd: '99', genderCd: 'F', maritalStatusCd: 'M' });
  expect(p.potentialCustomer.phones).toMatchObject({ phoneNr: '2105550148' });
  expect(p.potentialCustomer.emailAddress).toEqual({ emailAddrTxt: 'maria.gonzalez@example.com' });
  expect(p.potentialCustomer.addresses).toMatchObject({ mailingAddrLineTxt: '1200 Oak Hollow Dr', mailingCityNm: 'San Antonio', mailingStateCd: 'TX', mailingZipCd: '78258', mailingCountryCd: 'USA', physicalAddrLineTxt: '1200 Oak Hollow Dr' });
  expect(p.potentialCustomer.taxIdentification).toEqual({ socialSecurityNr: '123456789' });
  expect(p.potentialCustomer.militaryInfo).toMatchObject({ milBrchSrvcCd: 'A', milRetireDt: '2018-06-30' });
  expect(p.potentialCustomer.employment).toMatchObject({ occupCtgyCd: '056' });
  // A veteran has no sponsor: no sponsor customer id (PAY-07).
  expect(p.sponsorCustId).toBeUndefined();
}

describe('signed up and handed over (issue 10, sandbox on)', () => {
  it('a member found with 50015 (persona Member): modified-create at basic info\'s end, an update at each module\'s end, complete, then the member home', async () => {
    await veteranToReview('Member');
    // Issue 20: Continue needs the applicant's consent; unticked, nothing more is sent than the module updates on the way.
    expect(await consentBox(page).isChecked()).toBe(false);
    const title = await page.title();
    await pressContinue(page);
    await page.locator('[data-screen] [data-part="error-summary"]').waitFor();
    expect(await page.title()).toBe(`Error: ${title}`);
    expect(await consentBox(page).getAttribute('aria-invalid')).toBe('true');
    expect(statuses()).toEqual(TO_REVIEW);
    await giveConsent(page);
    await pressContinue(page);
    const url = await outside('/my/member-home');
    expect(url.pathname).toBe('/my/member-home');
    expect(statuses()).toEqual(SIGNED_UP);
    expect(sent.filter((r) => r.method === 'GET' && r.path === 'enrollment/polling/{id}').length).toBeGreaterThanOrEqual(2);
    // Nothing is sent before it is given: the create carries the basic info, no address, no SSN.
    const created = body(0);
    expect(created).toMatchObject({ status: 'modified-create', potentialCustomer: { basicInfo: { indivFirstNm: 'Maria', indivLastNm: 'Member' } } });
    expect(created.potentialCustomer.addresses).toBeUndefined();
    expect(created.potentialCustomer.taxIdentification).toBeUndefined();
    expectVeteranProspect(body(TO_REVIEW.length - 1), 'Member', 'update', 'REVOKED');
    expectVeteranProspect(body(SIGNED_UP.length - 2), 'Member', 'update');
    expectVeteranProspect(body(SIGNED_UP.length - 1), 'Member', 'complete');
    // SUB-13: the complete carries the customer id and the token of the answer before it.
    const complete = sent.find((r) => r.method === 'PUT' && r.body?.status === 'complete');
    expect(complete?.headers.customerid).toMatch(/^[0-9a-f-]{36}$/);
    expect(complete?.headers.jwtkey).toMatch(/^jwt-/);
    // SUB-23: 50015 keeps the member-found token; EXIT-09's values are kept; nothing personal.
    const kept = await session();
    expect(kept.jwtKey).toMatch(/^mf-/);
    expect(kept.consent).toBe('AUTHORIZED'); // the tick on the review (PAY-06, EXIT-09)
    expect(kept.landingPage).toBeUndefined();
    expect(JSON.stringify(kept)).not.toMatch(/Maria|Member|1976-03-14|123456789|Oak Hollow/);
  });

  it('a member found with 50012 (persona Proofing): the proofing page of config.json, token, landing-page flag and encoded product URL kept', async () => {
    await veteranToReview('Proofing');
    await consentAndContinue(page);
    const url = await outside('/stub/proofing/');
    expect(`${url.pathname}${url.search}`).toBe('/stub/proofing/?product=join-now');
    expect(statuses()).toEqual(SIGNED_UP);
    expectVeteranProspect(body(SIGNED_UP.length - 1), 'Proofing', 'complete');
    const kept = await session();
    expect(kept.jwtKey).toMatch(/^mf-/);
    expect(kept.landingPage).toBe('true');
    expect(kept.productRedirect).toBe(encodeURIComponent('/my/member-home'));
  });

  it('Try again on the 999999 page (persona Flaky: the first send with the SSN) sends it again with the answers kept, and the applicant is signed up (ERR-42)', async () => {
    await veteranToReview('Flaky', false);
    await page.getByRole('heading', { name: 'Error submitting to service. Try again.' }).waitFor({ timeout: 20_000 });
    // The update at the SSN step's end refused: the detour is sent, the token kept for Try again (SUB-30 as read).
    expect(statuses()).toEqual([...TO_REVIEW, 'PUT enrollment/customers/{id} detour']);
    await expectPhonesOnOneLine('service-retry');
    const retry = await currentScreen(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    const review = await settled(retry);
    expect(review.step).toBe('review-info-panel');
    await consentAndContinue(page);
    const url = await outside('/my/member-home');
    expect(url.pathname).toBe('/my/member-home');
    // The same update sent again: nothing the applicant typed was lost.
    const list = statuses();
    expect(list).toEqual([...TO_REVIEW, 'PUT enrollment/customers/{id} detour', UPDATE, UPDATE, UPDATE, COMPLETE]);
    expectVeteranProspect(body(TO_REVIEW.length + 1), 'Flaky', 'update', 'REVOKED');
    expectVeteranProspect(body(list.length - 1), 'Flaky', 'complete');
  });

  it('a member number on the first send with the SSN (persona Pilot): the join-opportunity pilot page, registration token and product URL kept', async () => {
    await veteranToReview('Pilot', false);
    const url = await outside('/stub/pilot/');
    expect(url.pathname).toBe('/stub/pilot/');
    // The update at the SSN step's end answered 200 with 50006 and a member number: nothing more is sent (SUB-20, SUB-21).
    expect(statuses()).toEqual(TO_REVIEW);
    expectVeteranProspect(body(TO_REVIEW.length - 1), 'Pilot', 'update', 'REVOKED');
    const kept = await session();
    expect(kept.jwtKey).toMatch(/^reg-/);
    expect(kept.productRedirect).toBe('/my/member-home');
  });

  it('a polling timeout (persona Slow): 40011 after about 15 s, detour, then the trap with a way on', async () => {
    await veteranToReview('Slow');
    await consentAndContinue(page);
    // The interstitial's profile messages, then the trap (the error route, FLOW-14).
    const trap = page.locator('[data-screen][data-milestone="trap-door"]');
    await trap.locator('h1').waitFor({ state: 'visible', timeout: 40000 });
    expect(statuses()).toEqual([...SIGNED_UP, 'PUT enrollment/customers/{id} detour']);
    const complete = sent.find((r) => r.method === 'PUT' && r.body?.status === 'complete');
    const polls = sent.filter((r) => r.method === 'GET' && r.path === 'enrollment/polling/{id}');
    const lastPoll = polls[polls.length - 1];
    // SUB-27: every 500 ms with guid and jwtkey, given up after 15000 ms.
    expect(lastPoll && complete ? lastPoll.at - complete.at : 0).toBeGreaterThanOrEqual(14000);
    expect(lastPoll && complete ? lastPoll.at - complete.at : 0).toBeLessThan(17000);
    expect(polls.length).toBeGreaterThanOrEqual(20);
    expect(polls[0]?.headers.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(polls[0]?.headers.jwtkey).toMatch(/^jwt-/);
    // The detour is sent with the token held, then the token is cleared (SUB-29, SUB-30).
    const detour = sent.find((r) => r.body?.status === 'detour');
    expect(detour?.headers.jwtkey).toBe(complete?.headers.jwtkey);
    expectVeteranProspect(body(SIGNED_UP.length), 'Slow', 'detour');
    expect((await session()).jwtKey).toBeUndefined();
    // Never a dead end: the provider's phone number and Start again.
    const text = await trap.innerText();
    expect(text).toMatch(/Something went wrong/);
    expect(text).toMatch(/\d{3}/);
    await expectPhonesOnOneLine('trap');
    await trap.locator('[data-action="primary"]').click();
    const again = await currentScreen(page);
    expect(again.milestone).toBe('entry');
  });

  it('an exit with abandon: Exit, Leave during the completion (persona Slow) sends abandon with the token, clears the session and goes home', async () => {
    await veteranToReview('Slow');
    await consentAndContinue(page);
    // The completion's interstitial, held open by Slow's polling: the prospect exists (created at basic info's end) and a token is held.
    await page.waitForFunction(() => document.querySelector('[data-interstitial]') !== null, undefined, { timeout: 15000 });
    await expect.poll(() => statuses().length, { timeout: 15000 }).toBe(SIGNED_UP.length);
    await page.locator('[data-action="exit"]').click();
    await page.getByRole('dialog').getByRole('button', { name: /leave/i }).click();
    const url = await outside('/home/');
    expect(url.pathname).toBe('/home/');
    expect(statuses()).toEqual([...SIGNED_UP, 'PUT enrollment/customers/{id} abandon']);
    const complete = sent.find((r) => r.body?.status === 'complete');
    const abandon = sent.find((r) => r.body?.status === 'abandon');
    expect(abandon?.path).toBe('enrollment/customers/{id}');
    expect(abandon?.headers.customerid).toBe(complete?.headers.customerid);
    expect(abandon?.headers.jwtkey).toBe(complete?.headers.jwtkey);
    expectVeteranProspect(body(SIGNED_UP.length), 'Slow', 'abandon');
    // EXIT-06: the session is cleared.
    expect(await session()).toEqual({});
  });

  it('the spouse of a member: the spouse search, the sponsor created, then modified-create and complete with the sponsor id', async () => {
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
    await type(page, 'Member number', '012345678');
    await tick(page, 'My family member gave me this information and permission to use it.');
    await pressContinue(page);
    screen = await settled(screen);
    expect(screen.milestone).toBe('spouse/member-eligible');
    screen = await pastMilestone(screen);
    screen = await addressToReview(screen, '219-09-9999', () => pick(page, 'Employment status', 'Student'));
    // Issue 20: Change on the sponsor section runs the search again, says what it found, and Continue comes back to the review.
    await page.locator('[data-review-section^="search-sponsor"] [data-action="change"]').click();
    screen = await settled(screen);
    expect(screen.step).toBe('search-sponsor2');
    await pressContinue(page);
    screen = await settled(screen);
    expect(screen.milestone).toBe('spouse/member-eligible');
    screen = await pastMilestone(screen);
    expect(screen.step).toBe('review-info-panel');
    await consentAndContinue(page);
    await outside('/my/member-home');
    // The search found the spouse, twice (the Change), then SPON-01 rule 3: the second use creates it; nothing else.
    const sponsors = sponsorCalls();
    expect(sponsors.map((r) => `${r.method} ${r.path} ${String(r.body?.status)}`)).toEqual(['POST member-eligibility/sponsors search', 'POST member-eligibility/sponsors search', 'POST member-eligibility/sponsors create']);
    const search = sponsors[0]?.body as { sponsor: Record<string, unknown> } & Record<string, unknown>;
    // SPON-13: the envelope, the prospect (created at basic info's end) as the inquirer; SPON-14: the sponsor fields with a value, the member number in the configured order (SPON-16/17).
    expect(Object.keys(search).sort()).toEqual(['channelType', 'inquirerCustId', 'productId', 'sponsor', 'sponsor-potential-customer', 'status']);
    expect(search).toMatchObject({ channelType: 'DIGITAL_MODEL', inquirerCustId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown, productId: 'join-now', status: 'search', 'sponsor-potential-customer': { basicInfo: { ctznLocCd: '99' } } });
    expect(search.sponsor).toEqual({ sponsorFirstNm: 'Sam', sponsorLastNm: 'Whitfield', sponsorBirthDate: '1988-02-11', sponsorRelationshipType: 'S', sponsorMUSTERPartyTdId: '012345678', sponsorMUSTERPartyIdTypeCd: 'MUSTER', sponsorPhone: '2105550124', sponsorCountryOfCitizenship: '99' });
    const create = sponsors[2]?.body as { sponsor: Record<string, unknown> } & Record<string, unknown>;
    expect(create.sponsor).toMatchObject({ sponsorFirstNm: 'Sam', sponsorLastNm: 'Whitfield', sponsorRelationshipType: 'S', sponsorCustId: expect.stringMatching(/^S/) as unknown });
    expect(create['sponsor-potential-customer']).toEqual({ basicInfo: { ctznLocCd: '99' }, taxIdentification: { socialSecurityNr: '219099999' } });
    // The prospect: the applicant (self, PAY-28), married (PAY-22), the spouse connection (PAY-14/15/16), the sponsor's id (PAY-07).
    const spouseList = statuses();
    expectSignedUp(spouseList);
    const p = body(spouseList.length - 2);
    expect(p).toMatchObject({ status: 'update', channelType: 'DIGITAL_MODEL', productId: 'join-now', consentAcquired: 'AUTHORIZED' });
    expect(p.url_params).toEqual({ militaryService: 'no', relativeMilitaryService: 'spouse', spouseRelationship: 'married', spouseMembership: 'yes', variant: 'spouse' });
    expect(p.sponsorCustId).toMatch(/^S/);
    expect(p.potentialCustomer.basicInfo).toEqual({ indivFirstNm: 'Dana', indivLastNm: 'Whitfield', birthDt: '1990-05-05', ctznLocCd: '99', maritalStatusCd: 'M' });
    expect(p.potentialCustomer.phones).toEqual({ phoneNr: '2105550124', phoneCountryCd: 'USA', geographicPhoneLocCd: 'USA' });
    expect(p.potentialCustomer.providerConnections).toEqual({ spouseInd: 'Y', parentInd: 'N', grandParentInd: 'N', inLawInd: 'N', noneInd: 'N', unknownInd: 'N' });
    expect(p.potentialCustomer.militaryConnections).toEqual({ selfInd: 'N', spouseInd: 'Y', parentInd: 'N', grandParentInd: 'N', inLawInd: 'N', waitListCd: 'spouse', noneInd: 'N', unknownInd: 'N' });
    expect(p.potentialCustomer.employment).toMatchObject({ occupCtgyCd: '027' });
    expect(p.potentialCustomer.taxIdentification).toEqual({ socialSecurityNr: '219099999' });
    // No section for what was not asked (PAY-09): no military service, no e-mail.
    expect(p.potentialCustomer.militaryInfo).toBeUndefined();
    expect(p.potentialCustomer.emailAddress).toBeUndefined();
    expect(body(spouseList.length - 1)).toMatchObject({ status: 'complete', sponsorCustId: p.sponsorCustId });
  });

  it('a parent whose sponsor is created (sponsor persona Notfound): search 404, the sponsor triage, create, update; then the prospect', async () => {
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
    await type(page, 'First name', 'Luis');
    await type(page, 'Last name', 'Notfound');
    await type(page, 'ZIP code', '78701');
    await type(page, 'Last 4 numbers of the Social Security number', '4321');
    await tick(page, 'My family member gave me this information and permission to use it.');
    await pressContinue(page);
    // Not on record (404): the sponsor triage asks about the parent's service (SPON-09).
    screen = await settled(screen);
    expect(screen).toMatchObject({ step: 'current-military-status3', variant: 'sponsor' });
    screen = await answer('retired', screen);
    expect(screen).toMatchObject({ step: 'military-details3', variant: 'parent' });
    await choose(page, 'Branch of service', 'Army');
    await choose(page, 'Rank', /Sergeant First Class/);
    await pick(page, 'Military status', 'Retired');
    await type(page, 'Service start date', '06/01/1980');
    await type(page, 'Separation or retirement date', '06/30/2004');
    await pressContinue(page);
    // Triage ends: the modules after it run again; the applicant's answers are kept.
    screen = await settled(screen);
    expect(screen.step).toBe('basic-info-panel');
    expect(await field(page, 'First name').inputValue()).toBe('Jordan');
    await pressContinue(page);
    screen = await pastMilestone(await settled(screen));
    await addressToReview(screen, '078-05-1120', () => pick(page, 'Employment status', 'Student'));
    await consentAndContinue(page);
    await outside('/my/member-home');
    // SPON-01: search (404: not on record), create when triage ends, update by the second use (sponsor-save).
    const sponsors = sponsorCalls();
    expect(sponsors.map((r) => `${r.method} ${r.path} ${String(r.body?.status)} ${r.answered ?? '?'}`)).toEqual([
      'POST member-eligibility/sponsors search 404',
      'POST member-eligibility/sponsors create 201',
      'PUT member-eligibility/sponsors/{id} updateSponsor 200',
    ]);
    // The member number given in triage fills the search form, so it travels too, rearranged by
    // config.json's order (the identity here: no sponsorRequest in this config), SPON-16/17.
    const parent = { sponsorFirstNm: 'Luis', sponsorLastNm: 'Notfound', sponsorRelationshipType: 'P', sponsorMUSTERPartyTdId: '123456789', sponsorMUSTERPartyIdTypeCd: 'MUSTER', sponsorSocialLast4: '4321', sponsorPostalCode: '78701' };
    const [search, create, update] = sponsors.map((r) => r.body as { sponsor: Record<string, unknown> } & Record<string, unknown>);
    // SPON-13: the envelope, nothing beyond it; SPON-14: every sponsor field with a value, last 4 as sponsorSocialLast4 (SPON-19).
    for (const [envelope, status] of [[search, 'search'], [create, 'create']] as const) {
      expect(Object.keys(envelope ?? {}).sort()).toEqual(['channelType', 'inquirerCustId', 'productId', 'sponsor', 'sponsor-potential-customer', 'status']);
      expect(envelope).toEqual({ channelType: 'DIGITAL_MODEL', inquirerCustId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown, productId: 'join-now', status, sponsor: parent, 'sponsor-potential-customer': { basicInfo: { ctznLocCd: '99' } } });
    }
    // SPON-30: the update names the created sponsor by its id and party id; the SSN only for quote flows (join-now is not one).
    expect(update).toEqual({ channelType: 'DIGITAL_MODEL', inquirerCustId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown, productId: 'join-now', status: 'updateSponsor', sponsor: { sponsorRelationshipType: 'P', sponsorCustId: expect.stringMatching(/^S/) as unknown, sponsorMUSTERPartyTdId: '123456789', sponsorMUSTERPartyIdTypeCd: 'MUSTER' }, 'sponsor-potential-customer': { basicInfo: { ctznLocCd: '99' } } });
    expect(sponsors[2]?.path).toBe('member-eligibility/sponsors/{id}');
    // SPON-31/32: the prospect exists (created at basic info's end), so the update also goes to the prospect's sponsor, the same sponsor object.
    const inFlow = sent.filter((r) => r.method === 'PUT' && r.path === 'enrollment/customers/{id}/sponsor');
    expect(inFlow.map((r) => r.body)).toEqual([{ sponsor: update?.sponsor }]);
    // The prospect: the parent connection (PAY-14..PAY-16), consent from the applicant's tick on the review (PAY-06), the created sponsor's id (PAY-07).
    const parentList = statuses();
    expectSignedUp(parentList);
    const p = body(parentList.length - 2);
    expect(p).toMatchObject({ status: 'update', channelType: 'DIGITAL_MODEL', productId: 'join-now', consentAcquired: 'AUTHORIZED', sponsorCustId: update?.sponsor.sponsorCustId });
    expect(p.url_params).toEqual({ militaryService: 'no', relativeMilitaryService: 'parent', parentMembership: 'yes', parentRelationship: 'parent', parentType: 'parent', variant: 'parent' });
    expect(p.potentialCustomer.basicInfo).toEqual({ indivFirstNm: 'Jordan', indivLastNm: 'Reyes', birthDt: '2001-09-30', ctznLocCd: '99' });
    expect(p.potentialCustomer.phones).toEqual({ phoneNr: '5125550199', phoneCountryCd: 'USA', geographicPhoneLocCd: 'USA' });
    expect(p.potentialCustomer.employment).toEqual({ empmClassCd: 'STU', occupCtgyCd: '027' });
    expect(p.potentialCustomer.providerConnections).toEqual({ spouseInd: 'N', parentInd: 'Y', grandParentInd: 'N', inLawInd: 'N', noneInd: 'N', unknownInd: 'N' });
    expect(p.potentialCustomer.militaryConnections).toEqual({ selfInd: 'N', spouseInd: 'N', parentInd: 'Y', grandParentInd: 'N', inLawInd: 'N', waitListCd: 'parent', noneInd: 'N', unknownInd: 'N' });
    expect(p.potentialCustomer.addresses).toMatchObject({ mailingAddrLineTxt: '1200 Oak Hollow Dr', mailingAddrTypeCd: 'D', mailingStateCd: 'TX', physicalZipCd: '78258' });
    expect(p.potentialCustomer.taxIdentification).toEqual({ socialSecurityNr: '078051120' });
    // The parent's service (the sponsor triage) is the sponsor's, not the applicant's: no militaryInfo (PAY-09).
    expect(p.potentialCustomer.militaryInfo).toBeUndefined();
    expect(body(parentList.length - 1)).toMatchObject({ status: 'complete', sponsorCustId: p.sponsorCustId });
  });
});
