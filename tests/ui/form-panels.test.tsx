// @vitest-environment jsdom
/**
 * Every form panel document of the project, rendered by the form screen with its real precompiled
 * validator (npm run pack) and the schema as the loader gives it (shared field `$ref`s inlined):
 * each field has a visible label, each required field's error is the panel's mapped message
 * (never 'Unknown validation error', VAL-01, VAL-02), yes/no questions are radio buttons, and the
 * fields a panel reveals on an answer (JSON Schema if/then) have their labels and messages too.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RJSFValidationError } from '@rjsf/utils';
import type { FormPanel } from '../../src/engine/formats.generated';
import type { JsonValue } from '../../src/rules/index';
import { checkForm } from '../../src/engine/form-check';
import type { AppState, JsonObject } from '../../src/engine/state';
import { panelValidators } from '../../src/generated/panel-validators/index';
import FormScreen from '../../src/ui/screens/FormScreen';
import { messageKeyFor } from '../../src/ui/screens/form/messages';
import { createPanelValidatorLoader } from '../../src/ui/screens/form/validators';
import { loadProject } from '../../tools/lib/project';
import { makeContent, makeTelemetry, makeView } from './helpers';
import { sandboxOptionsLoader, withQueryClient } from './options-helpers';

type Schema = { [key: string]: JsonValue };
const UNKNOWN = 'Unknown validation error';
const TODAY = '2026-11-22';

const docs = loadProject();
const formPanels = [...docs.panels.values()].map((d) => d.value).filter((p): p is FormPanel => p.kind === 'form');
const content = makeContent();
const loadValidator = createPanelValidatorLoader(panelValidators);

afterEach(cleanup);

function isSchema(v: JsonValue | undefined): v is Schema {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
function propsOf(schema: Schema): Record<string, Schema> {
  return isSchema(schema.properties) ? (schema.properties as Record<string, Schema>) : {};
}
function requiredOf(schema: Schema): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((x): x is string => typeof x === 'string') : [];
}
function conditionals(panel: FormPanel): { if: Schema; then: Schema }[] {
  const all = panel.schema.allOf;
  if (!Array.isArray(all)) return [];
  return all.filter((s): s is Schema => isSchema(s) && isSchema(s.if) && isSchema(s.then)).map((s) => ({ if: s.if as Schema, then: s.then as Schema }));
}
function uiOf(panel: FormPanel, field: string): Schema {
  const node = panel.uiSchema?.[field];
  return isSchema(node) ? node : {};
}
function isChoice(panel: FormPanel, field: string, schema: Schema | undefined): boolean {
  return uiOf(panel, field)['ui:widget'] === 'RadioWidget' || (Array.isArray(schema?.enum) && schema.enum.length <= 5);
}
function isYesNo(schema: Schema | undefined): boolean {
  const values = Array.isArray(schema?.enum) ? [...schema.enum].sort() : [];
  return JSON.stringify(values) === JSON.stringify(['no', 'yes']) || JSON.stringify(values) === JSON.stringify(['false', 'true']);
}
function expectedMessage(panel: FormPanel, field: string, keyword: string): string {
  const key = messageKeyFor(panel, { name: keyword, property: `.${field}`, message: '', stack: '' } as RJSFValidationError);
  expect(key, `${panel.id}: no message for ${field}/${keyword}`).toBeDefined();
  expect(content.has(key), `${panel.id}: message key ${key} has no copy`).toBe(true);
  return content.text(key);
}

/** A value that satisfies an if-condition on one field (const, enum, or not-enum). */
function satisfying(condition: Schema): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, s] of Object.entries(propsOf(condition))) {
    if (typeof s.const === 'string') out[field] = s.const;
    else if (Array.isArray(s.enum) && typeof s.enum[0] === 'string') out[field] = s.enum[0];
    else if (isSchema(s.not) && Array.isArray(s.not.enum)) {
      const refused = s.not.enum;
      const samples: Record<string, string[]> = { countryCode: ['GBR', 'DEU'], federalAgency: ['DOD', 'VA'] };
      out[field] = (samples[field] ?? ['ZZZ']).find((v) => !refused.includes(v)) as string;
    }
  }
  return out;
}

async function show(panel: FormPanel, variant = 'self', formData: JsonObject = {}, state: AppState = {}) {
  const onSubmit = vi.fn();
  const check = (data: JsonObject) => checkForm(docs, panel, data, state, { today: TODAY });
  const view = render(
    withQueryClient(
      <FormScreen
        view={makeView(panel.id, variant)}
        content={content}
        telemetry={makeTelemetry()}
        canGoBack
        onPrevious={vi.fn()}
        panel={panel}
        formData={formData}
        loadValidator={loadValidator}
        options={sandboxOptionsLoader()}
        checkForm={check}
        onSubmit={onSubmit}
      />,
    ),
  );
  await screen.findByRole('button', { name: 'Continue' });
  return { ...view, onSubmit };
}
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  });
};

/** Give a field a value as a person would: click the radio button, choose from the list (once it is loaded), or type. */
async function answer(panel: FormPanel, field: string, value: string) {
  const radios = document.querySelectorAll<HTMLInputElement>(`input[type="radio"][id^="root_${field}-"]`);
  if (radios.length > 0) {
    const values = propsOf(panel.schema as Schema)[field]?.enum;
    const index = Array.isArray(values) ? values.indexOf(value) : -1;
    fireEvent.click(radios[index < 0 ? 0 : index] as HTMLInputElement);
    return;
  }
  const el = document.getElementById(`root_${field}`);
  if (el instanceof HTMLSelectElement) {
    await waitFor(() => expect([...el.options].map((o) => o.value), `${panel.id}: ${field} offers ${value}`).toContain(value));
    fireEvent.change(el, { target: { value } });
  } else if (el instanceof HTMLInputElement) fireEvent.change(el, { target: { value } });
  else throw new Error(`${panel.id}: no input for ${field}`);
}

const idOf = (path: string): string => `root_${path.replace(/\./g, '_')}`;

/** The field's visible label: a group's legend (radio buttons, a nested block), or the label tied to the input. */
function expectLabelled(panel: FormPanel, path: string, schema: Schema | undefined) {
  const field = path.split('.').pop() as string;
  const key = panel.labels?.[path];
  expect(key, `${panel.id}: ${path} has no label`).toBeDefined();
  const text = content.text(key as string);
  expect(text, `${panel.id}: label ${key} has no copy`).not.toBe('');
  if (schema?.type === 'object') {
    expect(screen.getAllByRole('group', { name: text }).length, `${panel.id}: ${path} block`).toBeGreaterThan(0);
    for (const [child, s] of Object.entries(propsOf(schema))) expectLabelled(panel, `${path}.${child}`, s);
  } else if (isChoice(panel, path, schema) && schema?.type !== 'boolean') {
    const group = document.getElementById(`${idOf(path)}-0`)?.closest('fieldset') ?? screen.getByRole('group', { name: text });
    expect(within(group as HTMLElement).getByText(text, { selector: 'legend' })).toBeTruthy();
    const radios = within(group as HTMLElement).getAllByRole('radio');
    if (Array.isArray(schema?.enum)) expect(radios).toHaveLength(schema.enum.length);
    expect(within(group as HTMLElement).queryByRole('combobox')).toBeNull();
    for (const radio of radios) expect(((radio as HTMLInputElement).labels?.[0]?.textContent ?? '').trim(), `${panel.id}: ${field} radio without a label`).not.toBe('');
  } else {
    expect((document.getElementById(idOf(path)) as HTMLInputElement | null)?.labels?.[0]?.textContent, `${panel.id}: ${path} label`).toBe(text);
  }
}

/** Required fields, nested blocks included, as dotted paths. */
function requiredPaths(schema: Schema, prefix = ''): string[] {
  const props = propsOf(schema);
  return requiredOf(schema).flatMap((f) => (props[f]?.type === 'object' ? requiredPaths(props[f] as Schema, `${prefix}${f}.`) : [`${prefix}${f}`]));
}

function errorOf(path: string): string | undefined {
  return document.getElementById(`${idOf(path)}__error`)?.textContent ?? undefined;
}

function summaryEntries(): string[] {
  const box = document.querySelector<HTMLElement>('[data-part="error-summary"]');
  return box ? within(box).queryAllByRole('link').map((a) => a.textContent ?? '') : [];
}

describe('every form panel document renders with labels and mapped messages', () => {
  it('the project has the data panels of issue 9', () => {
    const ids = formPanels.map((p) => p.id);
    for (const id of [
      'basic-info-panel',
      'name-info-panel',
      'phone-info-panel',
      'gender-citizenship-panel',
      'citizenship-panel',
      'residency-panel',
      'social-security-panel',
      'prefill-basic-info-panel',
      'occupation-panel',
      'military-details',
      'commissioning-details',
      'federal-agencies',
      'search-sponsor',
    ])
      expect(ids).toContain(id);
  });

  it.each(formPanels.map((p) => [p.id, p] as const))('%s: labels, required messages, radio buttons', async (_id, panel) => {
    await show(panel);
    const props = propsOf(panel.schema as Schema);
    for (const [field, schema] of Object.entries(props)) expectLabelled(panel, field, schema);
    for (const [field, schema] of Object.entries(props)) if (isYesNo(schema)) expect(uiOf(panel, field)['ui:widget'], `${panel.id}: yes/no ${field}`).toBe('RadioWidget');

    await submit();
    for (const path of requiredPaths(panel.schema as Schema)) {
      const shown = errorOf(path);
      expect(shown, `${panel.id}: ${path} is required but shows no error`).toBeDefined();
      expect(shown).toBe(expectedMessage(panel, path, 'required'));
    }
    for (const el of document.querySelectorAll('.mu-field-error')) expect(el.textContent, `${panel.id}: ${el.id}`).not.toContain(UNKNOWN);
    for (const entry of summaryEntries()) expect(entry, panel.id).not.toContain(UNKNOWN);
    expect(content.missing, `${panel.id}: content keys without copy`).toEqual([]);
  });

  const revealing = formPanels.flatMap((panel) => conditionals(panel).map((c, i) => [`${panel.id} #${i + 1}`, panel, c] as const));
  it.each(revealing)('%s: the fields an answer reveals have labels and messages', async (_name, panel, cond) => {
    await show(panel);
    const given = satisfying(cond.if);
    for (const [field, value] of Object.entries(given)) await answer(panel, field, value);
    const revealed = propsOf(cond.then);
    for (const [field, schema] of Object.entries(revealed)) expectLabelled(panel, field, schema);
    await submit();
    for (const field of requiredOf(cond.then)) {
      expect(errorOf(field), `${panel.id}: ${field} revealed by ${JSON.stringify(given)} is required`).toBe(expectedMessage(panel, field, 'required'));
    }
    for (const el of document.querySelectorAll('.mu-field-error')) expect(el.textContent, `${panel.id}: ${el.id}`).not.toContain(UNKNOWN);
    for (const entry of summaryEntries()) expect(entry, panel.id).not.toContain(UNKNOWN);
  });

  it.each(formPanels.flatMap((p) => Object.entries(p.variants ?? {}).map(([variant, copy]) => [`${p.id}/${variant}`, p, variant, copy.title] as const)))(
    '%s has its own title',
    async (_name, panel, variant, title) => {
      await show(panel, variant);
      expect(title).toBeDefined();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(content.text(title as string));
      expect(content.text(title as string)).not.toBe(content.text(panel.title));
    },
  );
});

describe('the data panels check what a person types (VAL-01, VAL-03..VAL-05, VAL-11, VAL-12, SPON-24, SPON-25)', () => {
  const panel = (id: string): FormPanel => formPanels.find((p) => p.id === id) as FormPanel;
  const type = (path: string, value: string) => fireEvent.change(document.getElementById(idOf(path)) as HTMLElement, { target: { value } });
  const text = (key: string) => content.text(key);

  it('basic info: a phone typed with punctuation is stored as 10 digits; accented names pass; a short phone and bad email read their messages', async () => {
    const p = panel('basic-info-panel');
    const { onSubmit } = await show(p, 'self', {}, { session: { citizenshipLocationCode: '99' } });
    type('firstName', 'José');
    type('lastName', "Núñez-O'Neil");
    type('dob', '05/11/1975');
    type('phoneNumber', '(210) 555-0123');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'José', lastName: "Núñez-O'Neil", dob: '1975-05-11', phoneNumber: '2105550123' }));
    cleanup();
    const second = await show(p, 'self', {}, { session: { citizenshipLocationCode: '99' } });
    type('firstName', '1Ada');
    type('lastName', 'Lovelace');
    type('dob', '05/11/1975');
    type('phoneNumber', '555-1234');
    type('emailAddress', 'ada@example');
    await submit();
    expect(second.onSubmit).not.toHaveBeenCalled();
    expect(errorOf('firstName')).toBe(text('validation.name'));
    expect(errorOf('phoneNumber')).toBe(text('validation.phone'));
    expect(errorOf('emailAddress')).toBe(text('validation.email'));
  });

  it('basic info: a phone outside the U.S. needs at least 4 numbers (VAL-04)', async () => {
    const p = panel('basic-info-panel');
    await show(p, 'self', {}, { session: { citizenshipLocationCode: '99' } });
    await answer(p, 'countryCode', 'GBR');
    type('phoneNumber', '12');
    await submit();
    expect(errorOf('phoneNumber')).toBe(text('validation.internationalPhone'));
  });

  it.each([
    ['01/01/2099', 'validation.futureDate'],
    ['01/01/1800', 'validation.dob'],
    ['13/45/1990', 'validation.dob'],
  ])('basic info: the birth date %s reads %s', async (dob, key) => {
    await show(panel('basic-info-panel'));
    type('dob', dob);
    await submit();
    expect(errorOf('dob')).toBe(text(key));
  });

  it('basic info: citizenship is required without a citizenship location code (VAL-14), not with one', async () => {
    await show(panel('basic-info-panel'));
    await submit();
    expect(errorOf('countryOfCitizenship')).toBe(text('validation.enter.countryOfCitizenship'));
    cleanup();
    await show(panel('basic-info-panel'), 'self', {}, { session: { citizenshipLocationCode: '99' } });
    await submit();
    expect(errorOf('countryOfCitizenship')).toBeUndefined();
  });

  it('social security: dashes are stripped, 9 numbers are needed (VAL-05)', async () => {
    const p = panel('social-security-panel');
    const { onSubmit } = await show(p);
    const ssn = document.querySelector<HTMLInputElement>(`#${idOf('ssn')}`) as HTMLInputElement;
    fireEvent.change(ssn, { target: { value: '123-45-678' } });
    await submit();
    expect(errorOf('ssn')).toBe(text('validation.ssn'));
    fireEvent.change(ssn, { target: { value: '123-45-6789' } });
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ ssn: '123456789' });
  });

  it('sponsor search: the consent box starts unticked; without a member number two pieces are needed (SPON-24, SPON-25)', async () => {
    const p = panel('search-sponsor');
    const { onSubmit } = await show(p, 'parent');
    const consent = document.getElementById(idOf('consentAcquired')) as HTMLInputElement;
    expect(consent.type).toBe('checkbox');
    expect(consent.checked).toBe(false);
    type('firstName', 'Jo');
    type('lastName', 'Lee');
    type('zipCode', '78201');
    await submit();
    expect(errorOf('memberNumber')).toBe(text('validation.sponsorPieces'));
    expect(errorOf('consentAcquired')).toBe(text('validation.consent'));
    type('ssnLast4', '1234');
    fireEvent.click(consent);
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Jo', lastName: 'Lee', zipCode: '78201', ssnLast4: '1234', consentAcquired: true }));
  });

  it('sponsor search: a member number alone is enough', async () => {
    const { onSubmit } = await show(panel('search-sponsor'), 'spouse');
    type('firstName', 'Sam');
    type('lastName', 'Lee');
    type('memberNumber', '123 456 789');
    fireEvent.click(document.getElementById(idOf('consentAcquired')) as HTMLElement);
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ memberNumber: '123456789', consentAcquired: true }));
  });

  it('military details: a retired person gives the retirement date, not before the start date nor in the future (VAL-11, VAL-12)', async () => {
    const p = panel('military-details');
    const { onSubmit } = await show(p);
    expect(document.getElementById(idOf('endDate'))).toBeNull();
    await answer(p, 'branch', 'A');
    await answer(p, 'rank', await firstRank());
    await answer(p, 'status', 'retired');
    type('startDate', '06/01/2000');
    type('endDate', '05/31/2000');
    await submit();
    expect(errorOf('endDate')).toBe(text('validation.priorToEnlistment'));
    type('endDate', '06/01/2099');
    await submit();
    expect(errorOf('endDate')).toBe(text('validation.futureDate'));
    type('endDate', '06/30/2020');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ branch: 'A', status: 'retired', startDate: '2000-06-01', endDate: '2020-06-30' }));
  });

  it('federal agencies: the maritime agencies ask maritime administration, the others permanent appointment (FED-10)', async () => {
    const p = panel('federal-agencies');
    await show(p);
    await answer(p, 'federalAgency', 'MS');
    await waitFor(() => expect(document.getElementById(`${idOf('maritimeAdmin')}-0`)).not.toBeNull());
    expect(document.getElementById(`${idOf('permanentAppointment')}-0`)).toBeNull();
    await answer(p, 'federalAgency', 'DOD');
    await waitFor(() => expect(document.getElementById(`${idOf('permanentAppointment')}-0`)).not.toBeNull());
    expect(document.getElementById(`${idOf('maritimeAdmin')}-0`)).toBeNull();
    await answer(p, 'federalAgency', 'NOT');
    await waitFor(() => expect(document.getElementById(`${idOf('permanentAppointment')}-0`)).toBeNull());
  });

  it('commissioning: the expected commission date must be later than today (VAL-12)', async () => {
    const p = panel('commissioning-details');
    await show(p);
    await answer(p, 'hasCommissionDate', 'yes');
    type('commissionDate', '11/22/2026');
    await submit();
    expect(errorOf('commissionDate')).toBe(text('validation.laterThanToday'));
  });

  it('occupation: an employed person gives the class, employer, occupation and industry; others nothing more (PAY-23, PAY-33)', async () => {
    const p = panel('occupation-panel');
    const { onSubmit } = await show(p);
    await answer(p, 'employmentStatus', 'RET');
    expect(document.getElementById(idOf('employer'))).toBeNull();
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ employmentStatus: 'RET' });
  });
});

/** The first rank the rank list offers once the branch is chosen (the sandbox's list). */
async function firstRank(): Promise<string> {
  const select = document.getElementById(idOf('rank')) as HTMLSelectElement;
  await waitFor(() => expect(select.options.length).toBeGreaterThan(1));
  return [...select.options].map((o) => o.value).find((v) => v !== '') as string;
}
