/** The command registry (ROUTE-19) against the sandbox's services (msw/node): outcomes, recorded state, failures. */
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { flowFromPack } from '../../src/app/documents';
import { parseConfig } from '../../src/app/config';
import { commandRegistry, createServices, runCommand } from '../../src/services/commands';
import { createSandboxHandlers } from '../../src/sandbox/handlers';
import { createFragmentService } from '../../src/services/fragments';
import type { AppState, JsonObject } from '../../src/engine/state';
import { commandContext, MemoryStorage, ORIGIN, projectPack } from './helpers';

const server = setupServer(...createSandboxHandlers({ apiBaseUrl: '/api/', contentBaseUrl: '/content/', loggingUrl: '/log', origin: ORIGIN, latencyMs: 0, fragment: (key) => (key === 'entry' ? { heading: 'Hello' } : undefined) }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const { flow } = flowFromPack(projectPack('join-now'));
const config = parseConfig({ environment: 'development', apiBaseUrl: `${ORIGIN}/api/`, contentBaseUrl: `${ORIGIN}/content/`, joinStartUrl: '/join/start/' });

const context = (command: string, state: AppState = {}, args: JsonObject = {}, storage = new MemoryStorage()) => commandContext({ flow, config, services: createServices(config) }, command, state, args, storage);

describe('registry failures', () => {
  it('refuses a command the registry does not know', async () => {
    expect(await runCommand(commandRegistry, context('noSuchCommand'))).toEqual({ kind: 'error', reason: 'COMMAND_ERROR|noSuchCommand|not in the command registry' });
  });

  it('turns a thrown error and an undeclared outcome into failures', async () => {
    const registry = {
      // eslint-disable-next-line require-yield -- a step that fails before any request
      boom: { *run(): Generator<never, never> { throw new Error('kaput'); } },
      // eslint-disable-next-line require-yield -- a step that answers at once
      callDetour: { *run(): Generator<never, { kind: 'result'; result: { outcome: string } }> { return { kind: 'result', result: { outcome: 'surprise' } }; } },
    };
    expect(await runCommand(registry, context('boom'))).toEqual({ kind: 'error', reason: 'COMMAND_ERROR|boom|kaput' });
    const odd = await runCommand(registry, context('callDetour'));
    expect(odd.kind === 'error' && odd.reason).toMatch(/outcome "surprise" is not one of done/);
  });
});

describe('the create\'s idempotency key (issue 22)', () => {
  it('a create whose answer is lost is sent again with the same Idempotency-Key and is the same customer; an accepted create forgets the key', async () => {
    const keys: (string | null)[] = [];
    let lose = true;
    server.use(
      http.post(`${ORIGIN}/api/enrollment/customers`, async ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        if (lose) {
          lose = false;
          return HttpResponse.error(); // the answer never arrives
        }
        return undefined; // on to the sandbox's handler
      }),
    );
    const storage = new MemoryStorage();
    const first = context('moduleUpdate', {}, {}, storage);
    const failed = await runCommand(commandRegistry, first);
    expect(failed.kind === 'result' && failed.result.patch?.['error.reason']).toBe('PAYLOAD_ERROR|NO_RESPONSE');
    expect(first.session.getString('createKey')).toMatch(/^[0-9a-f-]{36}$/);
    // Try again (or Start again: boot keeps the key) sends the same create.
    const again = context('moduleUpdate', {}, {}, storage);
    const created = await runCommand(commandRegistry, again);
    expect(created.kind === 'result' && created.result.outcome).toBe('success');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(again.session.getString('createKey')).toBeUndefined();
  });

  it('the sandbox answers a create sent again with the same key with the customer it created (no second customer)', async () => {
    const send = (key: string) => fetch(`${ORIGIN}/api/enrollment/customers`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify({ status: 'create', potentialCustomer: { basicInfo: { indivLastNm: 'Doe' } } }) }).then((r) => r.json() as Promise<{ data: { customerId: string } }>);
    const a = await send('k-1');
    const b = await send('k-1');
    const c = await send('k-2');
    expect(b.data.customerId).toBe(a.data.customerId);
    expect(c.data.customerId).not.toBe(a.data.customerId);
  });
});

describe('enrollment commands', () => {
  it('moduleUpdate creates the prospect, then updates it, recording guid and token', async () => {
    const ctx = context('moduleUpdate');
    const created = await runCommand(commandRegistry, ctx);
    expect(created.kind === 'result' && created.result.outcome).toBe('success');
    const patch = created.kind === 'result' ? (created.result.patch ?? {}) : {};
    expect(patch['individuals.lastStatus']).toBe('modified-create');
    expect(ctx.session.getString('potentialCustomerGuid')).toBe(patch['individuals.guid']);
    expect(ctx.session.getString('jwtKey')).toMatch(/^jwt-/);
    const again = await runCommand(commandRegistry, { ...ctx, state: { ...ctx.state, individuals: { guid: String(patch['individuals.guid']) } } });
    expect(again.kind === 'result' && again.result.patch?.['individuals.lastStatus']).toBe('update');
  });

  it('moduleUpdate takes the lifecycle status from its argument, evaluated on the state', async () => {
    let sent: unknown;
    server.use(http.post(`${ORIGIN}/api/enrollment/customers`, async ({ request }) => ((sent = await request.json()), HttpResponse.json({ data: { customerId: 'c-1' } }, { status: 201 }))));
    await runCommand(commandRegistry, context('moduleUpdate', { triage: { militaryService: 'yes' } }, { status: { if: [{ '==': [{ var: 'triage.militaryService' }, 'yes'] }, 'create', 'redirect'] } }));
    expect(sent).toMatchObject({ status: 'create', productId: 'join-now', channelType: 'DIGITAL_MODEL' });
  });

  it('a failing service records PAYLOAD_ERROR with the status and codes', async () => {
    const out = await runCommand(commandRegistry, context('moduleUpdate', { eligibility: { self: { personalInfo: { lastName: 'Failure' } } } }));
    expect(out.kind === 'result' && out.result).toMatchObject({ outcome: 'error', patch: { 'error.hasError': true, 'error.reason': 'PAYLOAD_ERROR|STATUS_500|999999' } });
  });

  it('no answer at all records NO_RESPONSE', async () => {
    server.use(http.post(`${ORIGIN}/api/enrollment/customers`, () => HttpResponse.error()));
    const out = await runCommand(commandRegistry, context('moduleUpdate'));
    expect(out.kind === 'result' && out.result.patch?.['error.reason']).toBe('PAYLOAD_ERROR|NO_RESPONSE');
  });

  it('payloadSubmit: 201 goes next; 200 with an accepted code goes next; 50017 is an error (SUB-17..SUB-20)', async () => {
    expect((await runCommand(commandRegistry, context('payloadSubmit'))).kind === 'result').toBe(true);
    server.use(http.put(`${ORIGIN}/api/enrollment/customers/:id`, () => HttpResponse.json({ data: { codes: ['50015'] } })));
    const member = await runCommand(commandRegistry, context('payloadSubmit', { individuals: { guid: 'g' } }));
    expect(member.kind === 'result' && member.result).toMatchObject({ outcome: 'next', codes: ['50015'] });
    server.use(http.put(`${ORIGIN}/api/enrollment/customers/:id`, () => HttpResponse.json({ data: { codes: ['50017'] } })));
    const bad = await runCommand(commandRegistry, context('payloadSubmit', { individuals: { guid: 'g' } }));
    expect(bad.kind === 'result' && bad.result.outcome).toBe('error');
  });

  it('memberFoundRedirect: one 50012 is proofing, 50015 continues, anything else is an error (SUB-23)', async () => {
    const run = async (codes: string[]) => {
      const out = await runCommand(commandRegistry, context('memberFoundRedirect', { individuals: { memberFound: { isFound: true, codes } } }));
      return out.kind === 'result' ? out.result.outcome : out.kind;
    };
    expect(await run(['50012'])).toBe('proofing');
    expect(await run(['50015'])).toBe('continue');
    expect(await run(['50012', '50013'])).toBe('error');
    expect(await run([])).toBe('error');
  });

  it('callDetour sends status detour when there is a prospect, and never fails', async () => {
    const storage = new MemoryStorage();
    const ctx = context('callDetour', { individuals: { guid: 'g' }, error: { hasError: true } }, {}, storage);
    ctx.session.set({ jwtKey: 'j' });
    let status: unknown;
    server.use(http.put(`${ORIGIN}/api/enrollment/customers/:id`, async ({ request }) => ((status = ((await request.json()) as { status: string }).status), HttpResponse.json({}, { status: 503 }))));
    const out = await runCommand(commandRegistry, ctx);
    expect(status).toBe('detour');
    expect(out.kind === 'result' && out.result.outcome).toBe('done');
    expect((await runCommand(commandRegistry, context('callDetour'))).kind).toBe('result');
  });
});

// The sponsor commands (SPON-*) are tested in tests/app/sponsors.test.ts.

describe('leaving the app', () => {
  it('ctaRedirect clears the session and goes to /join/start/?productId=&queryId= (EXIT-10)', async () => {
    const storage = new MemoryStorage();
    // The documents' rule (exit.ctaQueryId, EXIT-10), as the ctaRedirect step passes it.
    const exit10 = { queryId: { rule: 'exit.ctaQueryId' } };
    const ctx = context('ctaRedirect', { triage: { variant: 'parent' } }, exit10, storage);
    ctx.session.set({ productId: 'join-now', jwtKey: 'j' });
    expect(await runCommand(commandRegistry, ctx)).toEqual({ kind: 'left', url: '/join/start/?productId=join-now&queryId=parent' });
    expect(ctx.leave).toHaveBeenCalledWith('/join/start/?productId=join-now&queryId=parent');
    expect(storage.length).toBe(0);
    const logic = { if: [{ '==': [{ var: 'triage.militaryService' }, 'enlisting'] }, 'redirect', 'other'] };
    expect(await runCommand(commandRegistry, context('ctaRedirect', { triage: { militaryService: 'enlisting' } }, { queryId: logic }))).toMatchObject({ url: '/join/start/?productId=join-now&queryId=redirect' });
    expect(await runCommand(commandRegistry, context('ctaRedirect', {}, exit10))).toMatchObject({ url: '/join/start/?productId=join-now&queryId=other' });
    expect(await runCommand(commandRegistry, context('ctaRedirect', { triage: { variant: 'self', militaryService: 'enlisting' } }, exit10))).toMatchObject({ url: '/join/start/?productId=join-now&queryId=redirect' });
    expect(await runCommand(commandRegistry, context('ctaRedirect', { triage: { variant: 'spouse', militaryService: 'no' } }, exit10))).toMatchObject({ url: '/join/start/?productId=join-now&queryId=spouse' });
    expect(await runCommand(commandRegistry, context('ctaRedirect', { triage: { variant: 'self', militaryService: 'no' } }, exit10))).toMatchObject({ url: '/join/start/?productId=join-now&queryId=other' });
    expect(await runCommand(commandRegistry, context('ctaRedirect', { session: { productId: 'bank-cd' }, triage: { variant: 'self', militaryService: 'enlisting' } }, exit10))).toMatchObject({ url: '/join/start/?productId=bank-cd&queryId=other' });
    // No product knowledge in the code: a step without a queryId fails closed to the error route.
    const missing = context('ctaRedirect', { triage: { variant: 'parent' } });
    expect(await runCommand(commandRegistry, missing)).toMatchObject({ kind: 'error', reason: expect.stringMatching(/^COMMAND_ERROR\|ctaRedirect\|/) });
    expect(missing.leave).not.toHaveBeenCalled();
  });

  it("leaveApp keeps the hand-over values in session and goes to the product's destination (EXIT-09)", async () => {
    const storage = new MemoryStorage();
    const ctx = context('leaveApp', { triage: { variant: 'spouse' }, session: { productId: 'join-now', promotionCd: 'SPRING', utmSource: 'mail' } }, {}, storage);
    expect(await runCommand(commandRegistry, ctx)).toEqual({ kind: 'left', url: '/my/member-home', resumable: true });
    expect(ctx.session.read()).toMatchObject({ variant: 'spouse', promotionCd: 'SPRING', utmSource: 'mail', consent: 'REVOKED', spouseSponsor: 'true', spouseMismatch: 'false' });
  });

  it('leaveApp keeps the consent the applicant gave on the review, as the prospect carries it (EXIT-09, PAY-06; issues 19, 20)', async () => {
    const ctx = context('leaveApp', { triage: { variant: 'spouse' }, eligibility: { self: { personalInfo: { consentAcquired: true } } }, sponsor: { sponsorData: { spouseMismatch: true } } });
    await runCommand(commandRegistry, ctx);
    expect(ctx.session.read()).toMatchObject({ consent: 'AUTHORIZED', spouseSponsor: 'true', spouseMismatch: 'true' });
    // The sponsor search's box is the relative's permission to search, not the applicant's consent.
    const relativeOnly = context('leaveApp', { triage: { variant: 'spouse' }, eligibility: { spouse: { personalInfo: { consentAcquired: true } } } });
    await runCommand(commandRegistry, relativeOnly);
    expect(relativeOnly.session.read()).toMatchObject({ consent: 'REVOKED' });
  });

  it('leaveApp with a destination goes to that page of config.json `destinations`, {productId} filled; an unknown name is an error (DEST-02)', async () => {
    const named = { ...config, destinations: { proofing: '/proofing/?product={productId}', pilot: '/pilot/' } };
    const proofing = { ...context('leaveApp', {}, { destination: 'proofing' }), config: named };
    expect(await runCommand(commandRegistry, proofing)).toEqual({ kind: 'left', url: '/proofing/?product=join-now', resumable: true });
    expect(proofing.leave).toHaveBeenCalledWith('/proofing/?product=join-now');
    const pilot = { ...context('leaveApp', {}, { destination: 'pilot' }), config: named };
    expect(await runCommand(commandRegistry, pilot)).toEqual({ kind: 'left', url: '/pilot/', resumable: true });
    const unknown = context('leaveApp', {}, { destination: 'pilot' });
    expect(await runCommand(commandRegistry, unknown)).toEqual({ kind: 'error', reason: 'LEAVE_APP_ERROR|NO_DESTINATION|pilot' });
    expect(unknown.leave).not.toHaveBeenCalled();
    expect(() => parseConfig({ environment: 'production', apiBaseUrl: '/api/', contentBaseUrl: '/c/', destinations: { pilot: '' } })).toThrow(/destinations/);
  });

  it('no command runs once the applicant has exited (EXIT-05, SUB-10): nothing is sent, nothing moves', async () => {
    const ctx = context('completeModule', { app: { abandonStatus: true }, individuals: { guid: 'g-1', lastStatus: 'update' } });
    const requests: string[] = [];
    const listen = ({ request }: { request: Request }): void => void requests.push(request.url);
    server.events.on('request:start', listen);
    expect(await runCommand(commandRegistry, ctx)).toEqual({ kind: 'left', url: '' });
    server.events.removeListener('request:start', listen);
    expect(requests).toEqual([]);
    expect(ctx.leave).not.toHaveBeenCalled();
  });
});

describe('content fragments (CONT-08..CONT-11)', () => {
  it("reads the answer's data, names the key in failures, and refuses an invalid key", async () => {
    const log = vi.fn();
    const fetchFragment = createFragmentService(`${ORIGIN}/content/`, { log });
    expect(await fetchFragment('entry', { authenticated: false })).toEqual({ heading: 'Hello' });
    await expect(fetchFragment('failing', { authenticated: false })).rejects.toThrow('Error requesting non-authenticated WCM object for key: failing - 500');
    await expect(fetchFragment(undefined, { authenticated: true })).rejects.toThrow('invalid WCM key name');
    expect(log).toHaveBeenCalledWith('error', expect.stringContaining('failing'), { key: 'failing' });
  });

  it('retries a timed-out request once, with a warning, then names the timeout (CONT-09)', async () => {
    const log = vi.fn();
    const calls: { url: string; method: string | undefined; body: unknown }[] = [];
    let hangs = 1;
    const fetchStub = (url: string, init: RequestInit): Promise<Response> => {
      calls.push({ url, method: init.method, body: init.body });
      if (hangs-- > 0) return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      return Promise.resolve(Response.json({ data: { heading: 'Later' } }));
    };
    const fetchFragment = createFragmentService('https://content.example/base/', { log }, { fetch: fetchStub as typeof fetch, timeoutMs: 20 });
    expect(await fetchFragment('entry', { authenticated: true, replacementMap: { name: 'x' } })).toEqual({ heading: 'Later' });
    expect(calls).toEqual([
      { url: 'https://content.example/base/objects/entry', method: 'POST', body: '{"replacementMap":{"name":"x"}}' },
      { url: 'https://content.example/base/objects/entry', method: 'POST', body: '{"replacementMap":{"name":"x"}}' },
    ]);
    expect(log).toHaveBeenCalledWith('warn', 'content request timed out: retrying once', { key: 'entry' });

    hangs = 2;
    await expect(fetchFragment('entry', { authenticated: false })).rejects.toThrow('Error requesting non-authenticated WCM object for key: entry - ECONNABORTED');
    expect(calls.at(-1)?.url).toBe('https://content.example/base/public/objects/entry');
  });
});
