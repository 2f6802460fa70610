// @vitest-environment jsdom
/** The form panel (UI-05..UI-08, CONT-22, VAL-01, VAL-02, VAL-10): rjsf with Muster's templates, a real precompiled validator. */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import type { FormPanel } from '../../src/engine/formats.generated';
import { checkForm } from '../../src/engine/form-check';
import { createRuleEngine, type Logic } from '../../src/rules/index';
import { stableHash } from '../../src/engine/hash';
import { panelValidators } from '../../src/generated/panel-validators/index';
import type { FormScreenProps, PanelValidatorLoader } from '../../src/ui/contract';
import FormScreen from '../../src/ui/screens/FormScreen';
import { errorSummaryText } from '../../src/ui/screens/form/errorSummary';
import { createPanelValidatorLoader } from '../../src/ui/screens/form/validators';
import { loadProject } from '../../tools/lib/project';
import { AXE_OPTIONS, makeContent, makeTelemetry, makeView, precompile } from './helpers';

const FIELDS = Array.from({ length: 12 }, (_, i) => `f${i + 1}`);

const panel: FormPanel = {
  id: 'test-form',
  kind: 'form',
  bind: 'eligibility.{variant}.test',
  title: 'test.form.title',
  subhead: 'test.form.subhead',
  alert: 'test.form.alert',
  schema: {
    type: 'object',
    required: [...FIELDS, 'dob'],
    properties: {
      ...Object.fromEntries(FIELDS.map((f) => [f, { type: 'string', pattern: '^[A-Za-z]+$' }])),
      dob: { type: 'string', format: 'date' },
      code: { type: 'string', minLength: 3 },
    },
  },
  uiSchema: { dob: { 'ui:autocomplete': 'bday' } },
  labels: { ...Object.fromEntries(FIELDS.map((f) => [f, `test.form.${f}`])), dob: 'basicInfo.dob', code: 'test.form.code' },
  help: { code: 'test.form.code.help' },
  messages: { required: 'validation.required', pattern: 'validation.invalidFormat', format: 'validation.invalidDate', 'f2/pattern': 'test.form.f2.pattern' },
  variants: { spouse: { title: 'test.form.spouse.title' } },
};

const content = makeContent({
  'test.form.title': 'About you',
  'test.form.spouse.title': 'About your spouse',
  'test.form.subhead': 'We need a few details.',
  'test.form.alert': 'Use your legal name.',
  ...Object.fromEntries(FIELDS.map((f) => [`test.form.${f}`, `Field ${f.slice(1)}`])),
  'test.form.code': 'Code',
  'test.form.code.help': 'At least three characters',
  'test.form.f2.pattern': 'Letters only',
  'test.held': "We weren't able to prefill your information, please continue below.",
});

const fns = precompile(panel.schema);
const registry = { [panel.id]: { hash: stableHash(panel.schema), load: async () => fns } };

function setup(over: Partial<FormScreenProps> = {}) {
  const props: FormScreenProps = {
    view: makeView('test-form', 'self'),
    content,
    telemetry: makeTelemetry(),
    canGoBack: true,
    onPrevious: vi.fn(),
    panel,
    formData: {},
    loadValidator: createPanelValidatorLoader(registry),
    onSubmit: vi.fn(),
    ...over,
  };
  const result = render(<FormScreen {...props} />);
  return { ...result, props };
}

const input = (field: string): HTMLInputElement => {
  const el = document.getElementById(`root_${field}`);
  if (!(el instanceof HTMLInputElement)) throw new Error(`no input for ${field}`);
  return el;
};
const type = (field: string, value: string) => fireEvent.change(input(field), { target: { value } });
const fillAll = (except: string[] = []) => {
  for (const f of FIELDS) if (!except.includes(f)) type(f, 'Abc');
  if (!except.includes('dob')) type('dob', '01/15/1990');
};
const ready = () => screen.findByRole('button', { name: 'Continue' });
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  });
};
const summary = () => document.querySelector<HTMLElement>('[data-part="error-summary"]');

afterEach(cleanup);

describe('FormScreen: what it shows', () => {
  it("shows 'Processing ...' until the validator is there, then the form with labels from content", async () => {
    setup();
    expect(screen.getByRole('status').textContent).toBe('Processing ...');
    await ready();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByLabelText('Field 1')).toBe(input('f1'));
    expect(screen.getByLabelText('Date of birth')).toBe(input('dob'));
    expect(screen.getByLabelText('Code').getAttribute('aria-describedby')).toBe('root_code__help');
    expect(screen.getByText('At least three characters').id).toBe('root_code__help');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About you');
    expect(screen.getByText('We need a few details.')).toBeTruthy();
    expect(document.querySelector('[data-part="alert"]')?.textContent).toBe('Use your legal name.');
    expect(content.missing).toEqual([]);
  });

  it('focuses the heading on mount and carries data-screen / data-variant', async () => {
    const { container } = setup({ view: makeView('test-form-3', 'spouse') });
    const h1 = screen.getByRole('heading', { level: 1 });
    // Focus moves once the screen is painted (src/ui/screens/useHeadingFocus.ts).
    await waitFor(() => expect(document.activeElement).toBe(h1));
    expect(h1.textContent).toBe('About your spouse');
    const root = container.firstElementChild as HTMLElement;
    expect(root.getAttribute('data-screen')).toBe('test-form-3');
    expect(root.getAttribute('data-variant')).toBe('spouse');
    await ready();
    expect(document.activeElement).toBe(h1);
  });

  it('takes the title and subhead from per-form content when present (CONT-22)', async () => {
    setup({ content: makeContent({ ...Object.fromEntries(Object.entries({})), 'test.form.title': 'x', 'forms.test-form.title': 'Overridden title', 'forms.test-form.subhead': 'Overridden subhead' }) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Overridden title');
    expect(screen.getByText('Overridden subhead')).toBeTruthy();
    await ready();
  });

  it('shows a top-level banner when the app holds an error (UI-06, UI-21)', async () => {
    setup({ heldErrorKey: 'test.held' });
    expect(screen.getByRole('alert').textContent).toBe("We weren't able to prefill your information, please continue below.");
    await ready();
  });

  it('offers Previous when the engine can go back, not otherwise', async () => {
    const { props } = setup();
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(props.onPrevious).toHaveBeenCalledTimes(1);
    expect(props.onSubmit).not.toHaveBeenCalled();
    cleanup();
    setup({ canGoBack: false });
    await ready();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
  });

  it('fills the form from the stored data, dates shown as MM/dd/yyyy', async () => {
    setup({ formData: { f1: 'Stored', dob: '1990-01-15' } });
    await ready();
    expect(input('f1').value).toBe('Stored');
    expect(input('dob').value).toBe('01/15/1990');
  });
});

describe('FormScreen: submitting', () => {
  it('submits valid data once, dates stored as yyyy-MM-dd', async () => {
    const { props } = setup();
    await ready();
    fillAll();
    await submit();
    await submit();
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
    expect(props.onSubmit).toHaveBeenCalledWith({ ...Object.fromEntries(FIELDS.map((f) => [f, 'Abc'])), dob: '1990-01-15' });
    expect(summary()).toBeNull();
  });

  it.each([
    [['f1'], 'To continue, fix the error'],
    [['f1', 'f2'], 'To continue, fix two errors'],
    [FIELDS.slice(0, 9), 'To continue, fix nine errors'],
    [FIELDS.slice(0, 10), 'To continue, fix the errors'],
    [[...FIELDS, 'dob'], 'To continue, fix the errors'],
  ])('with %j empty the summary reads %s and gets focus', async (empty, heading) => {
    const { props } = setup();
    await ready();
    fillAll(empty);
    await submit();
    const box = summary();
    expect(box).not.toBeNull();
    expect(within(box as HTMLElement).getByRole('heading').textContent).toBe(heading);
    expect(document.activeElement).toBe(box);
    expect(within(box as HTMLElement).getAllByRole('link')).toHaveLength(empty.length);
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('links each summary entry to its field, and following one focuses the field', async () => {
    setup();
    await ready();
    fillAll(['f3']);
    type('f2', '123');
    await submit();
    const links = within(summary() as HTMLElement).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['#root_f2', 'Field 2: Letters only'],
      ['#root_f3', 'Field 3: Required'],
    ]);
    fireEvent.click(links[1] as HTMLElement);
    expect(document.activeElement).toBe(input('f3'));
  });

  it('shows inline messages from content next to each field, tied to the input', async () => {
    setup();
    await ready();
    fillAll(['f1']);
    type('f4', 'a1');
    type('code', 'x');
    await submit();
    expect(input('f1').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('root_f1__error')?.textContent).toBe('Required');
    expect(input('f1').getAttribute('aria-describedby')).toBe('root_f1__error');
    expect(document.getElementById('root_f4__error')?.textContent).toBe('Invalid Format');
    // minLength has no message in the panel: its default names the limit (an unknown keyword would be VAL-02's message)
    expect(document.getElementById('root_code__error')?.textContent).toBe('Must be at least 3 characters');
    expect(input('code').getAttribute('aria-describedby')).toBe('root_code__help root_code__error');
    expect(input('f5').hasAttribute('aria-invalid')).toBe(false);
  });

  it('focuses the summary again on each failed submit', async () => {
    setup();
    await ready();
    fillAll(['f1', 'f2']);
    await submit();
    input('f1').focus();
    type('f1', 'Abc');
    await submit();
    expect(within(summary() as HTMLElement).getByRole('heading').textContent).toBe('To continue, fix the error');
    expect(document.activeElement).toBe(summary());
  });

  it('sends no field values to telemetry or the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { props } = setup();
    await ready();
    fillAll(['f1']);
    type('f2', 'Secret123');
    type('code', 'Zq');
    await submit();
    const seen = JSON.stringify([vi.mocked(props.telemetry.track).mock.calls, vi.mocked(props.telemetry.log).mock.calls, error.mock.calls, log.mock.calls, warn.mock.calls]);
    for (const value of ['Secret123', 'Zq', 'Abc', '1990']) expect(seen).not.toContain(value);
    error.mockRestore();
    log.mockRestore();
    warn.mockRestore();
  });
});

describe('FormScreen: the date field (VAL-10)', () => {
  it.each([
    ['01/15/1990', '1990-01-15'],
    ['1990-01-15', '1990-01-15'],
    ['02/1990', '1990-02-01'],
  ])('%s is stored as %s', async (text, stored) => {
    const { props } = setup();
    await ready();
    fillAll(['dob']);
    type('dob', text);
    expect(input('dob').value).toBe(text);
    await submit();
    expect(props.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ dob: stored }));
  });

  it.each(['13/45/1990', '02/30/2024', 'soon'])("%s reads 'Invalid Date'", async (text) => {
    const { props } = setup();
    await ready();
    fillAll(['dob']);
    type('dob', text);
    await submit();
    expect(document.getElementById('root_dob__error')?.textContent).toBe('Invalid Date');
    expect(input('dob').value).toBe(text);
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('is a text input with a format hint and the panel autocomplete', async () => {
    setup();
    await ready();
    const dob = input('dob');
    expect(dob.type).toBe('text');
    expect(dob.getAttribute('inputmode')).toBe('numeric');
    expect(dob.getAttribute('autocomplete')).toBe('bday');
    expect(document.getElementById(dob.getAttribute('aria-describedby') ?? '')?.textContent).toBe('MM/DD/YYYY');
  });
});

describe('FormScreen: the validator', () => {
  it('refuses a panel whose schema differs from the one its validator was compiled from, and logs it', async () => {
    const changed: FormPanel = { ...panel, schema: { ...panel.schema, required: ['f1'] } };
    const { props, container } = setup({ panel: changed });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe("We can't show this form right now. Please try again later."));
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(props.telemetry.log).toHaveBeenCalledWith('error', 'form validator refused', expect.objectContaining({ panel: 'test-form', code: 'VALIDATOR_STALE' }));
    expect((container.firstElementChild as HTMLElement).getAttribute('data-state')).toBe('error');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy();
  });

  it('refuses a panel without a validator', async () => {
    const { props } = setup({ loadValidator: createPanelValidatorLoader({}) });
    await screen.findByRole('alert');
    expect(props.telemetry.log).toHaveBeenCalledWith('error', 'form validator refused', expect.objectContaining({ code: 'VALIDATOR_MISSING' }));
  });

  it('passes the loader the panel id and the schema it renders', async () => {
    const loader = vi.fn<PanelValidatorLoader>(createPanelValidatorLoader(registry));
    setup({ loadValidator: loader });
    await ready();
    expect(loader).toHaveBeenCalledWith('test-form', panel.schema);
  });
});

describe('FormScreen: the real basic-info panel with its generated validator (npm run pack)', () => {
  // As the loader gives it: shared field definitions ($ref) inlined, as the validators were compiled.
  const real = loadProject().panels.get('basic-info-panel')?.value as FormPanel;
  const required = (real.schema.required ?? []) as string[];
  const sample: Record<string, string> = { firstName: 'Ada', lastName: "O'Neil", dob: '12/10/1985', phoneNumber: '2105550123' };
  const stored: Record<string, string> = { ...sample, dob: '1985-12-10' };

  it('renders every field with its label, validates and submits', async () => {
    const realContent = makeContent();
    const { props } = setup({ panel: real, content: realContent, view: makeView('basic-info-panel', 'self'), loadValidator: createPanelValidatorLoader(panelValidators) });
    await ready();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(realContent.text(real.title));
    for (const [field, key] of Object.entries(real.labels ?? {})) {
      // Radio groups are named by their legend (tests/ui/form-panels.test.tsx checks them).
      const ui = real.uiSchema?.[field] as { 'ui:widget'?: string } | undefined;
      if (ui?.['ui:widget'] === 'RadioWidget') continue;
      expect(screen.getByLabelText(realContent.text(key)).id).toBe(`root_${field}`);
    }
    await submit();
    const box = summary() as HTMLElement;
    expect(within(box).getByRole('heading').textContent).toBe(errorSummaryText(required.length, realContent));
    expect(within(box).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(
      Object.keys(real.schema.properties as object).filter((f) => required.includes(f)).map((f) => `#root_${f}`),
    );
    expect(required.filter((f) => !(f in sample))).toEqual([]); // a new required field needs a sample value here
    for (const f of required) type(f, sample[f] as string);
    await submit();
    expect(props.onSubmit).toHaveBeenCalledWith(Object.fromEntries(required.map((f) => [f, stored[f]])));
    expect(realContent.missing).toEqual([]);
  });

  it('has no axe violations with errors shown', async () => {
    const { container } = setup({ panel: real, content: makeContent(), view: makeView('basic-info-panel', 'self'), loadValidator: createPanelValidatorLoader(panelValidators), heldErrorKey: 'validation.required' });
    await ready();
    type('phoneNumber', '12');
    await submit();
    const results = await axe.run(container, AXE_OPTIONS);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});

describe('FormScreen: normalize and checks (issue 9: VAL-01, VAL-12, ADDR-16)', () => {
  const checked: FormPanel = {
    id: 'checked-form',
    kind: 'form',
    bind: 'eligibility.{variant}.test',
    title: 'test.form.title',
    schema: {
      type: 'object',
      required: ['phone'],
      properties: {
        phone: { type: 'string', pattern: '^[0-9]{10}$' },
        rank: { type: 'string', maxLength: 4 },
        startDate: { type: 'string', format: 'date' },
        endDate: { type: 'string', format: 'date' },
        line: { type: 'string' },
      },
    },
    labels: { phone: 'basicInfo.phoneNumber', rank: 'test.form.f1', startDate: 'test.form.f2', endDate: 'test.form.f3', line: 'test.form.f4' },
    messages: { required: 'validation.required', 'phone/pattern': 'validation.phone' },
    normalize: { phone: 'digits', rank: 'upper' },
    checks: [
      {
        field: 'endDate',
        invalidWhen: { rule: ['validation.dateBefore', { date: { var: 'form.endDate' }, limit: { var: 'form.startDate' } }] },
        message: 'validation.priorToEnlistment',
      },
      { field: 'line', invalidWhen: { rule: ['address.isPoBox', { text: { var: 'form.line' } }] }, message: 'validation.address.poBox' },
    ],
  };
  const namedRules: Record<string, Logic> = {};
  for (const file of ['rules/validation.rules.json', 'rules/address.rules.json']) {
    for (const r of (JSON.parse(readFileSync(file, 'utf8')) as { rules: { id: string; logic: Logic }[] }).rules) namedRules[r.id] = r.logic;
  }
  const engine = createRuleEngine({ namedRules, isKnownVar: (p) => p === 'form' || p.startsWith('form.') });
  const checkedFns = precompile(checked.schema);
  const checkedRegistry = { [checked.id]: { hash: stableHash(checked.schema), load: async () => checkedFns } };
  const setupChecked = (panelOver: Partial<FormPanel> = {}, over: Partial<FormScreenProps> = {}) => {
    const p = { ...checked, ...panelOver };
    return setup({
      panel: p,
      view: makeView('checked-form', 'self'),
      loadValidator: createPanelValidatorLoader({ [p.id]: checkedRegistry[checked.id] as (typeof checkedRegistry)[string] }),
      checkForm: (data) => checkForm(engine, p, data, {}, { today: '2026-11-22' }),
      ...over,
    });
  };

  it('validates and stores the normalised value while the field keeps what was typed: (210) 555-0123 is 2105550123', async () => {
    const { props } = setupChecked();
    await ready();
    type('phone', '(210) 555-0123');
    type('rank', 'sgt');
    await submit();
    expect(summary()).toBeNull();
    expect(input('phone').value).toBe('(210) 555-0123');
    expect(props.onSubmit).toHaveBeenCalledWith({ phone: '2105550123', rank: 'SGT' });
  });

  it("refuses a phone that is not 10 digits with 'Enter a valid phone number', and fills {limit} of maxLength", async () => {
    const { props } = setupChecked();
    await ready();
    type('phone', '555-1234');
    type('rank', 'toolong');
    await submit();
    expect(document.getElementById('root_phone__error')?.textContent).toBe('Enter a valid phone number');
    expect(document.getElementById('root_rank__error')?.textContent).toBe('Must be 4 characters or fewer');
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("shows a check's message beside its field and in the summary, and submits once it is fixed", async () => {
    const { props } = setupChecked();
    await ready();
    type('phone', '2105550123');
    type('startDate', '06/01/2010');
    type('endDate', '01/01/2009');
    type('line', 'P.O. Box 12');
    await submit();
    expect(document.getElementById('root_endDate__error')?.textContent).toBe("Can't Be Prior to Enlistment Date");
    expect(input('endDate').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('root_line__error')?.textContent).toBe("A physical address can't be a P.O. Box, PMB or General Delivery");
    const links = within(summary() as HTMLElement).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['#root_endDate', '#root_line']);
    expect(links[0]?.textContent).toBe("Field 3: Can't Be Prior to Enlistment Date");
    expect(props.onSubmit).not.toHaveBeenCalled();
    type('endDate', '06/01/2014');
    type('line', '12 Boxwood Lane');
    await submit();
    expect(props.onSubmit).toHaveBeenCalledWith({ phone: '2105550123', startDate: '2010-06-01', endDate: '2014-06-01', line: '12 Boxwood Lane' });
  });

  it("a check on an empty field and a failing rule show their message ('Unknown validation error' for the rule, VAL-02)", async () => {
    const broken: FormPanel['checks'] = [
      { field: 'rank', invalidWhen: { '!': { var: 'form.rank' } }, message: 'validation.required' },
      { field: 'line', invalidWhen: { '<': [{ age: [{ var: 'form.line' }] }, 18] }, message: 'validation.under18' },
    ];
    const { props } = setupChecked({ checks: broken });
    await ready();
    type('phone', '2105550123');
    type('line', 'not a date');
    await submit();
    expect(document.getElementById('root_rank__error')?.textContent).toBe('Required');
    expect(document.getElementById('root_line__error')?.textContent).toBe('Unknown validation error');
    expect(props.onSubmit).not.toHaveBeenCalled();
  });
});

describe('FormScreen: suppressed fields (VAL-16, VAL-17)', () => {
  it('a suppressed required field is not shown, not required and not stored', async () => {
    const { props } = setup({ suppressed: ['f3'], formData: { f3: 'Stored' } });
    await ready();
    expect(screen.queryByLabelText('Field 3')).toBeNull();
    fillAll(['f3']);
    await submit();
    expect(summary()).toBeNull();
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
    const stored = (props.onSubmit as ReturnType<typeof vi.fn>).mock.calls[0]?.[0] as Record<string, unknown>;
    expect(stored).not.toHaveProperty('f3');
    expect(stored.f1).toBe('Abc');
  });

  it('the same field is asked when nothing is suppressed', async () => {
    const { props } = setup();
    await ready();
    expect(screen.getByLabelText('Field 3')).toBeTruthy();
    fillAll(['f3']);
    await submit();
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(within(summary() as HTMLElement).getAllByRole('link').map((a) => a.textContent)).toEqual(['Field 3: Required']);
  });
});

describe('FormScreen: error summary entries name their field plainly', () => {
  it('a label that ends a sentence is not followed by a colon; a field in a labelled group carries the group', async () => {
    const grouped: FormPanel = {
      id: 'grouped-form',
      kind: 'form',
      bind: 'eligibility.{variant}.test',
      title: 'test.form.title',
      schema: {
        type: 'object',
        required: ['mailing', 'physical'],
        properties: {
          mailing: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } } },
          physical: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } } },
        },
      },
      labels: { mailing: 'test.g.mailing', physical: 'test.g.physical', 'mailing.kind': 'test.g.kind', 'physical.kind': 'test.g.kind' },
      messages: { required: 'validation.required' },
    };
    const c = makeContent({ 'test.form.title': 'Addresses', 'test.g.mailing': 'Mailing address', 'test.g.physical': 'Physical address', 'test.g.kind': 'Where is this address?' });
    const reg = { [grouped.id]: { hash: stableHash(grouped.schema), load: async () => precompile(grouped.schema) } };
    setup({ panel: grouped, content: c, view: makeView('grouped-form', 'self'), loadValidator: createPanelValidatorLoader(reg) });
    await ready();
    await submit();
    expect(within(summary() as HTMLElement).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Mailing address – Where is this address? Required',
      'Physical address – Where is this address? Required',
    ]);
  });
});
