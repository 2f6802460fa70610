/**
 * Sponsors (issue 10): the request envelope field by field against doc 2 §3 "Sponsor request"
 * (SPON-13..SPON-21, SPON-30), the configurable member-number permutation (SPON-16/SPON-17), and
 * every outcome and error encoding of the sponsor commands (SPON-03..SPON-12, SPON-31/32, doc 1
 * §8) against msw/node playing the sandbox's sponsor personas.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setupServer } from 'msw/node';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { flowFromPack } from '../../src/app/documents';
import { ConfigError, parseConfig } from '../../src/app/config';
import { SessionStore } from '../../src/app/storage';
import { commandRegistry, createServices, runCommand, type CommandContext } from '../../src/services/commands';
import { rearrangeMemberNumber, sponsorEnvelope, type SponsorRequestInput } from '../../src/engine/sponsor-request';
import { createSandboxHandlers, sponsorPersona } from '../../src/sandbox/handlers';
import type { AppState, JsonObject } from '../../src/engine/state';
import { SESSION_NAMESPACE } from '../../src/app/storage';
import { getPath } from '../../src/engine/state';
import { bootWith, MemoryStorage, ORIGIN, ROOT, projectPack } from './helpers';

const ORDER = [4, 0, 7, 2, 8, 5, 1, 6, 3];

describe('the member number (SPON-16, SPON-17)', () => {
  it('is rearranged by the one configured permutation: digit i is digit order[i]', () => {
    expect(rearrangeMemberNumber('012345678', ORDER)).toBe('407285163');
    expect(rearrangeMemberNumber('012345678', [0, 1, 2, 3, 4, 5, 6, 7, 8])).toBe('012345678');
    expect(rearrangeMemberNumber('012-345-678', ORDER)).toBe('407285163');
  });
  it('is not sent when it is not nine digits', () => {
    expect(rearrangeMemberNumber('12345678', ORDER)).toBeUndefined();
    expect(rearrangeMemberNumber('1234567890', ORDER)).toBeUndefined();
  });
  it("public/config.json's order is a permutation and parseConfig keeps it", () => {
    const raw = JSON.parse(readFileSync(path.join(ROOT, 'public/config.json'), 'utf8')) as Record<string, unknown>;
    const config = parseConfig(raw);
    expect(config.sponsorRequest.memberNumberOrder).toEqual((raw.sponsorRequest as { memberNumberOrder: number[] }).memberNumberOrder);
    expect([...config.sponsorRequest.memberNumberOrder].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });
  it('config: defaults (the brand id upper-cased, the identity order) and refusals', () => {
    const base = { environment: 'development', apiBaseUrl: '/api/', contentBaseUrl: '/content/' };
    expect(parseConfig({ ...base, brand: 'acme' }).sponsorRequest).toEqual({ brand: 'ACME', memberNumberOrder: [0, 1, 2, 3, 4, 5, 6, 7, 8] });
    expect(() => parseConfig({ ...base, sponsorRequest: { memberNumberOrder: [0, 1, 2, 3, 4, 5, 6, 7, 7] } })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, sponsorRequest: { memberNumberOrder: [0, 1, 2] } })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, sponsorRequest: { brand: 'Two words' } })).toThrow(/letters and digits/);
  });
});

describe('the sponsor request envelope (doc 2 §3, SPON-13..SPON-21)', () => {
  const input = (over: Partial<SponsorRequestInput> = {}): SponsorRequestInput => ({
    status: 'search',
    productId: 'join-now',
    inquirerCustId: 'guid-1',
    person: { firstName: ' Luis ', lastName: 'Reyes', dob: '02/11/1960', memberNumber: '012345678', phoneNumber: '(512) 555-0199', countryCode: 'USA', emailAddress: 'luis@example.com', zipCode: '78701', ssnLast4: '4321', consentAcquired: true, countryOfCitizenship: '99' },
    relationshipType: 'P',
    brand: 'MUSTER',
    memberNumberOrder: ORDER,
    ctznLocCd: '99',
    applicantSsn: '078-05-1120',
    ...over,
  });

  it('search: the envelope of SPON-13 and every field of SPON-14, as the service spells it', () => {
    expect(sponsorEnvelope(input())).toEqual({
      channelType: 'DIGITAL_MODEL',
      inquirerCustId: 'guid-1',
      productId: 'join-now',
      status: 'search',
      sponsor: {
        sponsorFirstNm: 'Luis',
        sponsorLastNm: 'Reyes',
        sponsorBirthDate: '1960-02-11', // SPON-15
        sponsorRelationshipType: 'P', // SPON-21
        sponsorMUSTERPartyTdId: '407285163', // SPON-16
        sponsorMUSTERPartyIdTypeCd: 'MUSTER', // SPON-18
        sponsorSocialLast4: '4321', // SPON-19
        sponsorEmail: 'luis@example.com',
        sponsorPostalCode: '78701',
        sponsorPhone: '5125550199', // SPON-20
        sponsorCountryOfCitizenship: '99',
      },
      'sponsor-potential-customer': { basicInfo: { ctznLocCd: '99' }, taxIdentification: { socialSecurityNr: '078051120' } },
    });
  });

  it('SPON-19: four digits are the last 4, nine the full number; SPON-29: the status tells a create from a search', () => {
    const full = sponsorEnvelope(input({ status: 'create', person: { firstName: 'Jo', lastName: 'Lee', ssn: '123-45-6789' }, sponsorCustId: 'S1' }));
    expect(full.status).toBe('create');
    expect(full.sponsor).toEqual({ sponsorFirstNm: 'Jo', sponsorLastNm: 'Lee', sponsorRelationshipType: 'P', sponsorCustId: 'S1', sponsorMUSTERPartyIdTypeCd: 'MUSTER', sponsorSocialSecurityNr: '123456789' });
  });

  it('the party-id type is the brand for a parent, stepparent, legal guardian or spouse only (SPON-18); empty blocks are left out', () => {
    for (const code of ['P', 'B', 'G', 'S']) expect((sponsorEnvelope(input({ relationshipType: code })).sponsor as JsonObject).sponsorMUSTERPartyIdTypeCd).toBe('MUSTER');
    const other = sponsorEnvelope(input({ relationshipType: undefined, inquirerCustId: undefined, ctznLocCd: undefined, applicantSsn: undefined }));
    expect((other.sponsor as JsonObject).sponsorMUSTERPartyIdTypeCd).toBeUndefined();
    expect(other).not.toHaveProperty('inquirerCustId');
    expect(other).not.toHaveProperty('sponsor-potential-customer');
  });

  it('update (SPON-30): status updateSponsor, the sponsor reduced to relationship, custId, party id and type; the SSN only when the documents say (quote flows)', () => {
    const update = sponsorEnvelope(input({ status: 'updateSponsor', sponsorCustId: 'S9' }));
    expect(update).toEqual({
      channelType: 'DIGITAL_MODEL',
      inquirerCustId: 'guid-1',
      productId: 'join-now',
      status: 'updateSponsor',
      sponsor: { sponsorRelationshipType: 'P', sponsorCustId: 'S9', sponsorMUSTERPartyTdId: '407285163', sponsorMUSTERPartyIdTypeCd: 'MUSTER' },
      'sponsor-potential-customer': { basicInfo: { ctznLocCd: '99' } },
    });
    const quote = sponsorEnvelope(input({ status: 'updateSponsor', sponsorCustId: 'S9', updateSendsSsn: true }));
    expect(quote['sponsor-potential-customer']).toEqual({ basicInfo: { ctznLocCd: '99' }, taxIdentification: { socialSecurityNr: '078051120' } });
  });
});

describe('the sandbox personas', () => {
  it('a hyphenated last name plays one persona per call', () => {
    expect(sponsorPersona('Notfound-Created-Mismatch', 'search')).toBe('Notfound');
    expect(sponsorPersona('Notfound-Created-Mismatch', 'create')).toBe('Created');
    expect(sponsorPersona('Notfound-Created-Mismatch', 'update')).toBe('Mismatch');
    expect(sponsorPersona('Codes', 'update')).toBe('Codes');
  });
});

// ---------------------------------------------------------------------------------------
// The commands against the sandbox (msw/node)

interface Sent {
  method: string;
  url: string;
  body: JsonObject;
  headers: Record<string, string>;
}
const sent: Sent[] = [];
const recorder = http.all(`${ORIGIN}/api/*`, async ({ request }) => {
  let body: JsonObject = {};
  try {
    body = (await request.clone().json()) as JsonObject;
  } catch {
    /* no body */
  }
  sent.push({ method: request.method, url: new URL(request.url).pathname, body, headers: Object.fromEntries(request.headers.entries()) });
  return undefined;
});
const server = setupServer(recorder, ...createSandboxHandlers({ apiBaseUrl: '/api/', contentBaseUrl: '/content/', loggingUrl: '/log', origin: ORIGIN, latencyMs: 0 }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

const { flow } = flowFromPack(projectPack('join-now'));
const config = parseConfig({ environment: 'development', apiBaseUrl: `${ORIGIN}/api/`, contentBaseUrl: `${ORIGIN}/content/`, sponsorRequest: { brand: 'MUSTER', memberNumberOrder: ORDER } });

function context(command: string, state: AppState, args: JsonObject, storage = new MemoryStorage()): CommandContext {
  return {
    command,
    args,
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

// The arguments the sponsor-search module's steps give (flows/modules/sponsor-search.json).
const SEARCH = { relationshipType: { rule: 'sponsor.relationshipType' }, ctznLocCd: { rule: 'sponsor.inquirerCitizenship' } };
const CREATE = { ...SEARCH, mode: 'create' };
const UPDATE = { ...SEARCH, mode: 'update', sendSsn: { rule: 'sponsor.updateSendsSsn' }, inFlow: true };

function applicant(variant: 'spouse' | 'parent', lastName: string, extra: JsonObject = {}): AppState {
  return {
    triage: { variant, ...(variant === 'parent' ? { parentRelationship: 'parent' } : { spouseMembership: 'yes' }) },
    eligibility: { self: { personalInfo: { firstName: 'Dana', lastName: 'Whitfield', ssn: '219099999', countryOfCitizenship: '99' } }, [variant]: { personalInfo: { firstName: 'Sam', lastName, dob: '1988-02-11', memberNumber: '012345678', consentAcquired: true } } },
    ...extra,
  };
}

async function run(command: string, state: AppState, args: JsonObject, storage?: MemoryStorage) {
  const out = await runCommand(commandRegistry, context(command, state, args, storage));
  if (out.kind !== 'result') throw new Error(`expected a result, got ${JSON.stringify(out)}`);
  return out.result;
}

describe('sponsorSearch (SPON-03..SPON-10, doc 1 §8)', () => {
  it('found and eligible: the sponsor is stored (SPON-04); the request is the envelope of SPON-13', async () => {
    const r = await run('sponsorSearch', applicant('parent', 'Reyes'), SEARCH);
    expect(r).toMatchObject({ outcome: 'found', status: 200, patch: { 'sponsor.isEligible': true, 'sponsor.sponsorExists': true, 'sponsor.sponsorData': { sponsorPartyIdTypeCd: 'MUSTER', sponsorRelationshipType: 'P' } } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/member-eligibility/sponsors' });
    expect(sent[0]?.body).toMatchObject({ channelType: 'DIGITAL_MODEL', productId: 'join-now', status: 'search', sponsor: { sponsorLastNm: 'Reyes', sponsorMUSTERPartyTdId: '407285163', sponsorBirthDate: '1988-02-11', sponsorRelationshipType: 'P' }, 'sponsor-potential-customer': { basicInfo: { ctznLocCd: '99' }, taxIdentification: { socialSecurityNr: '219099999' } } });
  });

  it('404: a spouse is not found (SPON-08); a parent goes on with the error text encoded (SPON-09)', async () => {
    expect(await run('sponsorSearch', applicant('spouse', 'Notfound'), SEARCH)).toMatchObject({ outcome: 'notFound', status: 404, patch: { 'sponsor.sponsorExists': false, 'sponsor.codes': [] } });
    expect(await run('sponsorSearch', applicant('parent', 'Notfound'), SEARCH)).toMatchObject({ outcome: 'notFound', patch: { 'sponsor.codes': ['SPONSOR_SEARCH_ERROR|404|sponsor not found'] } });
  });

  it('ineligible with codes, stored (SPON-07); a spouse 400 with codes too, 51028 among them', async () => {
    expect(await run('sponsorSearch', applicant('parent', 'Ineligible'), SEARCH)).toMatchObject({ outcome: 'ineligible', codes: ['50016'], patch: { 'sponsor.codes': ['50016'] } });
    expect(await run('sponsorSearch', applicant('spouse', 'Ineligible'), SEARCH)).toMatchObject({ outcome: 'ineligible', codes: ['50026'] });
    expect(await run('sponsorSearch', applicant('spouse', 'Mismatch'), SEARCH)).toMatchObject({ outcome: 'ineligible', status: 400, codes: ['51028'] });
    expect(await run('sponsorSearch', applicant('spouse', 'Codes'), SEARCH)).toMatchObject({ outcome: 'ineligible', status: 400, codes: ['50013'] });
  });

  it('other failures store the error and take the error route, encoded SPONSOR_SEARCH_ERROR|status|message or codes, or |NO_RESPONSE (SPON-10)', async () => {
    const reason = async (variant: 'spouse' | 'parent', last: string) => {
      const r = await run('sponsorSearch', applicant(variant, last), SEARCH);
      expect(r.outcome).toBe('error');
      expect(r.patch?.['sponsor.isError']).toBe(true);
      return r.patch?.['error.reason'];
    };
    expect(await reason('parent', 'Error')).toBe('SPONSOR_SEARCH_ERROR|500|internal error');
    expect(await reason('parent', 'Mismatch')).toBe('SPONSOR_SEARCH_ERROR|400|51028');
    expect(await reason('parent', 'Refused')).toBe('SPONSOR_SEARCH_ERROR|403|50081');
    expect(await reason('spouse', 'Offline')).toBe('SPONSOR_SEARCH_ERROR|NO_RESPONSE');
    expect(await reason('spouse', 'Malformed')).toBe('SPONSOR_SEARCH_ERROR|200|MALFORMED_BODY|not JSON');
  });
});

describe('sponsorCreate, mode create (SPON-05, SPON-11, SPON-12)', () => {
  it('created: the sponsor and the session ids are stored; a sponsor of the brand type is flagged found', async () => {
    const storage = new MemoryStorage();
    const r = await run('sponsorCreate', applicant('parent', 'Notfound', { sponsor: { sponsorExists: false } }), CREATE, storage);
    expect(r).toMatchObject({ outcome: 'created', status: 201, patch: { 'sponsor.isCreated': true, 'sponsor.sponsorExists': true, 'session.sponsorTypeCd': 'MUSTER', 'sponsor.sponsorData': { sponsorPartyIdTypeCd: 'MUSTER', sponsorRelationshipType: 'P' } } });
    const custId = (r.patch?.['sponsor.sponsorData'] as JsonObject).sponsorCustId;
    expect(typeof custId).toBe('string');
    expect(r.patch?.['sponsor.sponsorGuid']).toBe(custId);
    const session = new SessionStore(storage, { log: vi.fn() });
    expect([session.getString('sponsorGuid'), session.getString('sponsorId'), session.getString('sponsorTypeCd')]).toEqual([custId, custId, 'MUSTER']);
    expect(sent[0]?.body).toMatchObject({ status: 'create', sponsor: { sponsorLastNm: 'Notfound', sponsorFirstNm: 'Sam' } });
  });

  it('SPON-12: a 2xx with codes is a codes error; a 400 with codes is stored and goes on', async () => {
    expect((await run('sponsorCreate', applicant('parent', 'Ineligible'), CREATE)).patch).toMatchObject({ 'error.reason': 'SPONSOR_CREATE_OR_UPDATE_CODES|50016', 'sponsor.isError': true });
    expect(await run('sponsorCreate', applicant('spouse', 'Mismatch'), CREATE)).toMatchObject({ outcome: 'codes', status: 400, codes: ['51028'], patch: { 'sponsor.codes': ['51028'] } });
  });

  it('SPON-11: 500 is a no-response error; another status SPONSOR_CREATE_OR_UPDATE_ERROR|status|code; no answer NO_RESPONSE', async () => {
    const reason = async (last: string) => (await run('sponsorCreate', applicant('parent', last), CREATE)).patch?.['error.reason'];
    expect(await reason('Error')).toBe('SPONSOR_CREATE_OR_UPDATE_ERROR|NO_RESPONSE');
    expect(await reason('Refused')).toBe('SPONSOR_CREATE_OR_UPDATE_ERROR|403|50081');
    expect(await reason('Offline')).toBe('SPONSOR_CREATE_OR_UPDATE_ERROR|NO_RESPONSE');
    expect(await reason('Malformed')).toBe('SPONSOR_CREATE_OR_UPDATE_ERROR|200|MALFORMED_BODY|not JSON');
  });

  it('a step without a mode is a failure (the documents choose create or update)', async () => {
    const out = await runCommand(commandRegistry, context('sponsorCreate', applicant('parent', 'Reyes'), SEARCH));
    expect(out.kind === 'error' && out.reason).toMatch(/^COMMAND_ERROR\|sponsorCreate\|the step gives no mode/);
  });
});

describe('sponsorCreate, mode update (SPON-06, SPON-30..SPON-32)', () => {
  async function created(last: string, storage = new MemoryStorage()): Promise<AppState> {
    const r = await run('sponsorCreate', applicant('spouse', last), CREATE, storage);
    sent.length = 0;
    return { ...applicant('spouse', last), sponsor: { isCreated: true, sponsorData: r.patch?.['sponsor.sponsorData'] as JsonObject }, individuals: { guid: 'guid-7' } };
  }

  it('PUT sponsors/{sponsorCustId} with status updateSponsor, then the prospect\'s sponsor PUT enrollment/customers/{customerId}/sponsor (same sponsor object)', async () => {
    const storage = new MemoryStorage();
    const state = await created('Notfound-Created-Created', storage);
    new SessionStore(storage, { log: vi.fn() }).set({ jwtKey: 'jwt-1' });
    const custId = ((state.sponsor as JsonObject).sponsorData as JsonObject).sponsorCustId as string;
    const r = await run('sponsorCreate', state, UPDATE, storage);
    expect(r).toMatchObject({ outcome: 'created', status: 200, patch: { 'sponsor.sponsorData.spouseMismatch': false } });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([`PUT /api/member-eligibility/sponsors/${custId}`, 'PUT /api/enrollment/customers/guid-7/sponsor']);
    const update = sent[0]?.body as JsonObject;
    expect(update).toEqual({
      channelType: 'DIGITAL_MODEL',
      inquirerCustId: 'guid-7',
      productId: 'join-now',
      status: 'updateSponsor',
      sponsor: { sponsorRelationshipType: 'S', sponsorCustId: custId, sponsorMUSTERPartyTdId: '407285163', sponsorMUSTERPartyIdTypeCd: 'MUSTER' },
      'sponsor-potential-customer': { basicInfo: { ctznLocCd: '99' } },
    });
    expect(sent[1]?.body).toEqual({ sponsor: update.sponsor });
    expect(sent[1]?.headers).toMatchObject({ customerid: 'guid-7', jwtkey: 'jwt-1' });
  });

  it('a quote flow sends the SSN with the update (SPON-30, rule sponsor.updateSendsSsn on config.quoteFlow)', async () => {
    const state = await created('Notfound-Created-Created');
    await run('sponsorCreate', { ...state, config: { quoteFlow: true } }, UPDATE);
    expect(sent[0]?.body['sponsor-potential-customer']).toEqual({ basicInfo: { ctznLocCd: '99' }, taxIdentification: { socialSecurityNr: '219099999' } });
  });

  it('another party type returned than the one sent sets the spouse-mismatch flag (SPON-06)', async () => {
    const r = await run('sponsorCreate', await created('Notfound-Created-Mismatch'), UPDATE);
    expect(r).toMatchObject({ outcome: 'created', patch: { 'sponsor.sponsorData.spouseMismatch': true, 'sponsor.sponsorData.sponsorPartyIdTypeCd': 'MBR' } });
  });

  it('the update fails as the create does; without a prospect no in-flow call; without a sponsor id it fails closed', async () => {
    expect(await run('sponsorCreate', await created('Notfound-Created-Codes'), UPDATE)).toMatchObject({ outcome: 'codes', codes: ['50013'] });
    expect((await run('sponsorCreate', await created('Notfound-Created-Error'), UPDATE)).patch?.['error.reason']).toBe('SPONSOR_CREATE_OR_UPDATE_ERROR|NO_RESPONSE');
    const state = await created('Notfound-Created-Created');
    await run('sponsorCreate', { ...state, individuals: {} }, UPDATE);
    expect(sent.map((s) => s.url)).toEqual([expect.stringMatching(/^\/api\/member-eligibility\/sponsors\//)]);
    expect((await run('sponsorCreate', applicant('spouse', 'Whitfield'), UPDATE)).patch?.['error.reason']).toBe('SPONSOR_CREATE_OR_UPDATE_ERROR|NO_SPONSOR_CUST_ID');
  });
});

describe('a resumed session (SPON-01 rule 4)', () => {
  it('keeps the sponsor type stored in session, so the sponsor\'s next save is an update', async () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_NAMESPACE, JSON.stringify({ productId: 'join-now', moduleSequenceId: 'default', modulePositionIndex: 1, potentialCustomerGuid: 'g-1', jwtKey: 'j-1', sponsorTypeCd: 'MUSTER' }));
    const booted = (await bootWith({ storage, search: '?action=resume' })).result;
    if (booted.kind !== 'ready') throw new Error(booted.kind);
    const state = booted.app.store.state;
    expect(getPath(state, 'session.sponsorTypeCd')).toBe('MUSTER');
    expect(booted.app.flow.docs.ruleEngine.evaluateRule('sponsor.actionMode', { ...state, triage: { variant: 'parent' } }, { today: '2026-11-22' })).toBe('update');
  });
});
