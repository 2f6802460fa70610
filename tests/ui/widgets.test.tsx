// @vitest-environment jsdom
/**
 * Form widgets (issue 9 "For a person", "Defects"): one registry whose names match the
 * engine's list; yes/no as radio buttons; selects and radios marked aria-invalid in error;
 * every aria-describedby id on the page; the SSN masked with a Show/Hide toggle and stored
 * without dashes; a consent box (`const: true`) never pre-ticked.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormPanel } from '../../src/engine/formats.generated';
import { stableHash } from '../../src/engine/hash';
import { WIDGET_NAMES } from '../../src/engine/widgets';
import type { FormScreenProps } from '../../src/ui/contract';
import FormScreen from '../../src/ui/screens/FormScreen';
import { widgets } from '../../src/ui/screens/form/widgets';
import { ssnValueFor } from '../../src/ui/screens/form/SsnWidget';
import { createPanelValidatorLoader } from '../../src/ui/screens/form/validators';
import { loadProject } from '../../tools/lib/project';
import { AXE_OPTIONS, makeContent, makeTelemetry, makeView, precompile } from './helpers';

const panel: FormPanel = {
  id: 'widgets-form',
  kind: 'form',
  bind: 'eligibility.{variant}.test',
  title: 'w.title',
  schema: {
    type: 'object',
    required: ['married', 'suffix', 'ssn', 'consent', 'dob', 'code'],
    properties: {
      married: { type: 'boolean' },
      suffix: { type: 'string', enum: ['JR', 'SR', 'II', 'III', 'IV', 'V'] },
      ssn: { type: 'string', pattern: '^[0-9]{9}$' },
      consent: { type: 'boolean', const: true },
      dob: { type: 'string', format: 'date' },
      code: { type: 'string', minLength: 3 },
      note: { type: 'string' },
    },
  },
  uiSchema: { married: { 'ui:widget': 'RadioWidget' }, ssn: { 'ui:widget': 'SsnWidget' }, consent: { 'ui:widget': 'CheckboxWidget' } },
  labels: { married: 'w.married', suffix: 'w.suffix', ssn: 'w.ssn', consent: 'w.consent', dob: 'w.dob', code: 'w.code', note: 'w.note' },
  help: { code: 'w.code.help', ssn: 'w.ssn.help' },
  enumLabels: { suffix: { JR: 'w.jr', SR: 'w.sr', II: 'w.ii', III: 'w.iii', IV: 'w.iv', V: 'w.v' } },
  messages: { required: 'validation.required', pattern: 'validation.invalidFormat', format: 'validation.invalidDate', minLength: 'validation.invalidFormat', const: 'validation.required' },
};

const content = makeContent({
  'w.title': 'Widgets',
  'w.married': 'Are you married?',
  'w.suffix': 'Suffix',
  'w.ssn': 'Social security number',
  'w.ssn.help': 'Nine digits',
  'w.consent': 'I agree to the search',
  'w.dob': 'Date of birth',
  'w.code': 'Code',
  'w.code.help': 'At least three characters',
  'w.note': 'Note',
  'w.jr': 'Jr.',
  'w.sr': 'Sr.',
  'w.ii': 'II',
  'w.iii': 'III',
  'w.iv': 'IV',
  'w.v': 'V',
});

function setup(over: Partial<FormScreenProps> = {}) {
  const p = over.panel ?? panel;
  const fns = precompile(p.schema);
  const props: FormScreenProps = {
    view: makeView(p.id, 'self'),
    content,
    telemetry: makeTelemetry(),
    canGoBack: false,
    onPrevious: vi.fn(),
    panel: p,
    formData: {},
    loadValidator: createPanelValidatorLoader({ [p.id]: { hash: stableHash(p.schema), load: async () => fns } }),
    onSubmit: vi.fn(),
    ...over,
  };
  return { ...render(<FormScreen {...props} />), props };
}

const ready = () => screen.findByRole('button', { name: 'Continue' });
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  });
};
const byId = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no element #${id}`);
  return el as T;
};

/** Every aria-describedby id that points at nothing on the page. */
function danglingDescriptions(root: ParentNode = document): string[] {
  const out: string[] = [];
  for (const el of Array.from(root.querySelectorAll('[aria-describedby]'))) {
    for (const id of (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)) {
      if (!document.getElementById(id)) out.push(`${el.id || el.tagName}: ${id}`);
    }
  }
  return out;
}

afterEach(cleanup);

describe('the widget registry', () => {
  it('holds exactly the names the engine lists for lint (src/engine/widgets.ts)', () => {
    expect(Object.keys(widgets).sort()).toEqual([...WIDGET_NAMES].sort());
  });
});

describe('form widgets over a rendered form', () => {
  it('every aria-describedby id exists, before and after a submit with errors (selects included)', async () => {
    setup();
    await ready();
    expect(danglingDescriptions()).toEqual([]);
    await submit();
    expect(document.querySelectorAll('.mu-field-error').length).toBeGreaterThan(0);
    expect(danglingDescriptions()).toEqual([]);
  });

  it('marks a select in error aria-invalid, and describes it by its error', async () => {
    setup();
    await ready();
    const select = byId<HTMLSelectElement>('root_suffix');
    expect(select.tagName).toBe('SELECT');
    expect(select.getAttribute('aria-invalid')).toBeNull();
    await submit();
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('root_suffix__error');
    fireEvent.change(select, { target: { value: '1' } });
    await submit();
    expect(select.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a yes/no field as radio buttons in a fieldset named by the label, aria-invalid in error', async () => {
    const { props } = setup();
    await ready();
    const group = screen.getByRole('group', { name: 'Are you married?' });
    expect(group.tagName).toBe('FIELDSET');
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual(['Yes', 'No']);
    // One name: the browser's arrow keys move between them and select, as a native radio group does.
    expect(new Set(radios.map((r) => r.name)).size).toBe(1);
    expect(radios.every((r) => !r.checked)).toBe(true);
    await submit();
    expect(radios.every((r) => r.getAttribute('aria-invalid') === 'true')).toBe(true);
    fireEvent.click(radios[1] as HTMLInputElement);
    expect((radios[1] as HTMLInputElement).checked).toBe(true);
    fireEvent.change(byId('root_suffix'), { target: { value: '0' } });
    fireEvent.change(byId('root_ssn'), { target: { value: '123456789' } });
    fireEvent.click(byId('root_consent'));
    fireEvent.change(byId('root_dob'), { target: { value: '01/15/1990' } });
    fireEvent.change(byId('root_code'), { target: { value: 'abc' } });
    await submit();
    expect(props.onSubmit).toHaveBeenCalledWith({ married: false, suffix: 'JR', ssn: '123456789', consent: true, dob: '1990-01-15', code: 'abc' });
  });

  it('masks the SSN with a Show/Hide toggle, numeric keypad, no autocomplete, stored without dashes', async () => {
    const { props } = setup();
    await ready();
    const ssn = byId<HTMLInputElement>('root_ssn');
    expect(ssn.type).toBe('password');
    expect(ssn.inputMode).toBe('numeric');
    expect(ssn.getAttribute('autocomplete')).toBe('off');
    const toggle = screen.getByRole('button', { name: 'Show' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('root_ssn');
    fireEvent.click(toggle);
    expect(ssn.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.textContent).toBe('Hide');
    fireEvent.change(ssn, { target: { value: '123-45-6789' } });
    expect(ssn.value).toBe('123-45-6789');
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.change(byId('root_suffix'), { target: { value: '0' } });
    fireEvent.click(byId('root_consent'));
    fireEvent.change(byId('root_dob'), { target: { value: '01/15/1990' } });
    fireEvent.change(byId('root_code'), { target: { value: 'abc' } });
    await submit();
    expect(props.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ ssn: '123456789', married: true }));
  });

  it('stores the SSN typed with dashes or spaces as its digits', () => {
    expect(ssnValueFor('123-45-6789')).toBe('123456789');
    expect(ssnValueFor('123 45 6789')).toBe('123456789');
    expect(ssnValueFor('123456789')).toBe('123456789');
    expect(ssnValueFor('')).toBeUndefined();
    expect(ssnValueFor('12a-45-6789')).toBe('12a456789'); // left for the pattern to refuse
  });

  it('never pre-ticks a consent box (const: true): it starts unticked and unset, and must be ticked', async () => {
    const { props } = setup();
    await ready();
    const consent = byId<HTMLInputElement>('root_consent');
    expect(consent.type).toBe('checkbox');
    expect(consent.checked).toBe(false);
    expect(screen.getByLabelText('I agree to the search')).toBe(consent);
    await submit();
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(byId('root_consent__error').textContent).toBe(content.text('validation.required'));
    fireEvent.click(consent);
    expect(consent.checked).toBe(true);
    fireEvent.click(consent);
    expect(consent.checked).toBe(false);
  });

  it('has no axe violations with errors shown', async () => {
    const { container } = setup();
    await ready();
    await submit();
    const results = await axe.run(container, AXE_OPTIONS);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});

describe('every real form panel', () => {
  const forms = [...loadProject().panels.values()].map((d) => d.value).filter((p): p is FormPanel => p.kind === 'form');

  it.each(forms.map((p) => [p.id, p] as const))('%s: no box pre-ticked, no choice pre-made, every aria-describedby id on the page', async (_id, p) => {
    setup({ panel: p, content: makeContent(), view: makeView(p.id, 'self') });
    await ready();
    expect(Array.from(document.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')).filter((i) => i.checked).map((i) => i.id)).toEqual([]);
    expect(danglingDescriptions()).toEqual([]);
    await submit();
    expect(danglingDescriptions()).toEqual([]);
    for (const select of Array.from(document.querySelectorAll('select'))) {
      const inError = document.getElementById(`${select.id}__error`) !== null;
      expect(select.getAttribute('aria-invalid') === 'true', select.id).toBe(inError);
    }
  });
});
