/**
 * Issue 13 ("Malformed answers from services go to the error route, never to an ordinary
 * outcome"): a 2xx JSON object with none of the fields a call reads (no `data` envelope, no codes,
 * no errors, nothing the call reads at the top) is MalformedAnswerError ('no data'), for every
 * call; before, an address answered so was valid, and an update, a poll or a sponsor update was
 * done. The fault suite (tests/e2e/faults.e2e.test.ts) found these; this pins them per call.
 */
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { lacksFields } from '../../src/services/http';
import { commandRegistry, createServices, runCommand } from '../../src/services/commands';
import { runAsync } from '../../src/engine/provider/io';
import { sendStatus } from '../../src/engine/provider/enrollment';
import { flowFromPack } from '../../src/app/documents';
import { parseConfig } from '../../src/app/config';
import { SessionStore } from '../../src/app/storage';
import type { AppState, JsonObject } from '../../src/engine/state';
import { MemoryStorage, projectPack } from '../app/helpers';

const API = 'http://muster.test/api/';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const lacking = () => HttpResponse.json({ unexpected: true }, { status: 200 });

const { flow } = flowFromPack(projectPack('join-now'));
const config = parseConfig({ environment: 'development', apiBaseUrl: API, contentBaseUrl: 'http://muster.test/content/', joinStartUrl: '/join/start/', sponsorRequest: { brand: 'MUSTER', memberNumberOrder: [0, 1, 2, 3, 4, 5, 6, 7, 8] } });
const services = createServices(config, { sleep: async () => {} });

/** Why an enrollment status's answer is malformed (the one runner's enrollment step). */
async function malformedSend(status: string): Promise<string | undefined> {
  const sent = await runAsync(sendStatus(status, { status }, { customerId: 'c-1', token: 'jwt' }), services);
  return sent.kind === 'failed' ? sent.failure.malformed : undefined;
}

/** The reason a command records for the answer (MALFORMED_BODY and why, on the error route). */
async function commandReason(command: string, state: AppState, args: JsonObject): Promise<unknown> {
  const out = await runCommand(commandRegistry, {
    command,
    args,
    state: { session: { productId: 'join-now' }, flow: { position: 2, module: 'basic-info', step: 'basic-info-panel', variant: 'self' }, ...state },
    flow,
    today: '2026-11-22',
    config,
    session: new SessionStore(new MemoryStorage(), { log: vi.fn() }),
    telemetry: { log: vi.fn(), track: vi.fn() },
    services,
    leave: vi.fn(),
  });
  return out.kind === 'result' ? out.result.patch?.['error.reason'] : out;
}

describe('a 2xx lacking every field read is malformed', () => {
  it('address validation (was: valid)', async () => {
    server.use(http.post(`${API}validations/address`, lacking));
    await expect(commandReason('addressValidation', { eligibility: { self: { address: { mailing: { addressType: 'D', domesticAddress: '1 Main St' } } } } }, { block: 'mailing', address: { var: 'eligibility.self.address.mailing' } })).resolves.toBe('ADDRESS_VALIDATION_ERROR|STATUS_200|MALFORMED_BODY|no data');
  });

  it('an enrollment update (was: done)', async () => {
    server.use(http.put(`${API}enrollment/customers/c-1`, lacking));
    await expect(malformedSend('update')).resolves.toBe('no data');
  });

  it("a complete's poll (was: done)", async () => {
    server.use(
      http.put(`${API}enrollment/customers/c-1`, () => HttpResponse.json({ pollingId: 'p-1' }, { status: 202 })),
      http.get(`${API}enrollment/polling/p-1`, lacking),
    );
    await expect(malformedSend('complete')).resolves.toBe('no data');
  });

  it('a sponsor update (was: updated)', async () => {
    server.use(http.put(`${API}member-eligibility/sponsors/S1`, lacking));
    await expect(commandReason('sponsorCreate', { triage: { variant: 'spouse' }, sponsor: { sponsorData: { sponsorCustId: 'S1' } } }, { mode: 'update', relationshipType: 'S' })).resolves.toBe('SPONSOR_CREATE_OR_UPDATE_ERROR|200|MALFORMED_BODY|no data');
  });

  it('the envelope, codes, errors or a field read at the top are enough', () => {
    expect(lacksFields({ data: {} })).toBeUndefined();
    expect(lacksFields({ codes: [] })).toBeUndefined();
    expect(lacksFields({ errors: [] })).toBeUndefined();
    expect(lacksFields({ customerId: 'c' }, ['customerId'])).toBeUndefined();
    expect(lacksFields({ unexpected: true }, ['customerId'])).toBe('no data');
    expect(lacksFields({ data: null })).toBe('no data');
  });
});
