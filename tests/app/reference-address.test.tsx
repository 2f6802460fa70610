// @vitest-environment jsdom
/**
 * An address walked in the whole app (jsdom, the sandbox's handlers in msw/node) with the
 * subdivisions served exactly as doc 2 §7 names their fields: `shortName` only (REF-07). The
 * state and province selects show the code as the label (src/engine/option-sources.ts), the
 * answer stored is the code, and the prospect sends it as StateCd (PAY-17, ADDR-03).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { createMemoryHistory } from '../../src/app/history';
import { buildPayload } from '../../src/engine/payload';
import { getPath, type JsonObject } from '../../src/engine/state';
import { createSandboxHandlers } from '../../src/sandbox/handlers';
import { bootWith, ORIGIN } from './helpers';

const server = setupServer(...createSandboxHandlers({ apiBaseUrl: `${ORIGIN}/api/`, contentBaseUrl: `${ORIGIN}/content/`, loggingUrl: `${ORIGIN}/log`, origin: ORIGIN, latencyMs: 0 }));
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

async function open(panel: string) {
  const booted = await bootWith({ search: `?panel=${panel}` });
  if (booted.result.kind !== 'ready') throw new Error(`not ready: ${booted.result.kind}`);
  render(<App app={booted.result.app} history={createMemoryHistory([`/?panel=${panel}`])} />);
  await screen.findByRole('button', { name: 'Continue' }, { timeout: 5000 });
  return booted.result.app;
}

const byId = (path: string) => document.getElementById(`root_${path.replace(/\./g, '_')}`) as HTMLInputElement | HTMLSelectElement | null;
const ready = (path: string) => waitFor(() => expect(byId(path)?.getAttribute('data-options-state')).toBe('ready'), { timeout: 5000 });
const options = (path: string) => [...((byId(path) as HTMLSelectElement | null)?.options ?? [])].filter((o) => o.value !== '').map((o) => [o.value, o.textContent]);
const set = (path: string, value: string) =>
  act(() => {
    fireEvent.change(byId(path) as HTMLElement, { target: { value } });
  });
const addressType = (label: string) =>
  act(() => {
    fireEvent.click(screen.getAllByLabelText(label)[0] as HTMLElement);
  });
const sameAddress = () =>
  act(() => {
    fireEvent.click(byId('sameAddress') as HTMLElement);
  });
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  });

describe('an address with the subdivisions of doc 2 §7 (shortName only, REF-07)', () => {
  it('domestic: the states show their codes; TX is stored and sent as mailingStateCd and physicalStateCd', async () => {
    const app = await open('self-address-panel');
    await sameAddress();
    await addressType('In the United States');
    await ready('mailing.domesticState');
    const states = options('mailing.domesticState');
    expect(states).toContainEqual(['TX', 'TX']);
    expect(states.every(([value, label]) => value === label)).toBe(true);
    await set('mailing.domesticAddress', '1200 Oak Hollow Dr');
    await set('mailing.domesticCity', 'San Antonio');
    await set('mailing.domesticState', 'TX');
    await set('mailing.domesticZipCode', '78258');
    await submit();
    await waitFor(() => expect(app.store.view.step).toBe('occupation-panel'), { timeout: 5000 });
    expect(getPath(app.store.state, 'eligibility.self.address.mailing.domesticState')).toBe('TX');
    const payload = buildPayload(app.flow.docs, app.store.state, { today: '2026-11-22', productId: 'join-now', status: 'create' });
    expect((payload.potentialCustomer as JsonObject).addresses).toMatchObject({ mailingStateCd: 'TX', mailingCountryCd: 'USA', physicalStateCd: 'TX' });
  });

  it("international: the country's provinces load by country and show their codes; BW is stored and sent", async () => {
    const app = await open('self-address-panel');
    await sameAddress();
    await addressType('In another country');
    await ready('mailing.internationalCountry');
    await set('mailing.internationalCountry', 'DEU');
    await ready('mailing.internationalProvince');
    expect(options('mailing.internationalProvince')).toContainEqual(['BW', 'BW']);
    await set('mailing.internationalAddress', 'Koenigstrasse 1');
    await set('mailing.internationalCity', 'Stuttgart');
    await set('mailing.internationalPostalCode', '70173');
    await set('mailing.internationalProvince', 'BW');
    await submit();
    await waitFor(() => expect(app.store.view.step).toBe('occupation-panel'), { timeout: 5000 });
    const payload = buildPayload(app.flow.docs, app.store.state, { today: '2026-11-22', productId: 'join-now', status: 'create' });
    expect((payload.potentialCustomer as JsonObject).addresses).toMatchObject({ mailingAddrTypeCd: 'I', mailingCountryCd: 'DEU', mailingStateCd: 'BW', mailingForeignZipCd: '70173' });
  });
});
