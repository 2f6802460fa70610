/**
 * One orchestration (issue 19, "One command runner"): `npm run simulate` and the browser walk the
 * same journey. Each walk below is run twice against the same scripted answers of the provider's
 * services: first in simulate (src/engine/simulate.ts, the commands over its scripted transport),
 * then in Chromium on the production build with the strict CSP and the sandbox off, where every
 * request to the enrollment, sponsor and address services is answered, in order, with the answer
 * simulate's walk got for its request at the same place. The two request lists (method, path,
 * lifecycle status, body) must be identical, and so must the page the applicant leaves for; a
 * difference fails with both lists side by side. Reference data and content come from the
 * sandbox's handlers (tests/e2e/provider.ts), as in the fault suite.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserSuite } from './browser';
import { currentScreen, expectAccessible, fillForm, nextScreen, type ScreenSeen } from './driver';
import { playProvider } from './provider';
import { answerKey, simulate, type SimulateInput, type SimulatedRequest } from '../../src/engine/simulate';
import { panelNameOf } from '../../src/engine/loader';
import { resolveFlow } from '../../src/engine/flow';
import { inlineFormPanels } from '../../src/engine/field-refs';
import type { JsonObject } from '../../src/engine/state';
import type { JsonValue } from '../../src/rules/index';
import { createFormChecker } from '../../tools/lib/form-checker';
import { configDestinations, loadProject, PROJECT_ROOT, projectSponsorRequest } from '../../tools/lib/project';

const docs = loadProject();
inlineFormPanels(docs);
const sponsorRequest = projectSponsorRequest();
if (!sponsorRequest) throw new Error('public/config.json has no sponsorRequest');
// config.json's pages (the quote page among them), the proofing and pilot pages at the test's own URLs.
const DESTINATIONS = { ...configDestinations(), proofing: '/stub/proofing/', pilot: '/stub/pilot/' };
const CONFIG = {
  environment: 'staging',
  apiBaseUrl: '/join/get-started/api/',
  contentBaseUrl: '/join/get-started/content/',
  sandbox: false,
  brand: 'muster',
  demo: false,
  support: false,
  homeUrl: '/home/',
  joinStartUrl: '/join/start/',
  destinations: DESTINATIONS,
  sponsorRequest,
};
const APP = '/join/get-started/';
const PROVIDER = /\/api\/((?:enrollment\/|member-eligibility\/sponsors|validations\/).*)$/;

interface Walk {
  id: string;
  requirements: string[];
  product: string;
  panel: string;
  answers: JsonObject;
  responses: JsonObject;
}

const journeys = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'tests/scenarios/journeys.json'), 'utf8')) as { scenarios: { id: string; input: { answers: JsonObject } }[] };
const answersOf = (id: string): JsonObject => {
  const found = journeys.scenarios.find((s) => s.id === id);
  if (!found) throw new Error(`no journey ${id} in tests/scenarios/journeys.json`);
  return found.input.answers;
};

const valid = { status: 200, body: { data: { codes: [] } } };
const created = { status: 201, body: { data: { customerId: 'c-1', jwtKey: 'jwt-1' } } };
const polledTo = (body: JsonObject): JsonValue => [{ status: 202, body: { pollingId: 'p-1' } }, { status: 200, body }];

const WALKS: Walk[] = [
  {
    id: 'a retired veteran signs up: created, the completion polled, handed over',
    requirements: ['SUB-04', 'SUB-06', 'SUB-26', 'EXIT-09', 'DEST-01'],
    product: 'join-now',
    panel: 'military-service',
    answers: answersOf('retired-veteran-past-review'),
    responses: { addressValidation: valid, payloadSubmit: created, completeModule: polledTo({ data: { codes: [], jwtKey: 'jwt-2' } }) },
  },
  {
    id: 'a member found on the submit (50012) goes to proofing though the completion has no codes',
    requirements: ['SUB-23', 'DEST-02'],
    product: 'join-now',
    panel: 'military-service',
    answers: answersOf('retired-veteran-past-review'),
    responses: { addressValidation: valid, payloadSubmit: { status: 200, body: { data: { customerId: 'c-1', jwtKey: 'jwt-1', codes: ['50012'], memberFoundJwtKey: 'mf-1' } } }, completeModule: { status: 200, body: { data: { codes: [] } } } },
  },
  {
    id: "a member's spouse: the sponsor found, then saved, then the sign-up",
    requirements: ['SPON-04', 'SPON-05', 'SPON-13', 'SUB-06'],
    product: 'join-now',
    panel: 'military-service',
    // The occupation and industry as the reference lists have them (the scenario's free text is no choice of a list).
    answers: { ...answersOf('spouse-of-member-to-review'), occupation: '025', industry: '62' },
    responses: {
      sponsorSearch: { status: 200, body: { data: { sponsorCustId: 'sp-1', sponsorPartyIdTypeCd: 'MEMBER' } } },
      addressValidation: valid,
      sponsorCreate: { status: 200, body: { data: { sponsorCustId: 'sp-1' } } },
      payloadSubmit: created,
      completeModule: { status: 200, body: { data: { codes: [] } } },
    },
  },
  {
    id: "a military member's spouse: the search says the sponsor serves, the spouse/member-military milestone",
    requirements: ['ROUTE-17', 'SPON-04'],
    product: 'join-now',
    panel: 'military-service',
    answers: { ...answersOf('spouse-of-member-to-review'), occupation: '025', industry: '62' },
    responses: {
      sponsorSearch: { status: 200, body: { data: { sponsorCustId: 'sp-1', sponsorPartyIdTypeCd: 'MEMBER', sponsorMilitaryInd: 'Y' } } },
      addressValidation: valid,
      sponsorCreate: { status: 200, body: { data: { sponsorCustId: 'sp-1' } } },
      payloadSubmit: created,
      completeModule: { status: 200, body: { data: { codes: [] } } },
    },
  },
  {
    id: 'an address check that fails: the retry page with every answer kept (the prospect, created at basic-info\'s end, gets its detour)',
    requirements: ['ADDR-23', 'FLOW-14', 'ERR-42'],
    product: 'join-now',
    panel: 'military-service',
    answers: answersOf('retired-veteran-past-review'),
    responses: { addressValidation: { status: 500, body: { message: 'down' } } },
  },
  {
    id: 'Try again after an address check that failed sends it again and the sign-up goes on',
    requirements: ['ADDR-23', 'ERR-42'],
    product: 'join-now',
    panel: 'military-service',
    answers: answersOf('retired-veteran-past-review'),
    responses: { addressValidation: [{ status: 500, body: { message: 'down' } }, valid], payloadSubmit: created, completeModule: { status: 200, body: { data: { codes: [] } } } },
  },
];

// The module updates (doc 2 §4: the create at basic-info's end, an update at each later module's end) and the detour, accepted in every walk.
for (const w of WALKS) w.responses = { moduleUpdate: created, callDetour: { status: 200, body: { data: {} } }, ...w.responses };

/** Every command that calls a service, answered as a provider that accepts everything would. */
const ACCEPTED: JsonObject = {
  addressValidation: valid,
  sponsorSearch: { status: 200, body: { data: { sponsorCustId: 'sp-1', sponsorPartyIdTypeCd: 'MEMBER' } } },
  sponsorCreate: { status: 201, body: { data: { sponsorCustId: 'sp-1' } } },
  payloadSubmit: created,
  moduleUpdate: created,
  completeModule: { status: 200, body: { data: { codes: [] } } },
  callDetour: { status: 200, body: { data: {} } },
};

/** One walk of each product family, from its scenario row (tests/scenarios/products-*.json), the services answering as ACCEPTED does. */
const FAMILIES: [file: string, id: string, family: string][] = [
  ['products-bank', 'bank-cd-veteran-to-destination', 'bank deposit (CD)'],
  ['products-bank', 'bank-checking-classic-veteran-to-destination', 'bank deposit (checking)'],
  ['products-cards', 'card-37-veteran-to-apply', 'credit card'],
  ['products-quotes', 'pnc-auto-insurance-veteran-to-quote', 'insurance quote'],
  ['products-insurance-joins', 'pnc-auto-insurance-join-veteran-to-destination', 'insurance join'],
  ['products-quotes', 'affiliate-veteran-to-quote', 'affiliate'],
];
for (const [file, id, family] of FAMILIES) {
  const table = JSON.parse(readFileSync(path.join(PROJECT_ROOT, `tests/scenarios/${file}.json`), 'utf8')) as { scenarios: { id: string; requirements?: string[]; input: { product: string; answers: JsonObject } }[] };
  const row = table.scenarios.find((s) => s.id === id);
  if (!row) throw new Error(`no scenario ${id} in tests/scenarios/${file}.json`);
  WALKS.push({ id: `${family}: ${id}`, requirements: row.requirements ?? [], product: row.input.product, panel: '', answers: row.input.answers, responses: ACCEPTED });
}

/** A request as both sides list it. */
interface Listed {
  method: string;
  path: string;
  status?: string;
  body?: unknown;
}

const listed = (r: Pick<SimulatedRequest, 'method' | 'path' | 'status' | 'body'>): Listed => ({ method: r.method, path: r.path, ...(r.status !== undefined ? { status: r.status } : {}), ...(r.body !== undefined ? { body: r.body } : {}) });

function sideBySide(a: Listed[], b: Listed[]): string {
  const line = (r: Listed | undefined): string => (r ? `${r.method} ${r.path}${r.status ? ` (${r.status})` : ''}` : '—');
  const rows = Array.from({ length: Math.max(a.length, b.length) }, (_, i) => `${String(i + 1).padStart(2)}  ${line(a[i]).padEnd(60)}  ${line(b[i])}`);
  return ['    simulate'.padEnd(64) + 'Chromium', ...rows].join('\n');
}

function today(): string {
  const d = new Date();
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

let page: Page;
let base: string;
let script: SimulatedRequest[] = [];
let seen: Listed[] = [];

browserSuite({
  config: CONFIG,
  setup: async (suite) => {
    ({ page, base } = suite);
    if (process.env.DIFF_DEBUG) {
      page.on('console', (m) => console.log('CONSOLE', m.text().slice(0, 400)));
      page.on('request', (r) => {
        if (r.url().includes('logging')) console.log('LOG', (r.postData() ?? '').slice(0, 600));
      });
    }
    script = [];
    seen = [];
    await page.route(
      // Every page out of the app: the destinations, the quote page, the bank's and the cards'.
      (u) => !u.pathname.startsWith(APP),
      (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Outside</title><h1>Outside the app</h1></html>' }),
    );
    await playProvider(suite.context, {
      origin: new URL(base).origin,
      docs,
      answer: (_key, request) => {
        const m = PROVIDER.exec(new URL(request.url()).pathname);
        if (!m) return undefined;
        const text = request.postData();
        const body = text ? (JSON.parse(text) as JsonObject) : undefined;
        const p = m[1] as string;
        const status = body && typeof body.status === 'string' && p.startsWith('enrollment/customers') && !p.endsWith('/sponsor') ? body.status : undefined;
        seen.push({ method: request.method(), path: p, ...(status !== undefined ? { status } : {}), ...(body !== undefined ? { body } : {}) });
        const given = script[seen.length - 1]?.answer;
        // A request simulate did not make: a status no walk expects, so the lists differ visibly.
        if (!given) return { status: 418, body: { message: 'differential: simulate made no such request here' } };
        return 'fault' in given ? { status: 504, body: { message: given.fault } } : { status: given.status, ...(given.body !== undefined ? { body: given.body } : {}) };
      },
    });
  },
});

/** Answers every screen as simulate does (each answer once, milestones by their first button, the review by its consent and Continue), until the page leaves the app or a screen has no answer. */
async function drive(answers: JsonObject, stop: { kind: string; step?: string | undefined }): Promise<ScreenSeen[]> {
  const walked: ScreenSeen[] = [];
  const used = new Set<string>();
  let screen = await currentScreen(page);
  for (let i = 0; i < 80; i++) {
    walked.push(screen);
    if (process.env.DIFF_DEBUG) console.log("SCREEN", screen.step, screen.variant, screen.milestone ?? "", seen.length);
    await expectAccessible(page, `${screen.step}/${screen.variant}`);
    // Where simulate's walk stopped (a terminal milestone, a screen it had no answer for), the browser's stops too.
    if (stop.kind !== 'command' && stop.step === screen.step) return walked;
    if (screen.milestone) {
      const primary = page.locator('[data-screen] [data-action="primary"]');
      if ((await primary.count()) === 0) return walked;
      await primary.click();
    } else {
      const panel = docs.panels.get(panelNameOf(screen.step))?.value;
      if (!panel) throw new Error(`no panel document for screen ${screen.step}`);
      if (panel.kind === 'question') {
        const key = answerKey(panel.field, screen.variant);
        if (answers[key] === undefined || used.has(key)) return walked;
        used.add(key);
        await page.locator(`[data-screen] [data-answer="${String(answers[key])}"]`).click();
      } else if (panel.kind === 'review') {
        // The consent, where the page asks it, is ticked by the answer simulate reads (consentAcquired, issue 20).
        const box = page.locator('[data-screen] [data-part="consent"] input[type="checkbox"]');
        if ((await box.count()) > 0 && !(await box.isChecked())) {
          if (answers.consentAcquired !== true || used.has('consentAcquired')) return walked;
          used.add('consentAcquired');
          await box.check();
        }
        await page.locator('[data-screen] [data-action="continue"]').click();
      } else {
        const keys = Object.keys(panel.schema.properties as object).map((f) => answerKey(f, screen.variant));
        if (!keys.some((k) => answers[k] !== undefined && !used.has(k))) return walked;
        for (const k of keys) used.add(k);
        await fillForm(page, panel, screen.variant, answers);
      }
    }
    const left = page.waitForURL((u) => !u.pathname.startsWith(APP), { timeout: 30000 }).then(
      () => 'left' as const,
      () => 'stayed' as const,
    );
    const next = nextScreen(page, screen).then(
      (s) => s,
      () => new Promise<never>(() => undefined),
    );
    const moved = await Promise.race([left.then((l) => (l === 'left' ? l : new Promise<never>(() => undefined))), next]);
    if (moved === 'left') return walked;
    screen = moved;
  }
  throw new Error('the walk did not end within 80 screens');
}

describe('simulate and the browser make the same requests (issue 19)', () => {
  for (const w of WALKS.slice(0, process.env.DIFF_ONLY ? 1 : WALKS.length)) {
    it(`${w.id} (${w.requirements.join(', ')})`, async () => {
      const input: SimulateInput = { product: w.product, today: today(), ...(w.panel ? { panel: w.panel } : {}), answers: w.answers, responses: w.responses };
      const sim = simulate(docs, input, { checkForm: createFormChecker(), throughMilestones: true, config: { joinStartUrl: CONFIG.joinStartUrl, destinations: DESTINATIONS, sponsorRequest } });
      script = sim.stop.requests ?? [];
      expect(sim.stop.kind, `simulate's walk ends in an error: ${sim.stop.message ?? ''}`).not.toBe('error');
      await page.goto(`${base}?product=${encodeURIComponent(w.product)}${w.panel ? `&panel=${w.panel}` : ''}`);
      const walked = await drive(w.answers, sim.stop);
      // The same screens, in order (a command step is no screen).
      const { flow } = resolveFlow(docs, w.product);
      const kindOf = (module: string, step: string): string | undefined => (flow?.modules.find((m) => m.name === module)?.graph ?? flow?.extraModules.get(module)?.graph)?.steps[step]?.kind;
      const screens = sim.visited.filter((v) => kindOf(v.module, v.step) !== 'command').map((v) => `${v.step}/${v.variant}`);
      expect(walked.map((s) => `${s.step}/${s.variant}`)).toEqual(screens);
      // The last request's answer is in (a hand-off follows it; an error page shows after it).
      await page.waitForLoadState('load');
      const expected = script.map(listed);
      expect(seen, `the requests differ:\n${sideBySide(expected, seen)}`).toEqual(expected);
      if (sim.stop.destination !== undefined) {
        const url = new URL(page.url());
        expect(`${url.pathname}${url.search}`).toBe(sim.stop.destination);
      } else {
        expect(new URL(page.url()).pathname.startsWith(APP), `simulate stayed in the app at ${sim.stop.kind} ${sim.stop.step ?? ''}; the browser went to ${page.url()}`).toBe(true);
      }
    }, 150_000);
  }
});

describe('back from the quote page (FLOW-07, DEST-04, DEST-05, SESS-03; issue 19)', () => {
  it('a quote applicant who returns with action=resume goes on after the leave-app step (ssn-info), never to the quote page again', async () => {
    const row = WALKS.find((w) => w.id.includes('pnc-auto-insurance-veteran-to-quote'));
    if (!row) throw new Error('no quote walk');
    const sim = simulate(docs, { product: row.product, today: today(), answers: row.answers, responses: row.responses }, { checkForm: createFormChecker(), throughMilestones: true, config: { joinStartUrl: CONFIG.joinStartUrl, destinations: DESTINATIONS, sponsorRequest } });
    script = sim.stop.requests ?? [];
    await page.goto(`${base}?product=${row.product}`);
    await drive(row.answers, sim.stop);
    await page.waitForURL((u) => u.pathname.startsWith('/insurance/modular-auto-quote/'));
    const sent = seen.length;
    // Back from the quote page, as its "continue your membership" link brings the applicant.
    await page.goto(`${base}?action=resume`);
    const back = await currentScreen(page);
    expect(back.step).toBe('social-security-panel');
    await expectAccessible(page, 'social-security-panel after the quote');
    // Nothing was sent again on the way back: no second redirect, no hand-off.
    expect(seen.length).toBe(sent);
    expect(new URL(page.url()).pathname.startsWith(APP)).toBe(true);
  }, 150_000);
});
