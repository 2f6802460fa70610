/**
 * The enrollment service and the lifecycle commands against the sandbox's stateful enrollment
 * service (msw/node): SUB-10..SUB-16, SUB-26..SUB-30, SUB-17..SUB-23 through the outcome tables.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENROLLMENT_HEADERS, POLL_INTERVAL_MS, sendStatus } from '../../src/engine/provider/enrollment';
import { planSend, type EnrollmentAnswer } from '../../src/engine/lifecycle';
import { runAsync } from '../../src/engine/provider/io';
import { createTransport, type TransportOptions } from '../../src/services/transport';
import { commandRegistry, createServices, runCommand, type CommandContext } from '../../src/services/commands';
import { createSandboxHandlers } from '../../src/sandbox/handlers';
import { flowFromPack } from '../../src/app/documents';
import { parseConfig } from '../../src/app/config';
import { SessionStore } from '../../src/app/storage';
import type { AppState, JsonObject } from '../../src/engine/state';
import { MemoryStorage, ORIGIN, projectPack } from '../app/helpers';

const server = setupServer(...createSandboxHandlers({ apiBaseUrl: '/api/', contentBaseUrl: '/content/', loggingUrl: '/log', origin: ORIGIN, latencyMs: 0 }));
const requests: { method: string; path: string; headers: Record<string, string>; body: JsonObject | undefined }[] = [];
server.events.on('request:start', async ({ request }) => {
  const url = new URL(request.url);
  if (!url.pathname.startsWith('/api/enrollment/')) return;
  let body: JsonObject | undefined;
  try {
    body = (await request.clone().json()) as JsonObject;
  } catch {
    body = undefined;
  }
  requests.push({ method: request.method, path: url.pathname.replace('/api/', ''), headers: Object.fromEntries(request.headers.entries()), body });
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  requests.length = 0;
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const API = `${ORIGIN}/api/`;
const prospect = (status: string, lastName = 'Doe'): JsonObject => ({ status, productId: 'join-now', potentialCustomer: { basicInfo: { indivLastNm: lastName } } });
const noWait = { sleep: async () => {} };

/**
 * The one runner's enrollment step (src/engine/provider/enrollment.ts) over the browser's
 * transport, holding the token and the abandon as the commands' session does (SUB-29, SUB-10).
 */
function createEnrollmentService(api: string, options: TransportOptions = {}) {
  const transport = createTransport(api, options);
  let token: string | undefined;
  let abandoned = false;
  return {
    tokens: { get: () => token },
    async send(status: string, payload: JsonObject, known: { customerId?: string; lastStatus?: string }): Promise<EnrollmentAnswer | { skipped: string }> {
      const sent = await runAsync(sendStatus(status, payload, { ...known, ...(abandoned ? { lastStatus: 'abandon' } : {}), token }), transport);
      if (status === 'abandon') {
        abandoned = true;
        token = undefined;
      }
      if (sent.kind === 'skipped') return { skipped: sent.why };
      if (sent.kind === 'failed') throw new Error(sent.failure.message);
      if (status !== 'abandon' && sent.answer.status < 300 && sent.answer.jwtKey) token = sent.answer.jwtKey;
      return sent.answer;
    },
  };
}

describe('the enrollment service (SUB-10..SUB-16, SUB-26..SUB-29)', () => {
  it('plans POST for create and modified-create, PUT for the rest, nothing without a customer id or after abandon', () => {
    expect(planSend('create', {})).toEqual({ method: 'POST', path: 'enrollment/customers' });
    expect(planSend('modified-create', {})).toEqual({ method: 'POST', path: 'enrollment/customers' });
    for (const s of ['update', 'redirect', 'detour', 'complete', 'abandon']) {
      expect(planSend(s, { customerId: 'c 1' })).toEqual({ method: 'PUT', path: 'enrollment/customers/c%201', customerId: 'c 1' });
      expect(planSend(s, {})).toEqual({ skipped: 'no-customer-id' });
    }
    expect(planSend('create', { lastStatus: 'abandon' })).toEqual({ skipped: 'abandoned' });
    expect(planSend('update', { customerId: 'c', lastStatus: 'abandon' })).toEqual({ skipped: 'abandoned' });
  });

  it('create → update → complete with polling → member found, the token kept as the default header', async () => {
    const service = createEnrollmentService(API, noWait);
    const created = await service.send('create', prospect('create', 'Member'), {});
    expect(created).toMatchObject({ status: 201, codes: [] });
    const customerId = 'customerId' in created ? (created.customerId ?? '') : '';
    const firstToken = service.tokens.get();
    expect(firstToken).toMatch(/^jwt-/);
    const updated = await service.send('update', prospect('update', 'Member'), { customerId, lastStatus: 'create' });
    expect(updated).toMatchObject({ status: 200 });
    expect(service.tokens.get()).not.toBe(firstToken);
    const completed = await service.send('complete', prospect('complete', 'Member'), { customerId, lastStatus: 'update' });
    expect(completed).toMatchObject({ status: 200, codes: ['50015'] });
    expect('memberFoundJwtKey' in completed && completed.memberFoundJwtKey).toMatch(/^mf-/);

    expect(requests.map((r) => `${r.method} ${r.path.replace(customerId, '{id}')}`)).toEqual([
      'POST enrollment/customers',
      'PUT enrollment/customers/{id}',
      'PUT enrollment/customers/{id}',
      'GET enrollment/polling/poll-{id}',
      'GET enrollment/polling/poll-{id}',
    ]);
    // SUB-13: Accept JSON, the client id and service token on every call; jwtkey and customerId once known.
    for (const r of requests) {
      expect(r.headers.accept).toContain('application/json');
      for (const [k, v] of Object.entries(ENROLLMENT_HEADERS)) expect(r.headers[k]).toBe(v);
    }
    expect(requests[0]?.headers.jwtkey).toBeUndefined();
    expect(requests[1]?.headers).toMatchObject({ jwtkey: firstToken, customerid: customerId });
    // SUB-27: the polling carries guid and jwtkey.
    expect(requests[3]?.headers).toMatchObject({ guid: customerId });
    expect(requests[3]?.headers.jwtkey).toMatch(/^jwt-/);
  });

  it('gives up polling after 15000 ms with 40011 (SUB-27), polling every 500 ms', async () => {
    // A fake clock (msw/node and axios's own socket timers do not run under vi.useFakeTimers):
    // the service's sleep moves it on; every wait is recorded.
    let clock = 0;
    const waits: number[] = [];
    const service = createEnrollmentService(API, { now: () => clock, sleep: async (ms: number) => void (waits.push(ms), (clock += ms)) });
    const created = await service.send('create', prospect('create', 'Slow'), {});
    const customerId = 'customerId' in created ? (created.customerId ?? '') : '';
    expect(await service.send('complete', prospect('complete', 'Slow'), { customerId })).toEqual({ status: 408, codes: ['40011'], message: 'Maximum polling time exceeded.' });
    expect(clock).toBe(15_000);
    expect(new Set(waits)).toEqual(new Set([POLL_INTERVAL_MS]));
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(15_000 / POLL_INTERVAL_MS);
  });

  it('sends nothing for an update without a customer id (SUB-10)', async () => {
    const service = createEnrollmentService(API, noWait);
    expect(await service.send('update', prospect('update'), {})).toEqual({ skipped: 'no-customer-id' });
    expect(await service.send('complete', prospect('complete'), {})).toEqual({ skipped: 'no-customer-id' });
    expect(requests).toEqual([]);
  });

  it('sends nothing after abandon, and clears the token (SUB-10, SUB-29)', async () => {
    const service = createEnrollmentService(API, noWait);
    const created = await service.send('create', prospect('create'), {});
    const customerId = 'customerId' in created ? (created.customerId ?? '') : '';
    expect(await service.send('abandon', prospect('abandon'), { customerId })).toMatchObject({ status: 200 });
    expect(service.tokens.get()).toBeUndefined();
    expect(await service.send('update', prospect('update'), { customerId })).toEqual({ skipped: 'abandoned' });
    expect(await service.send('create', prospect('create'), {})).toEqual({ skipped: 'abandoned' });
    expect(requests.map((r) => r.method)).toEqual(['POST', 'PUT']);
    expect(requests[1]?.body?.status).toBe('abandon');
  });
});

// ---------------------------------------------------------------------------------------------
// The commands: lifecycle status from the rules, outcomes from the tables.

const { flow } = flowFromPack(projectPack('join-now'));
const config = parseConfig({ environment: 'development', apiBaseUrl: API, contentBaseUrl: `${ORIGIN}/content/`, joinStartUrl: '/join/start/' });

function context(command: string, state: AppState, args: JsonObject = {}, session = new SessionStore(new MemoryStorage(), { log: vi.fn() })): CommandContext & { log: ReturnType<typeof vi.fn> } {
  const log = vi.fn();
  return { command, args, state, flow, today: '2026-11-22', config, session, telemetry: { log, track: vi.fn() }, services: createServices(config), leave: vi.fn(), log };
}

const person = (lastName: string): AppState => ({ eligibility: { self: { personalInfo: { firstName: 'Pat', lastName, dob: '1980-01-01' } } } });
const at = (position: number): AppState => ({ flow: { position, module: flow.modules[position]?.moduleId ?? '', step: 's', variant: 'self' } });
const apply = (state: AppState, patch: AppState | undefined): AppState => {
  const s = structuredClone(state);
  for (const [k, v] of Object.entries(patch ?? {})) {
    const parts = k.split('.');
    let node = s as JsonObject;
    for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as JsonObject;
    node[parts[parts.length - 1] ?? ''] = v;
  }
  return s;
};

describe('the lifecycle commands (SUB-01..SUB-30)', () => {
  it('moduleUpdate: modified-create, then update; completeModule polls; memberFoundRedirect continues on 50015', async () => {
    const session = new SessionStore(new MemoryStorage(), { log: vi.fn() });
    let state: AppState = { session: { productId: 'join-now' }, ...person('Member'), ...at(2) };
    const first = await runCommand(commandRegistry, context('moduleUpdate', state, {}, session));
    expect(first.kind === 'result' && first.result.outcome).toBe('success');
    state = apply(state, first.kind === 'result' ? first.result.patch : undefined);
    expect(state.individuals).toMatchObject({ lastStatus: 'modified-create' });
    const second = await runCommand(commandRegistry, context('moduleUpdate', { ...state, ...at(3) }, {}, session));
    state = apply(state, second.kind === 'result' ? second.result.patch : undefined);
    expect(state.individuals).toMatchObject({ lastStatus: 'update' });
    const done = await runCommand(commandRegistry, context('completeModule', { ...state, ...at(3) }, { status: 'complete' }, session));
    expect(done.kind === 'result' && done.result).toMatchObject({ outcome: 'done', status: 200, codes: ['50015'] });
    state = apply(state, done.kind === 'result' ? done.result.patch : undefined);
    expect(state.error).toBeUndefined();
    expect(requests.filter((r) => r.method !== 'GET').map((r) => r.body?.status)).toEqual(['modified-create', 'update', 'complete']);
    const found = await runCommand(commandRegistry, context('memberFoundRedirect', state, {}, session));
    expect(found.kind === 'result' && found.result.outcome).toBe('continue');
    expect(session.getString('jwtKey')).toMatch(/^mf-/);
  });

  it('completeModule without a customer id sends nothing (SUB-10: it used to POST a create)', async () => {
    const out = await runCommand(commandRegistry, context('completeModule', { session: { productId: 'join-now' }, ...person('Doe'), ...at(3) }, { status: 'complete' }));
    expect(out.kind === 'result' && out.result).toEqual({ outcome: 'done' });
    expect(requests).toEqual([]);
  });

  it('nothing is sent after abandon (SUB-10)', async () => {
    const out = await runCommand(commandRegistry, context('moduleUpdate', { ...person('Doe'), ...at(3), individuals: { guid: 'g', lastStatus: 'abandon' } }));
    expect(out.kind === 'result' && out.result.outcome).toBe('success');
    expect(requests).toEqual([]);
  });

  it('payloadSubmit: 50017 and an unnamed code are errors with the reason, the code logged with its meaning (SUB-18, ERR-43)', async () => {
    // The sandbox's Blocked and Fraud answer the first send that carries the SSN.
    const withSsn = (last: string): AppState => ({ eligibility: { self: { personalInfo: { firstName: 'Pat', lastName: last, dob: '1980-01-01', ssn: '123456789' } } } });
    const blocked = context('payloadSubmit', { ...withSsn('Blocked'), ...at(2) });
    const out = await runCommand(commandRegistry, blocked);
    expect(out.kind === 'result' && out.result).toMatchObject({ outcome: 'error', patch: { 'error.hasError': true, 'error.reason': 'PAYLOAD_ERROR|STATUS_200|50017' } });
    const fraud = context('payloadSubmit', { ...withSsn('Fraud'), ...at(2) });
    const out2 = await runCommand(commandRegistry, fraud);
    expect(out2.kind === 'result' && out2.result.patch?.['error.reason']).toBe('PAYLOAD_ERROR|STATUS_200|70000');
    expect(fraud.log).toHaveBeenCalledWith('info', 'service codes', { command: 'payloadSubmit', codes: '70000 (bot detected)' });
  });

  it('a 500 carries 999999 into the reason (ERR-42)', async () => {
    const out = await runCommand(commandRegistry, context('moduleUpdate', { ...person('Failure'), ...at(2) }));
    expect(out.kind === 'result' && out.result.patch?.['error.reason']).toBe('PAYLOAD_ERROR|STATUS_500|999999');
  });

  it('after the exit (the abandon status) no command runs: the exit itself sends abandon, nothing follows it (SUB-03, SUB-10, EXIT-05)', async () => {
    const session = new SessionStore(new MemoryStorage(), { log: vi.fn() });
    const created = await runCommand(commandRegistry, context('moduleUpdate', { ...person('Doe'), ...at(2) }, {}, session));
    const guid = created.kind === 'result' ? String(created.result.patch?.['individuals.guid']) : '';
    const after = await runCommand(commandRegistry, context('moduleUpdate', { ...person('Doe'), ...at(3), individuals: { guid, lastStatus: 'modified-create' }, app: { abandonStatus: true } }, {}, session));
    expect(after).toEqual({ kind: 'left', url: '' });
    expect(requests.map((r) => r.body?.status)).toEqual(['modified-create']);
  });

  it('callDetour sends detour with the held token, then clears it (SUB-30)', async () => {
    const session = new SessionStore(new MemoryStorage(), { log: vi.fn() });
    const created = await runCommand(commandRegistry, context('moduleUpdate', { ...person('Doe'), ...at(2) }, {}, session));
    const guid = created.kind === 'result' ? String(created.result.patch?.['individuals.guid']) : '';
    const token = session.getString('jwtKey');
    const out = await runCommand(commandRegistry, context('callDetour', { ...person('Doe'), flow: { position: -1, module: 'system', step: 'detour', variant: 'self' }, individuals: { guid, lastStatus: 'modified-create' }, error: { hasError: true, reason: 'X' } }, {}, session));
    expect(out.kind === 'result' && out.result.outcome).toBe('done');
    expect(requests[1]).toMatchObject({ method: 'PUT', headers: { jwtkey: token } });
    expect(requests[1]?.body?.status).toBe('detour');
    expect(session.getString('jwtKey')).toBeUndefined();
  });
});
