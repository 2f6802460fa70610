/**
 * The app's reference-data wiring (src/app/reference-options.ts): requests resolved from the
 * product's pack with the state's conditions (REF-11), lists fetched through the sandbox and
 * labelled from content (REF-06), one query client per app, and the review's labels from it.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { flowFromPack } from '../../src/app/documents';
import { parseConfig } from '../../src/app/config';
import { createOptionLabel, createOptionsLoader, referenceQueryClient, type ReferenceApp } from '../../src/app/reference-options';
import { createSandboxHandlers } from '../../src/sandbox/handlers';
import { referenceQueryKey } from '../../src/ui/screens/form/options';
import type { FormPanel } from '../../src/engine/formats.generated';
import type { AppState } from '../../src/engine/state';
import { ORIGIN, projectPack } from './helpers';

const server = setupServer(...createSandboxHandlers({ apiBaseUrl: '/api/', contentBaseUrl: '/content/', loggingUrl: '/log', origin: ORIGIN, latencyMs: 0 }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const { flow } = flowFromPack(projectPack('join-now'));
const config = parseConfig({ environment: 'development', apiBaseUrl: `${ORIGIN}/api/`, contentBaseUrl: `${ORIGIN}/content/` });

function app(state: AppState = {}): ReferenceApp {
  return {
    config,
    flow,
    store: { state, context: () => ({ today: '2026-11-22' }) } as unknown as ReferenceApp['store'],
    content: { text: (key: string) => (key === 'reference.unitedStates' ? 'United States' : key) } as unknown as ReferenceApp['content'],
    servicesReady: vi.fn(async () => undefined),
  };
}

const commission = { source: 'commissionSources', params: { branch: 'branch' } };

describe('createOptionsLoader', () => {
  it("adds commissioning-program=true when the state says pre-commissioned (REF-11's condition on the state)", () => {
    const pre = createOptionsLoader(app({ triage: { militaryService: 'commissioning' } })).resolve(commission, { branch: 'N' });
    const served = createOptionsLoader(app({ triage: { militaryService: 'yes' } })).resolve(commission, { branch: 'N' });
    expect(pre.kind === 'ready' && pre.request.query).toEqual({ 'commissioning-program': 'true' });
    expect(served.kind === 'ready' && served.request.query).toEqual({});
  });

  it('loads through the service once the services are up, labels from content', async () => {
    const a = app();
    const loader = createOptionsLoader(a);
    const r = loader.resolve({ source: 'citizenshipCountries' }, {});
    if (r.kind !== 'ready') throw new Error('not ready');
    const options = await loader.load(r.request, new AbortController().signal);
    expect(a.servicesReady).toHaveBeenCalled();
    expect(options[0]).toEqual({ value: '99', label: 'United States', short: 'USA' });
    expect(options.length).toBeGreaterThan(200);
  });

  it('an unknown source is a developer error at resolve time (REF-22)', () => {
    expect(() => createOptionsLoader(app()).resolve({ source: 'noSuchList' }, {})).toThrow(/unknown option source "noSuchList"/);
  });
});

describe('one query client per app; the review reads labels from it', () => {
  it('the same app gets the same client, another app another', () => {
    const a = app();
    expect(referenceQueryClient(a)).toBe(referenceQueryClient(a));
    expect(referenceQueryClient(app())).not.toBe(referenceQueryClient(a));
  });

  it("optionLabel gives the cached list's label, undefined when not cached or not listed", async () => {
    const a = app();
    const client = referenceQueryClient(a);
    const panel = { id: 'p', kind: 'form', bind: 'x', title: 't', schema: {}, options: { branch: { source: 'militaryBranches' }, rank: { source: 'militaryRanks', params: { branch: 'branch' } } } } as unknown as FormPanel;
    const label = createOptionLabel(a, client);
    expect(label(panel, 'branch', 'A', {})).toBeUndefined();
    const loader = createOptionsLoader(a);
    const r = loader.resolve({ source: 'militaryBranches' }, {});
    if (r.kind !== 'ready') throw new Error('not ready');
    await client.fetchQuery({ queryKey: referenceQueryKey(r.request.key), queryFn: ({ signal }) => loader.load(r.request, signal) });
    expect(label(panel, 'branch', 'A', {})).toBe('Army');
    expect(label(panel, 'branch', 'ZZ', {})).toBeUndefined();
    expect(label(panel, 'rank', 'Private (E-1)', {})).toBeUndefined();
    expect(label(panel, 'nickname', 'x', {})).toBeUndefined();
  });
});
