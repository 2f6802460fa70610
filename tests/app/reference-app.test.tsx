// @vitest-environment jsdom
/**
 * Reference data in the whole app (jsdom, the sandbox's handlers in msw/node): join-now's
 * military-details panel gets its branches from the service through FormStep's loader, the
 * ranks follow the branch, a failed list recovers on Retry with the answers kept.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { createMemoryHistory } from '../../src/app/history';
import { createSandboxHandlers } from '../../src/sandbox/handlers';
import { REFERENCE_PREFIX } from '../../src/sandbox/reference-handlers';
import { bootWith, logged, ORIGIN } from './helpers';

const server = setupServer(...createSandboxHandlers({ apiBaseUrl: `${ORIGIN}/api/`, contentBaseUrl: `${ORIGIN}/content/`, loggingUrl: `${ORIGIN}/log`, origin: ORIGIN, latencyMs: 0 }));
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

async function open(panel: string, state: Record<string, string> = {}) {
  const booted = await bootWith({ search: `?panel=${panel}` });
  if (booted.result.kind !== 'ready') throw new Error(`not ready: ${booted.result.kind}`);
  if (Object.keys(state).length > 0) booted.result.app.store.patch(state);
  const history = createMemoryHistory([`/?panel=${panel}`]);
  render(<App app={booted.result.app} history={history} />);
  return { app: booted.result.app, console: booted.console };
}

const select = (field: string) => document.getElementById(`root_${field}`) as HTMLSelectElement | null;
const ready = (field: string) => waitFor(() => expect(select(field)?.getAttribute('data-options-state')).toBe('ready'), { timeout: 5000 });
const values = (field: string) => [...(select(field)?.options ?? [])].map((o) => o.value).filter((v) => v !== '');

describe('military-details in the app', () => {
  it('branches come from the service; ranks and components follow the branch', async () => {
    await open('military-details');
    await ready('branch');
    // NOAA and PHS are offered only on the NOAA/USPHS path (VAL-20, rule options.branchOffered).
    expect(values('branch')).toEqual(['AF', 'A', 'CG', 'MC', 'N', 'SF']);
    expect(select('rank')?.getAttribute('data-options-state')).toBe('waiting');
    act(() => {
      fireEvent.change(select('branch') as HTMLSelectElement, { target: { value: 'CG' } });
    });
    await ready('rank');
    expect(values('rank')[0]).toBe('Seaman Recruit (E-1)');
    expect(values('rank')).toContain('Master Chief Petty Officer of the Coast Guard (E-9)');
    if (select('component')) {
      await ready('component');
      expect(values('component')).toEqual(['REG', 'RES']);
    }
  });

  it('a failed branch list shows Retry, logs FIELD_LOAD_ERROR, and recovers', async () => {
    let calls = 0;
    server.use(
      http.get(`${ORIGIN}/api/${REFERENCE_PREFIX}military/branches`, () => {
        calls++;
        return calls === 1 ? HttpResponse.json({ message: 'down' }, { status: 503 }) : HttpResponse.json([{ shortName: 'A', displayValue: 'Army' }]);
      }),
    );
    const { app, console: out } = await open('military-details');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    await act(async () => {
      fireEvent.click(retry);
    });
    await ready('branch');
    expect(values('branch')).toEqual(['A']);
    expect(calls).toBe(2);
    expect(app.store.view.step).toBe('military-details');
    // The telemetry core loads on the first log line (src/ui/telemetry.ts): the line arrives once it has.
    await waitFor(() => expect(logged(out.error) + logged(out.warn) + logged(out.info)).toContain('FIELD_LOAD_ERROR'), { timeout: 5000 });
    const log = logged(out.error) + logged(out.warn) + logged(out.info);
    expect(log).toContain('militaryBranches');
    expect(log).toContain('503');
  });
});

describe('option filters (VAL-19, VAL-20, FED-09, FED-12)', () => {
  it('on the NOAA/USPHS path the branches are NOAA and PHS, and the ranks officer or warrant ranks', async () => {
    await open('military-details', { 'triage.agencyService': 'NOAA' });
    await ready('branch');
    expect(values('branch')).toEqual(['PHS', 'NOAA']);
    act(() => {
      fireEvent.change(select('branch') as HTMLSelectElement, { target: { value: 'NOAA' } });
    });
    await ready('rank');
    expect(values('rank').length).toBeGreaterThan(0);
    expect(values('rank').every((r) => /\((O|W)-[0-9]+\)/.test(r))).toBe(true);
  });

  it('the federal agencies offered are the FED-11 codes of the service\'s list, and are kept for the eligibility rule', async () => {
    server.use(
      http.get(`${ORIGIN}/api/${REFERENCE_PREFIX}federal-agencies`, () =>
        HttpResponse.json([
          { federalAgencyShortName: 'DOD', federalAgencyDisplayName: 'Department of Defense' },
          { federalAgencyShortName: 'USDA', federalAgencyDisplayName: 'Department of Agriculture' },
          { federalAgencyShortName: 'VA', federalAgencyDisplayName: 'Department of Veterans Affairs' },
        ]),
      ),
    );
    const { app } = await open('federal-agencies');
    await ready('federalAgency');
    expect(values('federalAgency')).toEqual(['DOD', 'VA', 'NOT']);
    await waitFor(() => expect(app.store.state.reference).toEqual({ federalAgencies: ['DOD', 'VA', 'NOT'] }));
  });

  it('a federal agency employee picks a federal occupation (029, 045), and only they do', async () => {
    await open('occupation-panel');
    const employed = await screen.findByLabelText('Employed', {}, { timeout: 5000 });
    act(() => {
      fireEvent.click(employed);
    });
    await ready('employmentType');
    await ready('occupation');
    // No class chosen yet: every occupation.
    expect(values('occupation')).toContain('029');
    act(() => {
      fireEvent.change(select('employmentType') as HTMLSelectElement, { target: { value: 'PRIV' } });
    });
    await waitFor(() => expect(values('occupation')).not.toContain('029'));
    expect(values('occupation')).not.toContain('045');
    expect(values('occupation')).toContain('001');
    act(() => {
      fireEvent.change(select('employmentType') as HTMLSelectElement, { target: { value: 'FED' } });
    });
    await waitFor(() => expect(values('occupation')).toEqual(['029', '045']));
  });
});
