// @vitest-environment jsdom
/**
 * ADDR-19 in the app: the mismatch page names what to check, from the codes of the last address
 * answer (the panel's heldError list, the first that holds: src/app/StepHost.tsx).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { createMemoryHistory } from '../../src/app/history';
import { bootWith } from './helpers';

afterEach(() => cleanup());

async function open(codes: string[]) {
  const booted = await bootWith({ search: '?panel=address-mismatch' });
  if (booted.result.kind !== 'ready') throw new Error(`not ready: ${booted.result.kind}`);
  booted.result.app.store.patch({ 'eligibility.self.address.validation': { block: 'mailing', outcome: 'mismatch', codes, entered: '12 Oak Hollow Dr\nSan Antonio, TX 78258' } });
  render(<App app={booted.result.app} history={createMemoryHistory(['/?panel=address-mismatch'])} />);
  await screen.findByRole('heading', { name: "We couldn't match your address" }, { timeout: 5000 });
}

describe('the invalid-address variant on the mismatch page (ADDR-19)', () => {
  it('19501: the apartment number', async () => {
    await open(['19501']);
    expect(screen.getByRole('alert').textContent).toContain('apartment, suite or unit number');
  });

  it('17616: the ZIP code', async () => {
    await open(['17616']);
    expect(screen.getByRole('alert').textContent).toContain('Check the ZIP code');
  });

  it('a code of no variant: no banner, the generic copy', async () => {
    await open(['19599']);
    expect(document.querySelector('[data-part="held-error"]')).toBeNull();
    expect(screen.getByText(/couldn't confirm this address/)).toBeTruthy();
  });
});
