/**
 * The reference-data service (REF-01, REF-21, REF-22) against the sandbox (msw/node): every
 * list of flows/option-sources.json answers in the shape its source reads; timeouts and
 * network errors are retried twice, an error status is not; a cancelled request stops.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setupServer } from 'msw/node';
import { delay, http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceDataService, ReferenceDataError } from '../../src/services/reference-data';
import { createSandboxHandlers } from '../../src/sandbox/handlers';
import { createReferenceHandlers, REFERENCE_PREFIX } from '../../src/sandbox/reference-handlers';
import { resolveOptions, toOptions, type OptionItem } from '../../src/engine/option-sources';
import type { OptionSources } from '../../src/engine/formats.generated';
import type { JsonObject } from '../../src/engine/state';
import { ORIGIN } from './helpers';
import { buildPack } from '../../src/engine/pack';
import { flowFromPack } from '../../src/app/documents';
import { loadProject, readProjectSources } from '../../tools/lib/project';

const API = `${ORIGIN}/api/`;
const api = (p: string) => new URL(p, API).href;
const reference = createReferenceHandlers(api, async () => undefined);
const server = setupServer(...createSandboxHandlers({ apiBaseUrl: '/api/', contentBaseUrl: '/content/', loggingUrl: '/log', origin: ORIGIN, latencyMs: 0 }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const sources = (JSON.parse(readFileSync(path.resolve(__dirname, '../../flows/option-sources.json'), 'utf8')) as OptionSources).sources;
const fast = { retryDelayMs: () => 1 };
const service = createReferenceDataService(API, fast);

async function optionsOf(sourceId: string, form: JsonObject = {}, holds = false): Promise<OptionItem[]> {
  const source = sources[sourceId];
  const params = Object.fromEntries((source?.path.match(/\{(\w+)\}/g) ?? []).map((p) => [p.slice(1, -1), p.slice(1, -1)]));
  const resolved = resolveOptions(sourceId, source, { source: sourceId, params }, form, () => holds);
  if (resolved.kind !== 'ready' || !source) throw new Error('not ready');
  return toOptions(sourceId, source, await service.fetchList(resolved.request), (k) => k);
}

describe('the sandbox serves every list in the shape its source reads', () => {
  it.each(['suffixes', 'phoneCountryCodes', 'maritalStatuses', 'addressCountries', 'citizenshipCountries', 'militaryBranches', 'federalAgencies', 'employmentClasses', 'occupations', 'industries'])('%s', async (id) => {
    const options = await optionsOf(id);
    expect(options.length).toBeGreaterThan(3);
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
  });

  it('subdivisions are served exactly as doc 2 §7 names their fields: shortName and nothing else (REF-07)', async () => {
    const answer = await service.fetchList({ path: `${REFERENCE_PREFIX}countries/DEU/subdivisions`, query: {} });
    expect(answer).toHaveLength(16);
    for (const item of answer as JsonObject[]) expect(Object.keys(item)).toEqual(['shortName']);
  });

  it('branches are the eight of REF-08 with their names', async () => {
    expect(await optionsOf('militaryBranches')).toEqual([
      { value: 'AF', label: 'Air Force' },
      { value: 'A', label: 'Army' },
      { value: 'CG', label: 'Coast Guard' },
      { value: 'MC', label: 'Marine Corps' },
      { value: 'N', label: 'Navy' },
      { value: 'PHS', label: 'Public Health Service' },
      { value: 'NOAA', label: 'National Oceanic and Atmospheric Administration' },
      { value: 'SF', label: 'Space Force' },
    ]);
  });

  it('ranks follow the branch, with the branch titles (REF-09)', async () => {
    const army = (await optionsOf('militaryRanks', { branch: 'A' })).map((o) => o.value);
    const navy = (await optionsOf('militaryRanks', { branch: 'N' })).map((o) => o.value);
    expect(army).toContain('Private (E-1)');
    expect(army).toContain('Sergeant First Class (E-7)');
    expect(army).toContain('Chief Warrant Officer 5 (W-5)');
    expect(army).toContain('General (O-10)');
    expect(navy[0]).toBe('Seaman Recruit (E-1)');
    expect(navy).toContain('Admiral (O-10)');
    expect((await optionsOf('militaryRanks', { branch: 'PHS' })).every((o) => o.value.includes('(O-'))).toBe(true);
  });

  it('components: no National Guard for the Navy, Marines or Coast Guard (REF-10)', async () => {
    expect((await optionsOf('militaryComponents', { branch: 'A' })).map((o) => o.value)).toEqual(['REG', 'RES', 'NG']);
    for (const b of ['N', 'MC', 'CG']) expect((await optionsOf('militaryComponents', { branch: b })).map((o) => o.value)).toEqual(['REG', 'RES']);
  });

  it('commission sources per branch, the program list when pre-commissioned (REF-11)', async () => {
    expect((await optionsOf('commissionSources', { branch: 'N' })).map((o) => o.value)).toEqual(['NA', 'OCS', 'RTS', 'RTN', 'MMA']);
    expect((await optionsOf('commissionSources', { branch: 'N' }, true)).map((o) => o.value)).toEqual(['NA', 'OCS', 'RTS', 'RTN']);
  });

  it('provinces follow the country; a country without subdivisions has none (REF-07, ADDR-14)', async () => {
    const us = (await optionsOf('subdivisions', { countryCode: 'USA' })).map((o) => o.value);
    expect(us).toEqual(expect.arrayContaining(['DC', 'PR', 'GU', 'TX']));
    // REF-07 (doc 2 §7): the answer gives shortName only, which is the value and the label.
    expect((await optionsOf('subdivisions', { countryCode: 'USA' })).find((o) => o.value === 'TX')).toEqual({ value: 'TX', label: 'TX' });
    expect(await optionsOf('subdivisions', { countryCode: 'CAN' })).toHaveLength(13);
    expect((await optionsOf('subdivisions', { countryCode: 'GBR' })).map((o) => o.label)).toEqual(['ENG', 'NIR', 'SCT', 'WLS']);
    expect(await optionsOf('subdivisions', { countryCode: 'SGP' })).toEqual([]);
  });

  it('citizenship: the United States once, first, as 99; address countries: every one, AUS, CAN, MEX included (ADDR-27 as revised by issue 20)', async () => {
    const citizenship = await optionsOf('citizenshipCountries');
    expect(citizenship[0]).toEqual({ value: '99', label: 'reference.unitedStates', short: 'USA' });
    expect(citizenship.filter((o) => o.label === 'United States' || o.value === 'USA')).toHaveLength(0);
    const address = (await optionsOf('addressCountries')).map((o) => o.value);
    expect(address).toContain('DEU');
    expect(address).toEqual(expect.arrayContaining(['AUS', 'CAN', 'MEX']));
    expect(address.length).toBeGreaterThan(240);
  });

  it("federal agencies: FED-11's codes and NOT last; occupations hold 029 and 045", async () => {
    const agencies = (await optionsOf('federalAgencies')).map((o) => o.value);
    expect(agencies).toEqual(expect.arrayContaining(['NOA', 'DOD', 'CGC', 'FEM', 'DSC', 'MS', 'VA', 'MMS', 'FSO', 'FSS']));
    expect(agencies.at(-1)).toBe('NOT');
    expect((await optionsOf('occupations')).map((o) => o.value)).toEqual(expect.arrayContaining(['029', '045']));
  });
});

describe('retries (REF-21)', () => {
  const path = `${REFERENCE_PREFIX}military/branches`;
  const url = api(path);

  it('a network error is retried twice: the third attempt answers', async () => {
    let calls = 0;
    server.use(http.get(url, () => (++calls < 3 ? HttpResponse.error() : HttpResponse.json([]))));
    expect(await service.fetchList({ path, query: {} })).toEqual([]);
    expect(calls).toBe(3);
  });

  it('three network errors fail, with the attempts counted', async () => {
    let calls = 0;
    server.use(http.get(url, () => (calls++, HttpResponse.error())));
    const err = await service.fetchList({ path, query: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReferenceDataError);
    expect((err as ReferenceDataError).attempts).toBe(3);
    expect((err as ReferenceDataError).failure.status).toBeUndefined();
    expect(calls).toBe(3);
  });

  it('a timeout is retried twice', async () => {
    let calls = 0;
    server.use(
      http.get(url, async () => {
        calls++;
        await delay(calls < 3 ? 200 : 0);
        return HttpResponse.json([{ shortName: 'A', displayValue: 'Army' }]);
      }),
    );
    const quick = createReferenceDataService(API, { ...fast, timeoutMs: 50 });
    expect(await quick.fetchList({ path, query: {} })).toEqual([{ shortName: 'A', displayValue: 'Army' }]);
    expect(calls).toBe(3);
  });

  it('a 408 counts as a timeout and is retried', async () => {
    let calls = 0;
    server.use(http.get(url, () => (++calls < 2 ? new HttpResponse(null, { status: 408 }) : HttpResponse.json([]))));
    expect(await service.fetchList({ path, query: {} })).toEqual([]);
    expect(calls).toBe(2);
  });

  it('an error status is an answer: not retried', async () => {
    let calls = 0;
    server.use(http.get(url, () => (calls++, HttpResponse.json({ message: 'down' }, { status: 500 }))));
    const err = await service.fetchList({ path, query: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReferenceDataError);
    expect((err as ReferenceDataError).failure.status).toBe(500);
    expect(calls).toBe(1);
  });

  it('a cancelled request is neither retried nor reported as a failure', async () => {
    let calls = 0;
    server.use(
      http.get(url, async () => {
        calls++;
        await delay(500);
        return HttpResponse.json([]);
      }),
    );
    const controller = new AbortController();
    const pending = service.fetchList({ path, query: {} }, controller.signal).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 20);
    const err = await pending;
    expect(err).not.toBeInstanceOf(ReferenceDataError);
    expect(calls).toBe(1);
  });

  it('sends the query (commissioning-program=true)', async () => {
    let seen = '';
    const p = `${REFERENCE_PREFIX}military/branches/N/sources-of-commission`;
    server.use(http.get(api(p), ({ request }) => ((seen = new URL(request.url).search), HttpResponse.json([]))));
    await service.fetchList({ path: p, query: { 'commissioning-program': 'true' } });
    expect(seen).toBe('?commissioning-program=true');
  });
});

describe('sandbox failure personas', () => {
  it("Antarctica's provinces fail once with 503, then answer an empty list", async () => {
    const p = `${REFERENCE_PREFIX}countries/ATA/subdivisions`;
    server.use(...createReferenceHandlers(api, async () => undefined).handlers);
    const first = await service.fetchList({ path: p, query: {} }).catch((e: unknown) => e);
    expect((first as ReferenceDataError).failure.status).toBe(503);
    expect(await service.fetchList({ path: p, query: {} })).toEqual([]);
  });

  it('POST sandbox/reference-failures makes the next requests of a list fail', async () => {
    const p = `${REFERENCE_PREFIX}military/branches`;
    const response = await fetch(api('sandbox/reference-failures'), { method: 'POST', body: JSON.stringify({ list: 'military/branches', times: 1 }) });
    expect(response.status).toBe(204);
    const first = await service.fetchList({ path: p, query: {} }).catch((e: unknown) => e);
    expect((first as ReferenceDataError).failure.status).toBe(503);
    expect(await service.fetchList({ path: p, query: {} })).toHaveLength(8);
  });

  it('failNext in network mode: three drops exhaust the retries', async () => {
    server.use(...reference.handlers);
    reference.failNext('military/branches', 3, 'network');
    const p = `${REFERENCE_PREFIX}military/branches`;
    const err = await service.fetchList({ path: p, query: {} }).catch((e: unknown) => e);
    expect((err as ReferenceDataError).attempts).toBe(3);
    expect(await service.fetchList({ path: p, query: {} })).toHaveLength(8);
  });
});

describe('the browser gets the sources', () => {
  it("a product's pack carries flows/option-sources.json, and its flow the 14 sources", () => {
    const all = readProjectSources();
    const pack = buildPack(loadProject(all), all, 'join-now');
    expect(pack.files.map((f) => f.path)).toContain('flows/option-sources.json');
    expect(Object.keys(flowFromPack(pack).flow.docs.optionSources?.value.sources ?? {})).toEqual(expect.arrayContaining(Object.keys(sources)));
  });
});
