/**
 * Issue 11 "Done when", products: every product id of DEST-16 (and the auto/TAC default flow)
 * opens in Chromium on its own first screen, with its own title (product name and brand
 * suffix, PROD-12) and copy (its landing or entry milestone's heading, its disclosures in
 * CONT-19's order); and one applicant per product family (bank, card, quote, insurance join,
 * affiliate) walks to the product's destination URL with the sandbox on; a prefilled quote session
 * (action=prefill) goes through FLOW-29's review and its Change link. The production build,
 * the strict CSP, axe on every screen. What each product should show is read from its documents
 * (the first screen from `simulate`), so the test follows the documents.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import type { Page } from 'playwright-core';
import { browserSuite, recordRequests, type SentRequest } from './browser';
import { choose, consentBox, field, giveConsent, pick, pressContinue, tick, type } from './person';
import { currentScreen, expectAccessible, nextScreen, walk } from './driver';
import { configDestinations, lintProject, loadProject, PROJECT_ROOT, readProjectSources } from '../../tools/lib/project';
import { serveDist } from '../../tools/serve';
import { buildPack } from '../../src/engine/pack';
import { SANDBOX_DISCLAIMERS } from '../../src/sandbox/content-mapper';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveProduct } from '../../src/engine/flow';
import { simulate } from '../../src/engine/simulate';
import { panelNameOf } from '../../src/engine/loader';
import type { ProductFlow } from '../../src/engine/formats.generated';
import type { JsonObject } from '../../src/engine/state';

const docs = loadProject();
const PRODUCTS = [...docs.products.values()].filter((d) => d.value.abstract !== true).map((d) => d.value.id).sort();
// The destinations config.json names (the quote page of DEST-03, the proofing and pilot pages).
const CONFIG = { environment: 'production', apiBaseUrl: '/join/get-started/api/', contentBaseUrl: '/join/get-started/content/', sandbox: true, brand: 'muster', demo: false, support: false, homeUrl: '/home/', joinStartUrl: '/join/start/', destinations: configDestinations() };
const BRAND = String(docs.content.get('app.brand.muster')?.text);

let base: string;
let page: Page;
let sent: SentRequest[] = [];
/** The prospects the app sent to the enrollment service, in order (the body of each create, update and completion). */
const prospectsSent = (): { method: string; path: string; body: JsonObject }[] => sent.filter((r) => r.body !== undefined).map((r) => ({ method: r.method, path: r.path, body: r.body as JsonObject }));

browserSuite({
  config: CONFIG,
  setup: async (suite) => {
    ({ base, page } = suite);
    sent = recordRequests(page, /\/api\/enrollment\/customers/);
    // Every page out of the app is stubbed: the test asserts where the applicant was sent.
    await page.route(
      (u) => !u.pathname.startsWith('/join/get-started'),
      (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Outside</title><h1>Outside the app</h1></html>' }),
    );
  },
});

function product(id: string): ProductFlow {
  const p = resolveProduct(docs, id);
  if (!p) throw new Error(`no product ${id}`);
  return p;
}
function text(key: string | undefined): string {
  const v = key === undefined ? undefined : docs.content.get(key)?.text;
  if (typeof v !== 'string') throw new Error(`content ${String(key)} is not a string`);
  return v;
}
/** The disclosures' keys as CONT-19 orders them: by order, disclaimers before footnotes on a tie. */
function disclosureOrder(p: ProductFlow): string[] {
  const all = [...(p.disclaimers ?? []).map((d, i) => ({ d, i })), ...(p.footnotes ?? []).map((d, i) => ({ d, i: 10_000 + i }))];
  return all.filter(({ d }) => d.authenticated !== true).sort((a, b) => a.d.order - b.d.order || a.i - b.i).map(({ d }) => d.key);
}

describe('every product opens on its own first screen (DEST-16, PROD-12, CONT-19)', () => {
  it.each(PRODUCTS)('%s', async (id) => {
    const p = product(id);
    // Where the product starts, by the documents: simulate's first stop with no answers.
    const first = simulate(docs, { product: id, today: '2026-11-22' }).stop;
    await page.goto(`${base}?product=${encodeURIComponent(id)}`);
    const screen = await currentScreen(page);
    expect(screen.step).toBe(first.step);
    expect(await page.locator('[data-product]').first().getAttribute('data-product')).toBe(id);
    const heading = (await page.locator('[data-screen] h1').first().innerText()).trim();
    const name = text(p.config?.productName);
    expect(await page.title()).toBe(`${heading} - ${name} | ${BRAND}`);
    if (first.kind === 'milestone') {
      // Its own copy: the milestone content the product maps the step to (a card's landing page, an insurance join's entry page).
      const step = docs.modules.get(first.module ?? '')?.value.steps[first.step ?? ''];
      const key = step?.content ? (p.milestones?.content?.[step.content] ?? step.content) : undefined;
      expect(heading).toBe(text(`milestones.${String(key)}.heading`));
      // Its layout (CONT-17/18): secured cards on the secured layout.
      expect(await page.locator('[data-screen]').last().getAttribute('data-layout')).toBe(p.milestones?.layout ?? null);
    } else {
      expect(docs.panels.has(panelNameOf(first.step ?? ''))).toBe(true);
    }
    // Its own disclosures, in CONT-19's order, the about-ads and privacy links a list of links.
    const shown = await page.locator('[data-disclosure]').evaluateAll((els) => els.map((e) => e.getAttribute('data-disclosure')));
    expect(shown).toEqual(disclosureOrder(p));
    const links = page.locator('[data-disclosure="disclosures.aboutAdsPrivacy"] a');
    expect(await links.count()).toBe(2);
    await expectAccessible(page, `${id}: first screen`);
  });
});

describe('the content mapper\'s disclaimers (CONT-01..CONT-07, sandbox on)', () => {
  it('replace the local copy once the applicant moves: all of a card\'s mapped disclaimers, lists as paragraphs', async () => {
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('content-mapper/mappings')) requests.push(r.url());
    });
    await page.goto(`${base}?product=37`);
    const first = await currentScreen(page);
    const local = await page.locator('[data-disclosure="disclosures.creditCardApproval"]').innerText();
    expect(local.trim()).toBe(text('disclosures.creditCardApproval'));
    expect(requests).toEqual([]);
    await page.locator('[data-screen] [data-action="primary"]').click();
    await nextScreen(page, first);
    const approval = page.locator('[data-disclosure="disclosures.creditCardApproval"]');
    await expect.poll(async () => (await approval.innerText()).trim(), { timeout: 15000 }).toBe(SANDBOX_DISCLAIMERS['disclosures.creditCardApproval']);
    expect(new URL(requests[0] as string).searchParams.get('path')).toBe('/content/applications/enterprise/map-ent-eligibility-modular.contentmapper.json');
    expect(await page.locator('[data-disclosure="disclosures.memberEligibilityLong"] p').count()).toBe(2);
    expect((await page.locator('[data-disclosure="disclosures.amex"]').innerText()).trim()).toBe(SANDBOX_DISCLAIMERS['disclosures.amex']);
    await expectAccessible(page, '37 after the mapper');
  });
});

// One applicant per family: a retired Army veteran, Maria Gonzalez (the sandbox's default personas:
// address valid, prospect created, completion polled to 200, no member found). Question screens
// are answered by the driver (simulate's keys); form panels are filled as a person does, by label.
const VETERAN: JsonObject = { militaryService: 'yes', currentMilitaryStatus: 'retired', militaryDischargeType: 'HON' };

const FORMS: Record<string, () => Promise<void>> = {
  'military-details': async () => {
    await choose(page, 'Branch of service', 'Army');
    await choose(page, 'Rank', /Sergeant First Class/);
    await pick(page, 'Military status', 'Retired');
    await type(page, 'Service start date', '06/01/1998');
    await type(page, 'Separation or retirement date', '06/30/2018');
  },
  'basic-info-panel': async () => {
    await type(page, 'First name', 'Maria');
    await type(page, 'Last name', 'Gonzalez');
    await type(page, 'Date of birth', '03/14/1976');
    await pick(page, 'Gender', 'Female');
    await choose(page, 'Marital status', 'Married');
    await choose(page, 'Country of citizenship', 'United States');
    await type(page, 'Email address', 'maria.gonzalez@example.com');
    await choose(page, 'Phone country', /United States/);
    await type(page, 'Phone number', '(210) 555-0148');
  },
  'self-address-panel': async () => {
    await pick(page, 'Where is this address?', 'In the United States');
    await type(page, 'Street address', '1200 Oak Hollow Dr');
    await type(page, 'City', 'San Antonio');
    await choose(page, 'State', 'TX');
    await type(page, 'ZIP code', '78258');
    await tick(page, 'My physical address is the same as my mailing address');
  },
  'occupation-panel': () => pick(page, 'Employment status', 'Retired'),
  'social-security-panel': () => type(page, 'Social Security number', '123-45-6789'),
  'gender-citizenship-panel': async () => {
    await pick(page, 'Gender', 'Female');
    await choose(page, 'Country of citizenship', 'United States');
  },
  // The check-your-answers page: the consent, where the page asks it (issue 20), ticked by the applicant.
  'review-info-panel': async () => {
    if ((await consentBox(page).count()) > 0) await giveConsent(page);
  },
};

/**
 * The review page before the sign-up completes (issue 20): the sections of what was asked, the
 * consent box unticked, Continue refused until it is ticked (nothing sent meanwhile), axe at a
 * phone's width and the desktop's; E2E_SHOTS=<dir> keeps a picture of each (`<name>-review-<width>.png`).
 */
async function expectReviewBeforeCompletion(name: string, sections: string[]): Promise<void> {
  expect(await page.locator('[data-screen] [data-review-section]').evaluateAll((els) => els.map((e) => e.getAttribute('data-review-section')))).toEqual(sections);
  expect(await consentBox(page).isChecked()).toBe(false);
  const before = prospectsSent().length;
  await pressContinue(page);
  await page.locator('[data-screen] [data-part="error-summary"]').waitFor();
  expect(await consentBox(page).getAttribute('aria-invalid')).toBe('true');
  expect((await currentScreen(page)).step).toBe('review-info-panel');
  expect(prospectsSent().length).toBe(before);
  await expectAccessible(page, `${name} review, consent refused`);
  await giveConsent(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${name} review at ${width} px`);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `${name}-review-${width}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The last prospect sent before the app left (the completion, or leave-app's hand-over) carries who the applicant is and the consent ticked (PAY-06). */
function expectCompletionWithNameAndConsent(status: string): void {
  const last = prospectsSent().at(-1)?.body as { status?: string; consentAcquired?: string; potentialCustomer?: { basicInfo?: JsonObject } } | undefined;
  expect(last?.status).toBe(status);
  expect(last?.consentAcquired).toBe('AUTHORIZED');
  expect(last?.potentialCustomer?.basicInfo).toMatchObject({ indivFirstNm: 'Maria', indivLastNm: 'Gonzalez', birthDt: '1976-03-14' });
}

/**
 * Walks the product from its first screen: question screens and milestones by the driver
 * (tests/e2e/driver.ts, axe on each), form panels by FORMS, until the app leaves; returns the
 * URL it left for and the screens seen.
 */
async function walkToDestination(id: string, onReview?: () => Promise<void>): Promise<{ url: URL; seen: string[] }> {
  await page.goto(`${base}?product=${encodeURIComponent(id)}`);
  const seen: string[] = [];
  let gone = false;
  const left = page.waitForURL((u) => !u.pathname.startsWith('/join/get-started'), { timeout: 120000 }).then(() => {
    gone = true;
  });
  for (let round = 0; round < 15; round++) {
    const { seen: walked, last } = await walk(page, docs, VETERAN, (s) => s.step in FORMS);
    seen.push(...walked.map((s) => s.step));
    const fill = FORMS[last.step];
    if (!fill) throw new Error(`${id}: stopped on ${last.step}/${last.variant}: no answer given for it`);
    if (last.step === 'review-info-panel' && onReview) await onReview();
    await fill();
    await pressContinue(page);
    // Either the app leaves (after the commands that end the flow) or the next screen shows.
    await Promise.race([left, nextScreen(page, last).catch(() => left)]);
    if (gone) break;
  }
  await left;
  return { url: new URL(page.url()), seen };
}

/** Holds the full form's chunk back, so the form's first paint is what shows; the function returned lets it through. */
async function holdFullForm(): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/FormStep-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('a product that opens on a form: the first paint, then the full form (issue 11, FLOW-07, FLOW-11)', () => {
  it('shows the quote form without rjsf, accessible and by keyboard, and hands over what was typed, the focus and Continue', async () => {
    // The full form's chunk held back, so the first paint is seen and used.
    const release = await holdFullForm();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.replace(/^.*\//, ''));
    });
    await page.goto(`${base}?product=pnc-auto-insurance`);
    const screen = page.locator('[data-screen="basic-info-panel"]');
    await screen.waitFor();
    expect(await screen.getAttribute('data-state')).toBe('preview');
    expect(scripts.some((s) => s.startsWith('FormStep-'))).toBe(true); // requested once painted, still held
    await expectAccessible(page, 'the first paint of basic-info-panel');
    // By keyboard: Tab from the heading reaches the first field; type, and press Continue before the form is there.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_firstName');
    await page.keyboard.type('Ann');
    await page.locator('#root_dob').fill('07/04/1980');
    await page.locator('#root_gender-1').check();
    await page.locator('#root_firstName').focus();
    await page.keyboard.press('End');
    await page.keyboard.type('a');
    release();
    await page.locator('[data-screen="basic-info-panel"][data-state="ready"]').waitFor();
    // Still the same field, the same text, and typing goes on where it was.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_firstName');
    await page.keyboard.type('bel');
    expect(await page.inputValue('#root_firstName')).toBe('Annabel');
    expect(await page.inputValue('#root_dob')).toBe('07/04/1980');
    expect(await page.locator('#root_gender-1').isChecked()).toBe(true);
    // Continue: the full form checks what is missing (the last name, the phone) and says so.
    await pressContinue(page);
    const summary = page.locator('[data-part="error-summary"]');
    await summary.waitFor();
    expect(await summary.innerText()).toContain('Last name');
    await expectAccessible(page, 'basic-info-panel after the handover, with errors');
  });

  it('a Continue pressed in the first paint is the full form\'s submit once it is there', async () => {
    const release = await holdFullForm();
    await page.goto(`${base}?product=pnc-auto-insurance`);
    await page.locator('[data-screen="basic-info-panel"][data-state="preview"]').waitFor();
    await page.locator('[data-action="continue"]').click();
    release();
    await page.locator('[data-part="error-summary"]').waitFor();
    expect(await page.locator('[data-screen="basic-info-panel"]').getAttribute('data-state')).toBe('ready');
  });
});

describe('one applicant per product family walks to the destination (sandbox on)', () => {
  it('bank: bank-checking-classic from triage (module index 4), the applicant\'s basic info and the review with the consent, to the interstitial with flowType CIP (DEST-08, FLOW-12, issue 20)', async () => {
    const { url, seen } = await walkToDestination('bank-checking-classic', () => expectReviewBeforeCompletion('bank-checking-classic', ['basic-info-panel', 'military-details', 'self-address-panel']));
    expect(seen[0]).toBe('military-service');
    // Nothing before triage gave the applicant's details: basic info is asked after the military details.
    expect(seen.indexOf('basic-info-panel')).toBeGreaterThan(seen.indexOf('military-details'));
    expect(seen.at(-1)).toBe('review-info-panel');
    expect(prospectsSent().map((p) => `${p.method} ${String(p.body.status)}`)).toEqual(['POST modified-create', 'PUT complete']);
    expectCompletionWithNameAndConsent('complete');
    expect(url.pathname).toBe('/banking/product-eligibility/interstitial');
    expect(Object.fromEntries(url.searchParams)).toEqual({ productCode: 'BNKDMD', flowType: 'CIP', isSecondaryApplicant: 'false', lineOfBusinessCode: 'DMD', subjectAccountRelationship: 'PRIMARY' });
  });

  it('card: 62 (secured American Express) from its landing page to its application (DEST-06, DEST-17)', async () => {
    const { url, seen } = await walkToDestination('62', () => expectReviewBeforeCompletion('card-62', ['basic-info-panel', 'military-details', 'self-address-panel', 'occupation-panel']));
    expect(seen.slice(0, 2)).toEqual(['landing', 'basic-info-panel']);
    // Issue 20: the review shows before member-found's submit; the completion carries the name and the consent.
    expect(seen.at(-1)).toBe('review-info-panel');
    expectCompletionWithNameAndConsent('complete');
    expect(seen).toContain('occupation-panel');
    // The address is asked once: the second self-address of the order finds it given.
    expect(seen.filter((s) => s === 'self-address-panel')).toHaveLength(1);
    expect(url.pathname).toBe('/banking/credit-cards/secured-american-express/apply');
  });

  it('quote: pnc-auto-insurance from basic info to the quote page (DEST-03), the quote exit buttons on the way', async () => {
    await page.goto(`${base}?product=pnc-auto-insurance`);
    await currentScreen(page);
    await page.locator('[data-action="exit"]').click();
    const dialog = page.locator('[data-dialog="exit"]');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.getByRole('button').allInnerTexts()).toEqual(expect.arrayContaining(['Yes, Exit', 'No, Continue Quote']));
    await dialog.getByRole('button', { name: 'No, Continue Quote' }).click();
    const { url, seen } = await walkToDestination('pnc-auto-insurance', () => expectReviewBeforeCompletion('pnc-auto-insurance', ['basic-info-panel', 'military-details', 'self-address-panel']));
    expect(seen[0]).toBe('basic-info-panel');
    // Issue 20: the review before leave-app hands the applicant over; its prospect carries the name and the consent.
    expect(seen.at(-1)).toBe('review-info-panel');
    expectCompletionWithNameAndConsent('redirect');
    expect(`${url.pathname}${url.search}`).toBe('/insurance/modular-auto-quote/?product=pnc-auto-insurance');
  });

  it('quote with prefill: pnc-auto-insurance entered with action=prefill, the prefilled details, their review (Change goes back and returns), gender and citizenship, then the address (FLOW-11, FLOW-29)', async () => {
    // What the page that sends an applicant here with action=prefill leaves in the session
    // namespace (SESS-01, SESS-03: every resume key; PAY-36: the status and the details).
    await page.goto(`${base}config.json`);
    const session = { productId: 'pnc-auto-insurance', moduleSequenceId: 'default', modulePositionIndex: 0, potentialCustomerGuid: 'g-prefill-1', jwtKey: 'j-prefill-1', prefillStatus: 'success', prefillDetails: [{ key: 'firstName', value: 'Maria' }, { key: 'lastName', value: 'Gonzalez' }, { key: 'phone', value: '(210) 555-0148' }, { key: 'email', value: 'maria.gonzalez@example.com' }] };
    await page.evaluate((value) => sessionStorage.setItem('ent-eligibility-modular-app', value), JSON.stringify(session));
    await page.goto(`${base}?action=prefill`);
    let screen = await currentScreen(page);
    expect(screen.step).toBe('prefill-basic-info-panel');
    await expectAccessible(page, 'prefill-basic-info-panel');
    expect(await field(page, 'First name').inputValue()).toBe('Maria');
    await type(page, 'Date of birth', '03/14/1976');
    await pressContinue(page);
    screen = await nextScreen(page, screen);
    // FLOW-29: the review, with only what the prefill panel asked, as confirmed there.
    expect(screen).toEqual({ step: 'review-info-panel', variant: 'self' });
    expect(await page.locator('[data-review-section]').evaluateAll((els) => els.map((e) => e.getAttribute('data-review-section')))).toEqual(['prefill-basic-info-panel']);
    const rows = async (): Promise<string[][]> => page.locator('[data-review-section] .mu-review-row').evaluateAll((els) => els.map((e) => [e.querySelector('dt')?.textContent?.trim() ?? '', e.querySelector('dd')?.textContent?.trim() ?? '']));
    expect(await rows()).toEqual([
      ['First name', 'Maria'],
      ['Last name', 'Gonzalez'],
      ['Date of birth', '03/14/1976'],
      ['Email address', 'maria.gonzalez@example.com'],
      ['Phone number', '(210) 555-0148'],
    ]);
    expect((await page.locator('[data-review-section] h2').innerText()).trim()).toBe(text('review.section.prefillBasicInfo'));
    await expectAccessible(page, 'prefill review at 1280 px');
    // Change: the prefill panel with what was confirmed; a new e-mail address; back on the review.
    await page.locator('[data-review-section="prefill-basic-info-panel"] [data-action="change"]').click();
    screen = await nextScreen(page, screen);
    expect(screen.step).toBe('prefill-basic-info-panel');
    expect(await field(page, 'Email address').inputValue()).toBe('maria.gonzalez@example.com');
    await type(page, 'Email address', 'maria@example.org');
    await pressContinue(page);
    screen = await nextScreen(page, screen);
    expect(screen.step).toBe('review-info-panel');
    expect((await rows()).find(([label]) => label === 'Email address')).toEqual(['Email address', 'maria@example.org']);
    // The review at a phone's width and the desktop's (E2E_SHOTS=<dir> keeps pictures of both).
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page, `prefill review at ${width} px`);
      if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `flow29-review-${width}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
    }
    // Continue: gender and citizenship, then out of the prefill module past the applicant's
    // basic-info panel (FLOW-11) to the address. The walk stops there: the resume keys name a
    // customer the sandbox never created, so leave-app's update would get its 404 (simulate walks
    // a prefilled session on to the quote page, tests/scenarios/products-quotes.json).
    await pressContinue(page);
    screen = await nextScreen(page, screen);
    expect(screen.step).toBe('gender-citizenship-panel');
    await expectAccessible(page, 'gender-citizenship-panel');
    await FORMS['gender-citizenship-panel']?.();
    await pressContinue(page);
    screen = await nextScreen(page, screen);
    expect(screen.step).toBe('self-address-panel');
    await page.locator('[data-screen] [data-action="previous"]').click();
    expect((await nextScreen(page, screen)).step).toBe('gender-citizenship-panel');
  });

  it('insurance join: pnc-insurance-renters-join through the join to the renters quote start (DEST-10)', async () => {
    const { url, seen } = await walkToDestination('pnc-insurance-renters-join', () => expectReviewBeforeCompletion('pnc-insurance-renters-join', ['basic-info-panel', 'military-details', 'self-address-panel', 'occupation-panel', 'social-security-panel']));
    expect(seen[0]).toBe('entry');
    expect(seen.at(-1)).toBe('review-info-panel');
    expectCompletionWithNameAndConsent('complete');
    expect(url.pathname).toBe('/my/renters-insurance-quote-start/');
  });

  it('affiliate: pnc-insurance-affiliate from triage, no basic info, to the quote page (FLOW-08)', async () => {
    const { url, seen } = await walkToDestination('pnc-insurance-affiliate');
    expect(seen[0]).toBe('military-service');
    expect(seen).not.toContain('basic-info-panel');
    expect(`${url.pathname}${url.search}`).toBe('/insurance/modular-auto-quote/?product=pnc-insurance-affiliate');
  });
});

describe('a product no one has written: one new JSON file in a scratch copy, no change to src/', () => {
  // A money-market account: a bank deposit product with a flowType of its own, written here for
  // the first time. Its name reuses the savings copy (copy is content; the product is one file).
  const ID = 'bank-money-market-scratch';
  const PRODUCT = {
    $schema: '../../schemas/formats/product.schema.json',
    id: ID,
    extends: 'bank-deposit',
    requirements: ['DEST-08'],
    config: { productName: 'products.bankSavings.name', productId: ID },
    milestones: { layout: 'savings-milestones' },
    destinationURL: { path: '/banking/product-eligibility/interstitial', query: { productCode: 'BNKDMD', flowType: 'MMKT', isSecondaryApplicant: 'false', lineOfBusinessCode: 'DMD', subjectAccountRelationship: 'PRIMARY' } },
  };
  let scratch = '';
  let scratchServer: Server | undefined;
  afterAll(() => {
    scratchServer?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('lints clean, walks with simulate to its destination, and runs in Chromium from the pack the build would emit', async () => {
    // The scratch copy: the documents and the built app; the product is the one new file.
    scratch = mkdtempSync(path.join(tmpdir(), 'muster-new-product-'));
    for (const dir of ['flows', 'schemas', 'rules', 'content', 'tests/scenarios', 'public', 'dist']) cpSync(path.join(PROJECT_ROOT, dir), path.join(scratch, dir), { recursive: true });
    writeFileSync(path.join(scratch, 'flows/products', `${ID}.json`), `${JSON.stringify(PRODUCT, null, 2)}\n`);
    // Nothing in src/ names it.
    const srcFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? srcFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    expect(srcFiles(path.join(PROJECT_ROOT, 'src')).filter((f) => readFileSync(f, 'utf8').includes('money-market'))).toEqual([]);

    // lint:content's check on the scratch copy: no errors, and nothing new to warn about.
    const sources = readProjectSources(scratch);
    const lint = lintProject(sources, scratch);
    expect(lint.findings.filter((d) => d.severity === 'error')).toEqual([]);
    expect(lint.findings.filter((d) => d.file.includes(ID))).toEqual([]);

    // simulate: a retired veteran from triage (the base's start at module index 4), their basic info
    // after it and the review's consent (issue 20), to the new destination.
    const scratchDocs = loadProject(sources, scratch);
    const expected = '/banking/product-eligibility/interstitial?productCode=BNKDMD&flowType=MMKT&isSecondaryApplicant=false&lineOfBusinessCode=DMD&subjectAccountRelationship=PRIMARY';
    const walked = simulate(
      scratchDocs,
      { product: ID, today: '2026-11-22', answers: { ...VETERAN, branch: 'A', rank: 'Sergeant First Class (E-7)', status: 'retired', startDate: '1998-06-01', endDate: '2018-06-30', firstName: 'Maria', lastName: 'Gonzalez', dob: '1976-03-14', countryOfCitizenship: '99', phoneNumber: '2105550148', mailing: { addressType: 'D', domesticAddress: '1200 Oak Hollow Dr', domesticCity: 'San Antonio', domesticState: 'TX', domesticZipCode: '78258' }, sameAddress: true, consentAcquired: true }, assume: 'success', responses: { addressValidation: 'valid' } },
      { destinations: configDestinations(scratch), throughMilestones: true },
    );
    expect(walked.visited[0]?.step).toBe('military-service');
    expect(walked.stop.destination).toBe(expected);

    // The browser: the built app as it is, with the pack the build emits for the product (the
    // build's own function, tools/vite-plugin-muster.ts), served from the scratch copy.
    writeFileSync(path.join(scratch, 'dist/packs', `${ID}.json`), JSON.stringify(buildPack(scratchDocs, sources, ID)));
    const served = await serveDist({ root: path.join(scratch, 'dist'), csp: true, config: CONFIG });
    scratchServer = served.server;
    base = served.url;
    const { url, seen } = await walkToDestination(ID);
    expect(seen[0]).toBe('military-service');
    expect(await page.title()).toBe('Outside');
    expect(`${url.pathname}${url.search}`).toBe(expected);
  });
});
