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
import { inlineFormPanels } from '../../src/engine/field-refs';
import type { JsonObject } from '../../src/engine/state';
import type { JsonValue } from '../../src/rules/index';
import { createFormChecker } from '../../tools/lib/form-checker';
import { loadProject, PROJECT_ROOT, projectSponsorRequest } from '../../tools/lib/project';

const docs = loadProject();
inlineFormPanels(docs);
const sponsorRequest = projectSponsorRequest();
if (!sponsorRequest) throw new Error('public/config.json has no sponsorRequest');
const DESTINATIONS = { proofing: '/stub/proofing/', pilot: '/stub/pilot/' };
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
const PROVIDER = /\/api\/((enrollment|member-eligibility|validations)\/.*)$/;

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
    id: "a member's spouse: the sponsor found and updated in the flow, then the sign-up",
    requirements: ['SPON-04', 'SPON-30', 'SPON-31', 'SUB-06'],
    product: 'join-now',
    panel: 'military-service',
    answers: answersOf('spouse-of-member-to-review'),
    responses: {
      sponsorSearch: { status: 200, body: { data: { sponsorCustId: 'sp-1', sponsorPartyIdTypeCd: 'MEMBER' } } },
      addressValidation: valid,
      sponsorCreate: { status: 200, body: { data: { sponsorCustId: 'sp-1' } } },
      payloadSubmit: created,
      completeModule: { status: 200, body: { data: { codes: [] } } },
    },
  },
  {
    id: 'an address check that fails: the error route, no prospect sent',
    requirements: ['ADDR-23', 'FLOW-14'],
    product: 'join-now',
    panel: 'military-service',
    answers: answersOf('retired-veteran-past-review'),
    responses: { addressValidation: { status: 500, body: { message: 'down' } } },
  },
];

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
    script = [];
    seen = [];
    await page.route(
      (u) => u.pathname.startsWith('/stub/') || u.pathname.startsWith('/my/') || u.pathname.startsWith('/home/'),
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

/** Answers every screen as simulate does (each answer once, milestones by their first button, the review by Continue), until the page leaves the app or a screen has no answer. */
async function drive(answers: JsonObject): Promise<ScreenSeen[]> {
  const walked: ScreenSeen[] = [];
  const used = new Set<string>();
  let screen = await currentScreen(page);
  for (let i = 0; i < 80; i++) {
    walked.push(screen);
    await expectAccessible(page, `${screen.step}/${screen.variant}`);
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
  for (const w of WALKS) {
    it(`${w.id} (${w.requirements.join(', ')})`, async () => {
      const input: SimulateInput = { product: w.product, today: today(), panel: w.panel, answers: w.answers, responses: w.responses };
      const sim = simulate(docs, input, { checkForm: createFormChecker(), throughMilestones: true, config: { joinStartUrl: CONFIG.joinStartUrl, destinations: DESTINATIONS, sponsorRequest } });
      script = sim.stop.requests ?? [];
      expect(script.length, `simulate made no request: ${JSON.stringify(sim.stop)}`).toBeGreaterThan(0);
      await page.goto(`${base}?product=${w.product}&panel=${w.panel}`);
      await drive(w.answers);
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
    });
  }
});
