// @vitest-environment jsdom
/**
 * The address panels (schemas/panels/self-address-panel.json, njs-address-panel.json,
 * address-confirm.json, address-mismatch.json; doc 2 §3 'Address form fields', §5): each
 * address type shows only its fields (ADDR-01, ADDR-02), the physical block only while
 * sameAddress is not ticked (ADDR-06, ADDR-15), and the messages of ADDR-10..ADDR-13 show
 * beside the field they belong to, never 'Unknown validation error'.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ValidatorType } from '@rjsf/utils';
import type { FormPanel } from '../../src/engine/formats.generated';
import FormScreen from '../../src/ui/screens/FormScreen';
import { checkForm } from '../../src/engine/form-check';
import type { JsonObject } from '../../src/engine/state';
import { loadProject } from '../../tools/lib/project';
import { makeContent, makeTelemetry, makeView } from './helpers';

const docs = loadProject();
const panel = (id: string): FormPanel => {
  const p = docs.panels.get(id)?.value;
  if (p?.kind !== 'form') throw new Error(`no form panel ${id}`);
  return p;
};
const content = makeContent();
const validator = customizeValidator() as ValidatorType;
const loadValidator = () => Promise.resolve(validator);

afterEach(cleanup);

async function show(p: FormPanel, formData: Record<string, unknown> = {}, variant = 'self') {
  const onSubmit = vi.fn();
  const check = (data: JsonObject) => checkForm(docs, p, data, {}, { today: '2026-11-22' });
  render(
    <FormScreen view={makeView(p.id, variant)} content={content} telemetry={makeTelemetry()} canGoBack onPrevious={vi.fn()} panel={p} formData={formData as never} loadValidator={loadValidator} checkForm={check} onSubmit={onSubmit} />,
  );
  await screen.findByRole('button', { name: 'Continue' });
  return onSubmit;
}
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  });
};
const field = (path: string): HTMLElement | null => document.getElementById(`root_${path.replace(/\./g, '_')}`);
const errorOf = (path: string): string | undefined => document.getElementById(`root_${path.replace(/\./g, '_')}__error`)?.textContent ?? undefined;
const type = (path: string, value: string) => fireEvent.change(field(path) as HTMLElement, { target: { value } });
const summary = (): string => document.querySelector('[data-part="error-summary"]')?.textContent ?? '';

describe('self-address-panel', () => {
  it('shows only the fields of the address type chosen (ADDR-01, ADDR-02)', async () => {
    await show(panel('self-address-panel'), { mailing: { addressType: 'D' }, physical: { addressType: 'O' } });
    for (const f of ['domesticAddress', 'addressLine1', 'domesticCity', 'domesticZipCode']) expect(field(`mailing.${f}`), f).not.toBeNull();
    for (const f of ['apoAddress', 'internationalAddress', 'apoZipCode']) expect(field(`mailing.${f}`), f).toBeNull();
    for (const f of ['apoAddress', 'apoZipCode', 'apoZipSupplement']) expect(field(`physical.${f}`), f).not.toBeNull();
    expect(field('physical.domesticAddress')).toBeNull();
  });

  it('hides the physical block while sameAddress is ticked (ADDR-06, ADDR-15)', async () => {
    await show(panel('self-address-panel'), { mailing: { addressType: 'D' }, sameAddress: true });
    expect(document.querySelector('.rjsf-config-error')).toBeNull();
    expect(field('mailing.domesticAddress')).not.toBeNull();
    expect(document.getElementById('root_physical')).toBeNull();
    fireEvent.click(field('sameAddress') as HTMLElement);
    expect(document.getElementById('root_physical')).not.toBeNull();
  });

  it("maps ADDR-10..ADDR-12's messages to their fields, with no unknown error in the summary", async () => {
    const onSubmit = await show(panel('self-address-panel'), { mailing: { addressType: 'D' }, physical: { addressType: 'O' } });
    type('mailing.domesticAddress', '12 Main St!');
    type('mailing.domesticCity', 'Austin_');
    type('mailing.domesticZipCode', '7870');
    type('physical.apoAddress', 'PSC 3 Box 1234');
    type('physical.apoZipCode', '09a12');
    type('physical.apoZipSupplement', '12');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf('mailing.domesticAddress')).toBe('Invalid address');
    expect(errorOf('mailing.domesticCity')).toBe('Invalid city format');
    expect(errorOf('mailing.domesticZipCode')).toBe('Invalid ZIP length');
    expect(errorOf('mailing.domesticState')).toBe('Select a state');
    expect(errorOf('physical.apoZipCode')).toBe('Numbers Only');
    expect(errorOf('physical.apoZipSupplement')).toBe('Must be four numbers only');
    expect(summary()).not.toContain('Unknown validation error');
    expect(content.missing).toEqual([]);
  });

  it('takes a complete domestic address', async () => {
    const onSubmit = await show(panel('self-address-panel'), { mailing: { addressType: 'D', domesticState: 'Texas' }, sameAddress: true });
    type('mailing.domesticAddress', '12 Main St.');
    type('mailing.domesticCity', 'Austin');
    type('mailing.domesticZipCode', '78701');
    await submit();
    expect(summary()).toBe('');
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ mailing: expect.objectContaining({ addressType: 'D', domesticAddress: '12 Main St.', domesticZipCode: '78701' }), sameAddress: true }));
  });
});

describe('the P.O. Box checks on the form (ADDR-16, ADDR-17)', () => {
  const box = { addressType: 'D', domesticAddress: 'P.O. Box 12', domesticCity: 'Austin', domesticState: 'Texas', domesticZipCode: '78701' };

  it('asks for a separate physical address when sameAddress would copy a P.O. Box', async () => {
    const onSubmit = await show(panel('self-address-panel'), { mailing: box, sameAddress: true });
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf('sameAddress')).toBe(content.text('address.sameAddress.poBox'));
    expect(summary()).toContain("so it can't be your physical address");
  });

  it('refuses a physical P.O. Box beside a P.O. Box mailing address, beside the line that says so', async () => {
    const onSubmit = await show(panel('self-address-panel'), { mailing: box, physical: { ...box, domesticAddress: '1 Oak Ave', addressLine1: 'PMB 7' } });
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf('physical.addressLine1')).toBe("A physical address can't be a P.O. Box, PMB or General Delivery");
    expect(errorOf('physical.domesticAddress')).toBeUndefined();
  });
});

describe('njs-address-panel', () => {
  it('asks one physical block, with its own title per relative', async () => {
    await show(panel('njs-address-panel'), { physical: { addressType: 'I' } }, 'parent');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("What is your parent's last known physical address?");
    for (const f of ['internationalCountry', 'internationalAddress', 'internationalCity', 'internationalPostalCode']) expect(field(`physical.${f}`), f).not.toBeNull();
    expect(document.getElementById('root_mailing')).toBeNull();
  });
});

describe('address-confirm and address-mismatch', () => {
  it('address-confirm shows both addresses and needs a choice (ADDR-18)', async () => {
    const onSubmit = await show(panel('address-confirm'), { entered: '12 Suggest Street, Austin, Texas 78701', suggested: '12 SUGGEST ST, AUSTIN, TEXAS 78701' });
    expect((field('entered') as HTMLInputElement).value).toBe('12 Suggest Street, Austin, Texas 78701');
    expect((field('entered') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByLabelText('Use the suggested address')).toBeDefined();
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf('choice')).toBe('Choose which address to use');
    fireEvent.click(screen.getByLabelText('Keep the address I entered'));
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ choice: 'entered' }));
  });

  it('address-mismatch continues with the typed address', async () => {
    const onSubmit = await show(panel('address-mismatch'), { entered: '12 Mismatch Rd, Austin, Texas 78701' });
    await submit();
    expect(onSubmit).toHaveBeenCalled();
  });
});
