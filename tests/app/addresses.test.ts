/**
 * Addresses (issue 9; doc 2 §3 'Address form fields', §5 'Address rules', §7): the address
 * service against the sandbox (msw/node), the addressValidation command's outcomes and the
 * state it records (ADDR-22..ADDR-26), and the self-address module's walk: sameAddress copies
 * (ADDR-06), the swap (ADDR-07/ADDR-08), a suggestion taken or kept (ADDR-18), a P.O. Box
 * suggestion dropped for the physical address (ADDR-21), a failure on the error route (ADDR-23).
 */
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { flowFromPack } from '../../src/app/documents';
import { parseConfig } from '../../src/app/config';
import { SessionStore } from '../../src/app/storage';
import { commandRegistry, createServices, runCommand, type CommandContext } from '../../src/services/commands';
import { addressAnswerOf, addressText, blockFromProvider, providerAddress, type AddressAnswer } from '../../src/engine/address-answers';
import { ADDRESS_APP_ID } from '../../src/engine/provider/commands';
import { createTransport } from '../../src/services/transport';

/** The address check's request (ADDR-22) as the one runner makes it, over the browser's transport. */
function createAddressService(api: string) {
  const transport = createTransport(api);
  return {
    async validate(claim: JsonObject, headers: { customerId?: string; claim?: string }): Promise<AddressAnswer> {
      const a = (await transport.perform({ kind: 'request', request: { service: 'addresses', method: 'POST', path: 'validations/address', body: claim, headers: { appId: ADDRESS_APP_ID, ...(headers.customerId ? { customerId: headers.customerId } : {}), ...(headers.claim ? { 'ent-eligibility-claim': headers.claim } : {}) } } })) as { kind: string; status: number; body: unknown };
      return addressAnswerOf(a.status, a.body);
    },
  };
}
import { createSandboxHandlers } from '../../src/sandbox/handlers';
import { current, startFlow, submitAnswer } from '../../src/engine/flow';
import { completeCommand } from '../../src/engine/flow-moves';
import { getPath, type AppState, type JsonObject } from '../../src/engine/state';
import { checkForm, normalizeFormData } from '../../src/engine/form-check';
import type { FormPanel, ModuleGraph } from '../../src/engine/formats.generated';
import { loadProject } from '../../tools/lib/project';
import { MemoryStorage, ORIGIN, projectPack } from './helpers';

const server = setupServer(...createSandboxHandlers({ apiBaseUrl: '/api/', contentBaseUrl: '/content/', loggingUrl: '/log', origin: ORIGIN, latencyMs: 0 }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** join-now with the self-address module after basic-info (the lead wires the product; this test only needs the module in a flow). */
const pack = projectPack('join-now', (files) =>
  files.map((f) => {
    if (f.path !== 'flows/products/join-now.json') return f;
    const product = JSON.parse(f.text) as { modules: string[] };
    if (!product.modules.includes('self-address')) product.modules.splice(product.modules.indexOf('basic-info') + 1, 0, 'self-address');
    return { ...f, text: JSON.stringify(product) };
  }),
);
const { flow, docs } = flowFromPack(pack);
const moduleDoc = docs.modules.get('self-address')?.value as ModuleGraph;
const config = parseConfig({ environment: 'development', apiBaseUrl: `${ORIGIN}/api/`, contentBaseUrl: `${ORIGIN}/content/`, joinStartUrl: '/join/start/' });
const ctx = { today: '2026-11-22' };

const street = { addressType: 'D', domesticAddress: '12 Main St', addressLine1: 'Apt 4', domesticCity: 'Austin', domesticState: 'Texas', domesticZipCode: '78701' };
const suggest = { ...street, domesticAddress: '12 Suggest Street' };
const mismatch = { ...street, domesticAddress: '12 Mismatch Rd' };
const boxed = { ...street, domesticAddress: '40 Boxed Way' };
const pobox = { addressType: 'D', domesticAddress: 'PO Box 123', domesticCity: 'Austin', domesticState: 'Texas', domesticZipCode: '78701' };
const apo = { addressType: 'O', apoAddress: 'PSC 3 Box 1234', apoZipCode: '09012', apoZipSupplement: '0001' };

function context(step: string, state: AppState, storage = new MemoryStorage()): CommandContext {
  const s = moduleDoc.steps[step];
  return {
    command: s?.command ?? '',
    args: (s?.args ?? {}) as JsonObject,
    state: { session: { productId: 'join-now' }, ...state },
    flow,
    today: '2026-11-22',
    config,
    session: new SessionStore(storage, { log: vi.fn() }),
    telemetry: { log: vi.fn(), track: vi.fn() },
    services: createServices(config),
    leave: vi.fn(),
  };
}
const withAddress = (address: JsonObject): AppState => ({ eligibility: { self: { address } } });

describe('the address fields and the claim (ADDR-03, ADDR-05)', () => {
  it('sends only the fields of the block type, with USA for domestic and APO addresses', () => {
    expect(providerAddress({ ...street, apoAddress: 'left over' })).toEqual({ addrTypeCd: 'D', addrLineTxt: '12 Main St', addrLineTxt1: 'Apt 4', cityNm: 'Austin', stateCd: 'Texas', zipCd: '78701', countryCd: 'USA' });
    expect(providerAddress(apo, 'physical')).toEqual({ physicalAddrTypeCd: 'O', physicalAddrLineTxt: 'PSC 3 Box 1234', physicalZipCd: '09012', physicalZipSupplCd: '0001', physicalCountryCd: 'USA' });
    const intl = { addressType: 'I', internationalCountry: 'GBR', internationalAddress: '10 Downing St', internationalCity: 'London', internationalPostalCode: 'SW1A 2AA', internationalProvince: 'England' };
    expect(providerAddress(intl, 'mailing')).toEqual({ mailingAddrTypeCd: 'I', mailingAddrLineTxt: '10 Downing St', mailingCityNm: 'London', mailingStateCd: 'England', mailingForeignZipCd: 'SW1A 2AA', mailingCountryCd: 'GBR' });
    expect(addressText(intl)).toBe('10 Downing St, London, England SW1A 2AA, GBR');
    expect(addressText(apo)).toBe('PSC 3 Box 1234, 09012-0001');
    expect(addressText(street)).toBe('12 Main St, Apt 4, Austin, Texas 78701');
  });

  it('reads a standardised address back into a block of the typed type', () => {
    expect(blockFromProvider({ addrLineTxt: '12 MAIN ST', cityNm: 'AUSTIN', zipCd: '78701' }, street)).toEqual({ ...street, domesticAddress: '12 MAIN ST', domesticCity: 'AUSTIN' });
    expect(blockFromProvider({ addrLineTxt: 'PSC 3 BOX 1234', zipSupplCd: '1234' }, apo)).toEqual({ ...apo, apoAddress: 'PSC 3 BOX 1234', apoZipSupplement: '1234' });
    expect(blockFromProvider({ cityNm: 'AUSTIN' }, street)).toBeUndefined();
  });
});

describe('the address service (ADDR-22, ADDR-23)', () => {
  const service = createAddressService(`${ORIGIN}/api/`);

  it('posts validations/address with customerId, appId and ent-eligibility-claim', async () => {
    let seen: { headers: Headers; body: unknown } | undefined;
    server.use(http.post(`${ORIGIN}/api/validations/address`, async ({ request }) => ((seen = { headers: request.headers, body: await request.json() }), HttpResponse.json({ data: { codes: [] } }))));
    expect(await service.validate(providerAddress(street), { customerId: 'c-1', claim: 'jwt-1' })).toEqual({ status: 200, codes: [] });
    expect(seen?.headers.get('appId')).toBe('ent-eligibility-modular');
    expect(seen?.headers.get('customerId')).toBe('c-1');
    expect(seen?.headers.get('ent-eligibility-claim')).toBe('jwt-1');
    expect(seen?.body).toMatchObject({ addrTypeCd: 'D', addrLineTxt: '12 Main St', countryCd: 'USA' });
  });

  it('answers by persona: valid, ZIP mismatch, suggestion, 195xx without address, failure', async () => {
    expect(await service.validate(providerAddress(street), {})).toEqual({ status: 200, codes: [] });
    expect(await service.validate(providerAddress(mismatch), {})).toEqual({ status: 400, codes: ['17615'] });
    const s = await service.validate(providerAddress(suggest), {});
    expect(s).toMatchObject({ status: 400, codes: ['19501'], standardized: { addrLineTxt: '12 SUGGEST ST', cityNm: 'AUSTIN', zipSupplCd: '1234' } });
    expect(await service.validate(providerAddress({ ...street, domesticAddress: '1 Unmatched Rd' }), {})).toEqual({ status: 400, codes: ['19502'] });
    expect((await service.validate(providerAddress({ ...street, domesticAddress: '1 Failure Rd' }), {})).status).toBe(500);
  });
});

describe('command addressValidation (ADDR-22..ADDR-26)', () => {
  const run = async (step: string, state: AppState) => {
    const out = await runCommand(commandRegistry, context(step, state));
    if (out.kind !== 'result') throw new Error(`expected a result, got ${JSON.stringify(out)}`);
    return out.result;
  };

  it('valid: records the validation and goes on', async () => {
    const r = await run('mailing-address-check', withAddress({ mailing: street }));
    expect(r).toMatchObject({ outcome: 'valid', status: 200, patch: { 'eligibility.self.address.validation': { block: 'mailing', outcome: 'valid', codes: [], entered: '12 Main St, Apt 4, Austin, Texas 78701' } } });
  });

  it('a 400 with 19501 and a standardised address is a suggestion, not an error', async () => {
    const r = await run('mailing-address-check', withAddress({ mailing: suggest }));
    expect(r.outcome).toBe('suggestion');
    expect(r.patch?.['eligibility.self.address.validation']).toMatchObject({ codes: ['19501'], suggested: '12 SUGGEST ST, APT 4, AUSTIN, TEXAS 78701-1234', suggestion: { addressType: 'D', domesticAddress: '12 SUGGEST ST', domesticCity: 'AUSTIN' } });
    expect(r.patch?.['error.hasError']).toBeUndefined();
  });

  it('17615 (ZIP mismatch) and 195xx without an address are mismatches (ADDR-26)', async () => {
    expect((await run('mailing-address-check', withAddress({ mailing: mismatch }))).outcome).toBe('mismatch');
    expect((await run('mailing-address-check', withAddress({ mailing: { ...street, domesticAddress: '1 Unmatched Rd' } }))).outcome).toBe('mismatch');
    server.use(http.post(`${ORIGIN}/api/validations/address`, () => HttpResponse.json({ data: { codes: ['17616'], standardizedAddress: { addrLineTxt: '12 MAIN ST' } } }, { status: 400 })));
    const r = await run('mailing-address-check', withAddress({ mailing: street }));
    expect(r.outcome).toBe('mismatch');
    expect(r.patch?.['eligibility.self.address.validation']).not.toHaveProperty('suggestion');
  });

  it('drops a P.O. Box suggestion for the physical address (ADDR-20, ADDR-21), and for a mailing address that is also the physical one', async () => {
    const physical = await run('physical-address-check', withAddress({ mailing: pobox, physical: boxed }));
    expect(physical.outcome).toBe('mismatch');
    expect(physical.patch?.['eligibility.self.address.validation']).toMatchObject({ block: 'physical', suggestionDropped: true });
    expect(physical.patch?.['eligibility.self.address.validation']).not.toHaveProperty('suggestion');
    expect((await run('mailing-address-check', withAddress({ mailing: boxed }))).outcome).toBe('suggestion');
    expect((await run('mailing-address-check', withAddress({ mailing: boxed, sameAddress: true }))).outcome).toBe('mismatch');
  });

  it('drops a suggested address line over 500 characters: no suggestion, the mismatch page, not the error route (issue 22, ADDR-18, ADDR-20)', async () => {
    const long = `12 ${'A'.repeat(600)} ST`;
    server.use(http.post(`${ORIGIN}/api/validations/address`, () => HttpResponse.json({ data: { codes: ['19501'], standardizedAddress: { addrLineTxt: long, cityNm: 'AUSTIN', zipCd: '78701' } } }, { status: 400 })));
    for (const step of ['mailing-address-check', 'physical-address-check']) {
      const r = await run(step, withAddress({ mailing: street, physical: street }));
      expect(r.outcome, step).toBe('mismatch');
      expect(r.patch?.['error.hasError'], step).toBeUndefined();
      expect(r.patch?.['eligibility.self.address.validation'], step).not.toHaveProperty('suggestion');
    }
    // A line of 500 is still a suggestion; a full-width line reads as plain text (a P.O. Box, ADDR-21).
    expect(blockFromProvider({ addrLineTxt: `1 ${'B'.repeat(495)} ST` }, street)).toBeDefined();
    server.use(http.post(`${ORIGIN}/api/validations/address`, () => HttpResponse.json({ data: { codes: ['19501'], standardizedAddress: { addrLineTxt: '\uff30\uff2f \uff22\uff2f\uff38 12', cityNm: 'AUSTIN' } } }, { status: 400 })));
    expect((await run('physical-address-check', withAddress({ mailing: pobox, physical: street }))).patch?.['eligibility.self.address.validation']).toMatchObject({ suggestionDropped: true });
  });

  it('any other failure records ADDRESS_VALIDATION_ERROR with the status, or NO_RESPONSE (ADDR-23)', async () => {
    const failed = await run('mailing-address-check', withAddress({ mailing: { ...street, domesticAddress: '1 Failure Rd' } }));
    expect(failed).toMatchObject({ outcome: 'error', patch: { 'error.hasError': true, 'error.reason': 'ADDRESS_VALIDATION_ERROR|STATUS_500' } });
    server.use(http.post(`${ORIGIN}/api/validations/address`, () => HttpResponse.json({ message: 'bad' }, { status: 400 })));
    expect((await run('mailing-address-check', withAddress({ mailing: street }))).patch?.['error.reason']).toBe('ADDRESS_VALIDATION_ERROR|STATUS_400');
    server.use(http.post(`${ORIGIN}/api/validations/address`, () => HttpResponse.error()));
    expect((await run('mailing-address-check', withAddress({ mailing: street }))).patch?.['error.reason']).toBe('ADDRESS_VALIDATION_ERROR|NO_RESPONSE');
  });

  it('a step without an address block fails closed', async () => {
    const out = await runCommand(commandRegistry, context('mailing-address-check', {}));
    expect(out).toMatchObject({ kind: 'error', reason: expect.stringMatching(/^COMMAND_ERROR\|addressValidation\|/) });
  });
});

describe('the self-address module', () => {
  const start = (): AppState => startFlow(flow, ctx, { panel: 'self-address-panel' });
  const at = (s: AppState): string => current(flow, s).step;
  /** The module is done: the flow moved past it (here join-now ends after it: sponsor-search has nobody to search). */
  const left = (s: AppState): boolean => getPath(s, 'flow.module') !== 'self-address' || getPath(s, 'flow.step') === '@end';
  const answerCommand = async (s: AppState): Promise<AppState> => {
    const c = current(flow, s);
    const out = await runCommand(commandRegistry, { ...context(c.step, s), state: s });
    if (out.kind !== 'result') throw new Error(JSON.stringify(out));
    return completeCommand(flow, s, out.result, ctx);
  };

  it('sameAddress copies the mailing block and validates it once (ADDR-06, ADDR-15)', async () => {
    let s = submitAnswer(flow, start(), { mailing: street, sameAddress: true }, ctx);
    expect(at(s)).toBe('mailing-address-check');
    expect(getPath(s, 'eligibility.self.address.physical')).toEqual(street);
    s = await answerCommand(s);
    expect(left(s)).toBe(true);
  });

  it('a P.O. Box typed as the physical address beside a street mailing address swaps the sets (ADDR-07, ADDR-08)', () => {
    const s = submitAnswer(flow, start(), { mailing: street, physical: pobox }, ctx);
    expect(getPath(s, 'eligibility.self.address.mailing')).toEqual(pobox);
    expect(getPath(s, 'eligibility.self.address.physical')).toEqual(street);
  });

  it('a suggestion taken replaces the typed block; kept, the typed block stays (ADDR-18)', async () => {
    let s = submitAnswer(flow, start(), { mailing: suggest, physical: apo }, ctx);
    s = await answerCommand(s);
    expect(at(s)).toBe('address-confirm');
    s = submitAnswer(flow, s, { choice: 'suggested' }, ctx);
    expect(at(s)).toBe('physical-address-check');
    expect(getPath(s, 'eligibility.self.address.mailing.domesticAddress')).toBe('12 SUGGEST ST');
    s = await answerCommand(s);
    expect(left(s)).toBe(true);

    let kept = submitAnswer(flow, start(), { mailing: street, physical: { ...street, domesticAddress: '9 Suggest Street' } }, ctx);
    kept = await answerCommand(kept);
    kept = await answerCommand(kept);
    expect(at(kept)).toBe('address-confirm2');
    kept = submitAnswer(flow, kept, { choice: 'entered' }, ctx);
    expect(getPath(kept, 'eligibility.self.address.physical.domesticAddress')).toBe('9 Suggest Street');
    expect(left(kept)).toBe(true);
  });

  it('a mismatch is accepted by continuing (ADDR-18); a failure takes the error route (ADDR-23)', async () => {
    let s = submitAnswer(flow, start(), { mailing: mismatch, sameAddress: true }, ctx);
    s = await answerCommand(s);
    expect(at(s)).toBe('address-mismatch');
    s = submitAnswer(flow, s, {}, ctx);
    expect(getPath(s, 'eligibility.self.address.mailing')).toEqual(mismatch);
    expect(left(s)).toBe(true);

    let f = submitAnswer(flow, start(), { mailing: { ...street, domesticAddress: '1 Failure Rd' }, sameAddress: true }, ctx);
    f = await answerCommand(f);
    expect(getPath(f, 'error.reason')).toBe('ADDRESS_VALIDATION_ERROR|STATUS_500');
    expect(getPath(f, 'flow.module')).toBe('system');
  });
});

describe('the address panels\' checks (ADDR-16, ADDR-17, ADDR-08)', () => {
  const project = loadProject(); // every panel, also njs-address-panel, which no module shows yet
  const formPanel = (id: string): FormPanel => project.panels.get(id)?.value as FormPanel;
  const errors = (id: string, data: JsonObject) => checkForm(project, formPanel(id), normalizeFormData(formPanel(id), data), {}, ctx);
  const pmb = { ...street, addressLine1: 'PMB 42' };
  const gd = { addressType: 'I', internationalCountry: 'GBR', internationalAddress: 'General Delivery', internationalCity: 'London' };

  it('refuses sameAddress for a P.O. Box, PMB or General Delivery mailing address (ADDR-17)', () => {
    for (const mailing of [pobox, pmb, gd]) expect(errors('self-address-panel', { mailing, sameAddress: true })).toEqual([{ field: 'sameAddress', message: 'address.sameAddress.poBox' }]);
    expect(errors('self-address-panel', { mailing: street, sameAddress: true })).toEqual([]);
    expect(errors('self-address-panel', { mailing: apo, sameAddress: true })).toEqual([]);
  });

  it('refuses a physical P.O. Box when the mailing block is one too, on the line that says so (ADDR-16)', () => {
    expect(errors('self-address-panel', { mailing: pobox, physical: pobox })).toEqual([{ field: 'physical.domesticAddress', message: 'validation.address.poBox' }]);
    expect(errors('self-address-panel', { mailing: pobox, physical: pmb })).toEqual([{ field: 'physical.addressLine1', message: 'validation.address.poBox' }]);
    expect(errors('self-address-panel', { mailing: pobox, physical: gd })).toEqual([{ field: 'physical.internationalAddress', message: 'validation.address.poBox' }]);
    expect(errors('self-address-panel', { mailing: pobox, physical: { addressType: 'O', apoAddress: '  PO   Box 9 ', apoZipCode: '09012' } })).toEqual([{ field: 'physical.apoAddress', message: 'validation.address.poBox' }]);
  });

  it('lets the swap take a physical P.O. Box beside a street mailing address (ADDR-08), and ignores another type\'s left-over fields', () => {
    expect(errors('self-address-panel', { mailing: street, physical: pobox })).toEqual([]);
    expect(errors('self-address-panel', { mailing: pobox, physical: { ...apo, domesticAddress: 'PO Box 1' } })).toEqual([]);
    expect(errors('self-address-panel', { mailing: pobox, physical: street })).toEqual([]);
    expect(errors('self-address-panel', { mailing: street, physical: { ...street, domesticAddress: 'Boxwood Lane 4' } })).toEqual([]);
  });

  it('njs-address-panel refuses a P.O. Box as a relative\'s physical address, not an APO box', () => {
    expect(errors('njs-address-panel', { physical: pobox })).toEqual([{ field: 'physical.domesticAddress', message: 'validation.address.poBox' }]);
    expect(errors('njs-address-panel', { physical: apo })).toEqual([]);
  });
});
