/**
 * Fault tests (issue 10, Failures): every call to the provider's services × {timeout (a short
 * configured client timeout), a 408 answer, HTTP 500, a network error, a 200 that is not JSON, a
 * 2xx that lacks the fields read} reaches the command's documented route, run through
 * `runCommand` as the app runs it: never a success, never a throw, the reason encoded as ERR-21,
 * ERR-22, ERR-25, ERR-26 say (a timeout as 408, ERR-27/ERR-28; a malformed body as
 * MALFORMED_BODY), and the applicant's answers untouched. Also the one request policy
 * (CONST-01, REF-21, CONT-09) and cancellation. docs/decisions.md "HTTP client and faults (issue 10)".
 */
import { setupServer } from 'msw/node';
import { delay, http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isCancel } from 'axios';
import { flowFromPack } from '../../src/app/documents';
import { parseConfig } from '../../src/app/config';
import { SessionStore } from '../../src/app/storage';
import { commandRegistry, createServices, runCommand, type CommandContext, type Services } from '../../src/services/commands';
import { createReferenceDataService, ReferenceDataError } from '../../src/services/reference-data';
import { createFragmentService } from '../../src/services/fragments';
import { createClient, failureOf, MALFORMED } from '../../src/services/http';
import { POLICIES, TIMEOUTS } from '../../src/services/endpoints';
import { createSandboxHandlers } from '../../src/sandbox/handlers';
import { getPath, type AppState, type JsonObject } from '../../src/engine/state';
import { MemoryStorage, ORIGIN, projectPack } from '../app/helpers';

const API = `${ORIGIN}/api/`;
const CONTENT = `${ORIGIN}/content/`;
const api = (p: string): string => new URL(p, API).href;
/** The short client timeout the tests configure; the handlers that time out answer far later. */
const QUICK_MS = 60;

const server = setupServer(...createSandboxHandlers({ apiBaseUrl: '/api/', contentBaseUrl: '/content/', loggingUrl: '/log', origin: ORIGIN, latencyMs: 0, fragment: () => ({ heading: 'Hello' }) }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const { flow } = flowFromPack(projectPack('join-now'));
const config = parseConfig({ environment: 'development', apiBaseUrl: API, contentBaseUrl: CONTENT, joinStartUrl: '/join/start/', sponsorRequest: { brand: 'MUSTER', memberNumberOrder: [0, 1, 2, 3, 4, 5, 6, 7, 8] } });

/** The app's services with the short timeout (the policies' timeouts are checked below). */
function quickServices(): Services {
  return createServices(config, { policy: QUICK_MS, sleep: async () => {} });
}

function context(command: string, state: AppState, args: JsonObject, storage = new MemoryStorage()): CommandContext {
  return {
    command,
    args,
    state: { session: { productId: 'join-now' }, flow: { position: 2, module: 'basic-info', step: 'basic-info-panel', variant: 'self' }, ...state },
    flow,
    today: '2026-11-22',
    config,
    session: new SessionStore(storage, { log: vi.fn() }),
    telemetry: { log: vi.fn(), track: vi.fn() },
    services: quickServices(),
    leave: vi.fn(),
  };
}

type Method = 'get' | 'post' | 'put';
type Fault = 'timeout' | 'status408' | 'status500' | 'network' | 'notJson' | 'lacksFields';

/** The answer a faulty service gives; `lacks` is the call's 2xx body without the fields it reads. */
function answer(fault: Fault, lacks: { status: number; body: unknown }): () => Promise<Response> | Response {
  switch (fault) {
    case 'timeout':
      return async () => {
        await delay(QUICK_MS * 8);
        return HttpResponse.json({ data: {} });
      };
    case 'status408':
      return () => new HttpResponse(null, { status: 408 });
    case 'status500':
      return () => HttpResponse.json({ message: 'down' }, { status: 500 });
    case 'network':
      return () => HttpResponse.error();
    case 'notJson':
      return () => new HttpResponse('<html>maintenance</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    case 'lacksFields':
      return () => HttpResponse.json(lacks.body as JsonObject, { status: lacks.status });
  }
}

const street = { addressType: 'D', domesticAddress: '12 Main St', domesticCity: 'Austin', domesticState: 'TX', domesticZipCode: '78701' };
const SEARCH = { relationshipType: { rule: 'sponsor.relationshipType' }, ctznLocCd: { rule: 'sponsor.inquirerCitizenship' } };
function relative(lastName: string, extra: AppState = {}): AppState {
  return {
    triage: { variant: 'parent', parentRelationship: 'parent' },
    eligibility: { self: { personalInfo: { firstName: 'Dana', lastName: 'Whitfield', ssn: '219099999', countryOfCitizenship: '99' } }, parent: { personalInfo: { firstName: 'Sam', lastName, dob: '1988-02-11', memberNumber: '012345678', consentAcquired: true } } },
    ...extra,
  };
}
const createdSponsor = relative('Reyes', { sponsor: { isCreated: true, sponsorData: { sponsorCustId: 'S000000001' } }, individuals: { guid: 'guid-7' } });

interface Call {
  name: string;
  command: string;
  state: AppState;
  args: JsonObject;
  /** The request that fails. */
  method: Method;
  path: string;
  /** Requests answered normally before it (e.g. the PUT whose 202 starts the polling). */
  before?: { method: Method; path: string; status: number; body: JsonObject }[];
  /** The 2xx that lacks what the call reads; undefined where the call reads nothing but a JSON object. */
  lacks?: { status: number; body: unknown };
  /** The outcome of the error route (the catalogue's), and the reason per fault. */
  outcome: string;
  reasons: Partial<Record<Fault, string>>;
  session?: Record<string, string>;
}

const payloadReasons = (lacks: string): Call['reasons'] => ({
  timeout: 'PAYLOAD_ERROR|STATUS_408',
  status408: 'PAYLOAD_ERROR|STATUS_408',
  status500: 'PAYLOAD_ERROR|STATUS_500',
  network: 'PAYLOAD_ERROR|NO_RESPONSE',
  notJson: `PAYLOAD_ERROR|STATUS_200|${MALFORMED}|not JSON`,
  lacksFields: lacks,
});
const sponsorReasons = (lacks: string): Call['reasons'] => ({
  timeout: 'SPONSOR_CREATE_OR_UPDATE_ERROR|408',
  status408: 'SPONSOR_CREATE_OR_UPDATE_ERROR|408',
  // SPON-11 (reading adopted): a 500 is encoded as no response.
  status500: 'SPONSOR_CREATE_OR_UPDATE_ERROR|NO_RESPONSE',
  network: 'SPONSOR_CREATE_OR_UPDATE_ERROR|NO_RESPONSE',
  notJson: `SPONSOR_CREATE_OR_UPDATE_ERROR|200|${MALFORMED}|not JSON`,
  lacksFields: lacks,
});

const CALLS: Call[] = [
  {
    name: 'enrollment create (moduleUpdate, POST enrollment/customers)',
    command: 'moduleUpdate',
    state: {},
    args: {},
    method: 'post',
    path: 'enrollment/customers',
    lacks: { status: 201, body: { data: { jwtKey: 'jwt-x' } } },
    outcome: 'error',
    reasons: payloadReasons(`PAYLOAD_ERROR|STATUS_201|${MALFORMED}|no customerId`),
  },
  {
    name: 'enrollment update (moduleUpdate, PUT enrollment/customers/{id})',
    command: 'moduleUpdate',
    state: { individuals: { guid: 'guid-1', lastStatus: 'create' } },
    args: {},
    method: 'put',
    path: 'enrollment/customers/guid-1',
    lacks: { status: 200, body: [] },
    outcome: 'error',
    reasons: payloadReasons(`PAYLOAD_ERROR|STATUS_200|${MALFORMED}|not a JSON object`),
  },
  {
    name: 'enrollment submit (payloadSubmit, POST enrollment/customers)',
    command: 'payloadSubmit',
    state: {},
    args: {},
    method: 'post',
    path: 'enrollment/customers',
    lacks: { status: 201, body: { data: {} } },
    outcome: 'error',
    reasons: payloadReasons(`PAYLOAD_ERROR|STATUS_201|${MALFORMED}|no customerId`),
  },
  {
    name: 'enrollment complete (completeModule, PUT enrollment/customers/{id})',
    command: 'completeModule',
    state: { individuals: { guid: 'guid-1', lastStatus: 'update' } },
    args: { status: 'complete' },
    method: 'put',
    path: 'enrollment/customers/guid-1',
    lacks: { status: 200, body: null },
    // completeModule's table: anything else is `done` with the error reason: the error route follows (SUB-27).
    outcome: 'done',
    reasons: payloadReasons(`PAYLOAD_ERROR|STATUS_200|${MALFORMED}|empty body`),
  },
  {
    name: 'enrollment polling (completeModule after a 202, GET enrollment/polling/{id})',
    command: 'completeModule',
    state: { individuals: { guid: 'guid-1', lastStatus: 'update' } },
    args: { status: 'complete' },
    before: [{ method: 'put', path: 'enrollment/customers/guid-1', status: 202, body: { pollingId: 'poll-1' } }],
    method: 'get',
    path: 'enrollment/polling/poll-1',
    lacks: { status: 200, body: [] },
    outcome: 'done',
    reasons: payloadReasons(`PAYLOAD_ERROR|STATUS_200|${MALFORMED}|not a JSON object`),
  },
  {
    name: 'sponsor search (sponsorSearch, POST member-eligibility/sponsors)',
    command: 'sponsorSearch',
    state: relative('Reyes'),
    args: SEARCH,
    method: 'post',
    path: 'member-eligibility/sponsors',
    lacks: { status: 200, body: { data: { codes: [] } } },
    outcome: 'error',
    reasons: {
      timeout: 'SPONSOR_SEARCH_ERROR|408|TIMEOUT',
      status408: 'SPONSOR_SEARCH_ERROR|408',
      status500: 'SPONSOR_SEARCH_ERROR|500|down',
      network: 'SPONSOR_SEARCH_ERROR|NO_RESPONSE',
      notJson: `SPONSOR_SEARCH_ERROR|200|${MALFORMED}|not JSON`,
      lacksFields: `SPONSOR_SEARCH_ERROR|200|${MALFORMED}|no sponsorCustId`,
    },
  },
  {
    name: 'sponsor create (sponsorCreate mode create, POST member-eligibility/sponsors)',
    command: 'sponsorCreate',
    state: relative('Notfound'),
    args: { ...SEARCH, mode: 'create' },
    method: 'post',
    path: 'member-eligibility/sponsors',
    lacks: { status: 201, body: { data: { codes: [] } } },
    outcome: 'error',
    reasons: sponsorReasons(`SPONSOR_CREATE_OR_UPDATE_ERROR|201|${MALFORMED}|no sponsorCustId`),
  },
  {
    name: 'sponsor update (sponsorCreate mode update, PUT member-eligibility/sponsors/{id})',
    command: 'sponsorCreate',
    state: createdSponsor,
    args: { ...SEARCH, mode: 'update', inFlow: true },
    method: 'put',
    path: 'member-eligibility/sponsors/S000000001',
    lacks: { status: 200, body: null },
    outcome: 'error',
    reasons: sponsorReasons(`SPONSOR_CREATE_OR_UPDATE_ERROR|200|${MALFORMED}|empty body`),
  },
  {
    name: "the prospect's sponsor (sponsorCreate in flow, PUT enrollment/customers/{id}/sponsor)",
    command: 'sponsorCreate',
    state: createdSponsor,
    args: { ...SEARCH, mode: 'update', inFlow: true },
    before: [{ method: 'put', path: 'member-eligibility/sponsors/S000000001', status: 200, body: { data: { codes: [], sponsorCustId: 'S000000001' } } }],
    method: 'put',
    path: 'enrollment/customers/guid-7/sponsor',
    lacks: { status: 200, body: [] },
    outcome: 'error',
    reasons: sponsorReasons(`SPONSOR_CREATE_OR_UPDATE_ERROR|200|${MALFORMED}|not a JSON object`),
    session: { jwtKey: 'jwt-1' },
  },
  {
    name: 'address validation (addressValidation, POST validations/address)',
    command: 'addressValidation',
    state: { eligibility: { self: { address: { mailing: street } } } },
    args: { block: 'mailing', address: { var: 'eligibility.self.address.mailing' }, outcome: { rule: 'addresses.validationOutcome' } },
    method: 'post',
    path: 'validations/address',
    lacks: { status: 200, body: [] },
    outcome: 'error',
    reasons: {
      timeout: 'ADDRESS_VALIDATION_ERROR|STATUS_408',
      status408: 'ADDRESS_VALIDATION_ERROR|STATUS_408',
      status500: 'ADDRESS_VALIDATION_ERROR|STATUS_500',
      network: 'ADDRESS_VALIDATION_ERROR|NO_RESPONSE',
      notJson: `ADDRESS_VALIDATION_ERROR|STATUS_200|${MALFORMED}|not JSON`,
      lacksFields: `ADDRESS_VALIDATION_ERROR|STATUS_200|${MALFORMED}|not a JSON object`,
    },
  },
];

const FAULTS: Fault[] = ['timeout', 'status408', 'status500', 'network', 'notJson', 'lacksFields'];

function use(method: Method, path: string, resolver: () => Promise<Response> | Response, once = false): void {
  server.use(http[method](api(path), resolver, { once }));
}

describe('every command call × every fault reaches the error route (issue 10, Failures)', () => {
  const cases = CALLS.flatMap((call) => FAULTS.filter((f) => call.reasons[f] !== undefined).map((fault) => ({ call, fault })));

  it.each(cases)('$call.name × $fault', async ({ call, fault }) => {
    for (const b of call.before ?? []) use(b.method, b.path, () => HttpResponse.json(b.body, { status: b.status }), true);
    use(call.method, call.path, answer(fault, call.lacks ?? { status: 200, body: [] }));
    const storage = new MemoryStorage();
    const ctx = context(call.command, call.state, call.args, storage);
    if (call.session) ctx.session.set(call.session);
    // Never throws: runCommand reports every failure.
    const out = await runCommand(commandRegistry, ctx);
    expect(out.kind).toBe('result');
    if (out.kind !== 'result') return;
    expect(out.result.outcome).toBe(call.outcome);
    const patch = out.result.patch ?? {};
    expect(patch['error.hasError']).toBe(true);
    expect(patch['error.reason']).toBe(call.reasons[fault]);
    // Nothing of an accepted answer is recorded, and the applicant's answers are untouched.
    expect(patch['individuals.guid']).toBeUndefined();
    expect(patch['individuals.lastStatus']).toBeUndefined();
    expect(Object.keys(patch).filter((k) => k.startsWith('eligibility'))).toEqual([]);
    expect(getPath(ctx.state, 'eligibility')).toEqual(getPath(call.state, 'eligibility'));
  });

  it('the error route\'s detour (callDetour) never fails, whatever the fault, and clears the token (FLOW-14, SUB-30)', async () => {
    for (const fault of FAULTS) {
      use('put', 'enrollment/customers/guid-1', answer(fault, { status: 200, body: [] }));
      const ctx = context('callDetour', { individuals: { guid: 'guid-1', lastStatus: 'update' }, error: { hasError: true } }, {});
      ctx.session.set({ jwtKey: 'jwt-1' });
      const out = await runCommand(commandRegistry, ctx);
      expect(out).toEqual({ kind: 'result', result: { outcome: 'done', patch: { 'individuals.lastStatus': 'detour' } } });
      expect(ctx.session.getString('jwtKey')).toBeUndefined();
    }
  });

  it('a malformed enrollment answer keeps no token and no customer id (SUB-29)', async () => {
    use('post', 'enrollment/customers', () => HttpResponse.json({ data: { jwtKey: 'jwt-stray' } }, { status: 201 }));
    const ctx = context('moduleUpdate', {}, {});
    await runCommand(commandRegistry, ctx);
    expect(ctx.session.getString('jwtKey')).toBeUndefined();
    expect(ctx.session.getString('potentialCustomerGuid')).toBeUndefined();
  });

  it('a command given up (its step left) cancels its requests: the polling of the completion stops at once (issue 10, cancellation)', async () => {
    let polls = 0;
    use('put', 'enrollment/customers/guid-1', () => HttpResponse.json({}, { status: 202 }));
    use('get', 'enrollment/polling/guid-1', () => {
      polls += 1;
      return HttpResponse.json({}, { status: 202 });
    });
    const controller = new AbortController();
    const ctx: CommandContext = {
      ...context('completeModule', { individuals: { guid: 'guid-1', lastStatus: 'update' } }, { status: 'complete' }),
      services: createServices(config, { policy: 1000 }),
      signal: controller.signal,
    };
    ctx.session.set({ jwtKey: 'jwt-1' });
    const started = Date.now();
    const running = runCommand(commandRegistry, ctx);
    setTimeout(() => controller.abort(), 1200);
    const out = await running;
    const pollsAtAbort = polls;
    // Without the signal the polling would go on for 15 s (SUB-27); given up, it ends within a poll interval.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(pollsAtAbort).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 1200));
    expect(polls).toBe(pollsAtAbort);
    // The outcome of a command given up is an error the app drops (the flow has moved on): never a success.
    expect(out.kind === 'result' && out.result.outcome === 'done' && out.result.patch?.['error.reason'] === undefined).toBe(false);
  });

  it('a create 2xx with codes and no customer id is an answer the table judges, not malformed', async () => {
    use('post', 'enrollment/customers', () => HttpResponse.json({ data: { codes: ['50017'] } }, { status: 200 }));
    const out = await runCommand(commandRegistry, context('moduleUpdate', {}, {}));
    expect(out.kind === 'result' && out.result.patch?.['error.reason']).toBe('PAYLOAD_ERROR|STATUS_200|50017');
  });
});

describe('reference data × every fault (REF-21, REF-22)', () => {
  const path = 'member-eligibility/domain-values/military/branches';
  const service = createReferenceDataService(API, { timeoutMs: QUICK_MS, retryDelayMs: () => 1 });
  const cases: [Fault | 'notAList', string, number][] = [
    ['timeout', 'TIMEOUT', 3],
    ['status408', 'TIMEOUT', 3],
    ['status500', 'STATUS_500', 1],
    ['network', 'NO_RESPONSE', 3],
    ['notJson', MALFORMED, 1],
    ['notAList', MALFORMED, 1],
  ];

  it.each(cases)('%s → ReferenceDataError %s after %i attempt(s)', async (fault, code, attempts) => {
    let calls = 0;
    const resolver = fault === 'notAList' ? () => HttpResponse.json({ data: [] }) : answer(fault, { status: 200, body: [] });
    use('get', path, () => (calls++, resolver()));
    const err = await service.fetchList({ path, query: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReferenceDataError);
    expect((err as ReferenceDataError).code).toBe(code);
    expect((err as ReferenceDataError).attempts).toBe(attempts);
    expect(calls).toBe(attempts);
  });

  it('cancelling during the pause before a retry stops: no further attempt, the cancellation (not a failure) is thrown', async () => {
    let calls = 0;
    use('get', path, () => (calls++, HttpResponse.error()));
    const slow = createReferenceDataService(API, { retryDelayMs: () => 200 });
    const controller = new AbortController();
    const pending = slow.fetchList({ path, query: {} }, controller.signal).catch((e: unknown) => e);
    await delay(50);
    controller.abort();
    const err = await pending;
    expect(isCancel(err)).toBe(true);
    expect(err).not.toBeInstanceOf(ReferenceDataError);
    await delay(250);
    expect(calls).toBe(1);
  });
});

describe('content fragments × every fault (CONT-09, CONT-12, ERR-20)', () => {
  const log = vi.fn();
  const fetchFragment = createFragmentService(CONTENT, { log }, { timeoutMs: QUICK_MS });
  const key = 'entry';
  const contentPath = `${CONTENT}public/objects/${key}`;
  const cases: [Fault, string, number][] = [
    ['timeout', 'ECONNABORTED', 2],
    ['status500', '500', 1],
    ['network', 'Failed to fetch', 1],
    ['notJson', 'not JSON', 1],
  ];

  it.each(cases)('%s → ContentLoadError (%s) after %i attempt(s)', async (fault, reason, attempts) => {
    let calls = 0;
    const resolver = answer(fault, { status: 200, body: [] });
    server.use(http.get(contentPath, () => (calls++, resolver())));
    const err = await fetchFragment(key, { authenticated: false }).catch((e: unknown) => e);
    expect((err as Error).name).toBe('ContentLoadError');
    if (fault !== 'network') expect((err as Error).message).toContain(`- ${reason}`);
    expect(calls).toBe(attempts);
  });
});

describe('the one request policy (CONST-01, REF-21, CONT-09)', () => {
  it('timeouts: 10000 ms generic, 15000 ms enrollment, 30000 ms the address helper', () => {
    expect(TIMEOUTS).toEqual({ generic: 10_000, enrollment: 15_000, long: 30_000 });
    expect(POLICIES.reference.timeout).toBe(10_000);
    expect(POLICIES.content.timeout).toBe(10_000);
    expect(POLICIES.sponsors.timeout).toBe(10_000);
    expect(POLICIES.enrollment.timeout).toBe(15_000);
    expect(POLICIES.addresses.timeout).toBe(30_000);
  });

  it('retries: reference 2 on a timeout or network error, content 1 on a timeout, writes and addresses none', () => {
    expect([POLICIES.reference.retries, [...POLICIES.reference.on]]).toEqual([2, ['timeout', 'network']]);
    expect([POLICIES.content.retries, [...POLICIES.content.on]]).toEqual([1, ['timeout']]);
    for (const p of [POLICIES.enrollment, POLICIES.sponsors, POLICIES.addresses]) expect(p.retries).toBe(0);
  });

  it('the services are built with their policy: a write is sent once, even on a network error', async () => {
    let calls = 0;
    use('post', 'enrollment/customers', () => (calls++, HttpResponse.error()));
    const out = await runCommand(commandRegistry, { ...context('moduleUpdate', {}, {}), services: createServices(config) });
    expect(out.kind === 'result' && out.result.patch?.['error.reason']).toBe('PAYLOAD_ERROR|NO_RESPONSE');
    expect(calls).toBe(1);
  });

  it('a timeout is the timeout code 408 (ERR-27, ERR-28); no answer is the generic NO_RESPONSE', async () => {
    use('get', 'slow', async () => {
      await delay(QUICK_MS * 8);
      return HttpResponse.json({});
    });
    use('get', 'gone', () => HttpResponse.error());
    const client = createClient(API, QUICK_MS);
    expect(failureOf(await client.get('slow').catch((e: unknown) => e))).toMatchObject({ status: 408, timeout: true, message: 'TIMEOUT' });
    const gone = failureOf(await client.get('gone').catch((e: unknown) => e));
    expect(gone.status).toBeUndefined();
    expect(gone.timeout).toBe(false);
  });
});
