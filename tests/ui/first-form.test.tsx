// @vitest-environment jsdom
/**
 * The form's first paint (src/ui/screens/form/FirstForm.tsx, issue 11) draws a panel without
 * rjsf and the full form (FormScreen, rjsf) then replaces it: the two must be the same page, or
 * the applicant sees the form jump and a screen reader meets other controls. For every form
 * panel of the project the first paint can draw, in every variant, empty and with data, the
 * <form> each renders is compared node by node (tags, attributes, text); a panel it cannot draw
 * must say so (the shell then shows the processing line until the full form is there). Also:
 * what is typed, the focus and a Continue pressed in the first paint reach the full form.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormPanel } from '../../src/engine/formats.generated';
import type { JsonObject } from '../../src/engine/state';
import { panelValidators } from '../../src/generated/panel-validators/index';
import FormScreen from '../../src/ui/screens/FormScreen';
import { FirstForm, firstFields } from '../../src/ui/screens/form/FirstForm';
import { createPanelValidatorLoader } from '../../src/ui/screens/form/validators';
import type { FormHandover, OptionsLoader } from '../../src/ui/contract';
import { loadProject } from '../../tools/lib/project';
import { makeContent, makeTelemetry, makeView } from './helpers';
import { sandboxOptionsLoader, withQueryClient } from './options-helpers';

const docs = loadProject();
const formPanels = [...docs.panels.values()].map((d) => d.value).filter((p): p is FormPanel => p.kind === 'form');
const content = makeContent();
const loadValidator = createPanelValidatorLoader(panelValidators);

afterEach(cleanup);

/** Lists that stay loading: the full form's first frame, as the first paint draws its selects. */
function loadingOptions(): OptionsLoader {
  const real = sandboxOptionsLoader();
  return { resolve: real.resolve, load: () => new Promise(() => undefined) };
}

/** A node as a comparable tree: tag, sorted attributes (React's generated ids normalised), text, children. */
function shape(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const attrs = [...node.attributes].map((a) => `${a.name}=${a.value}`).sort();
  const value = node instanceof HTMLInputElement || node instanceof HTMLSelectElement ? [`.value=${node.value}`] : [];
  const checked = node instanceof HTMLInputElement && node.type === 'radio' ? [`.checked=${String(node.checked)}`] : [];
  return [node.tagName.toLowerCase(), [...attrs, ...value, ...checked], [...node.childNodes].map(shape)];
}

function firstPaint(panel: FormPanel, variant: string, formData: JsonObject, extra: Partial<Parameters<typeof FirstForm>[0]> = {}) {
  return render(
    <FirstForm
      view={makeView(panel.id, variant)}
      content={content}
      canGoBack
      onPrevious={vi.fn()}
      panel={panel}
      formData={formData}
      suppressed={[]}
      prepare={() => new Promise(() => undefined)}
      onReady={vi.fn()}
      {...extra}
    />,
  );
}

async function fullForm(panel: FormPanel, variant: string, formData: JsonObject, handover?: FormHandover, onSubmit = vi.fn()) {
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
        options={loadingOptions()}
        onSubmit={onSubmit}
        {...(handover ? { handover } : {})}
      />,
    ),
  );
  await screen.findByRole('button', { name: 'Continue' });
  return view;
}

/** Data for every field the first paint draws: text, a date, a choice, a list value. */
function sample(panel: FormPanel): JsonObject {
  const data: JsonObject = {};
  for (const f of firstFields(panel, content, 'self', []) ?? []) {
    if (f.kind === 'radio') data[f.name] = f.choices[f.choices.length - 1]?.value ?? null;
    else if (f.kind === 'date') data[f.name] = '1980-02-29';
    else if (f.kind === 'options') data[f.name] = 'USA';
    else data[f.name] = 'Ann';
  }
  return data;
}

const drawn = formPanels.filter((p) => firstFields(p, content, 'self', []) !== undefined);

describe('the form first paint (issue 11)', () => {
  it('draws the panels a product may open on (prefill-basic-info-panel, basic-info-panel, FLOW-07, FLOW-11)', () => {
    expect(drawn.map((p) => p.id)).toEqual(expect.arrayContaining(['prefill-basic-info-panel', 'basic-info-panel']));
  });

  it('leaves a panel with a control it does not draw to the full form (the SSN panel, the address blocks)', () => {
    for (const id of ['social-security-panel', 'self-address-panel']) {
      const panel = formPanels.find((p) => p.id === id);
      expect(panel, id).toBeDefined();
      expect(firstFields(panel as FormPanel, content, 'self', []), id).toBeUndefined();
    }
    const panel = formPanels.find((p) => p.id === 'social-security-panel') as FormPanel;
    firstPaint(panel, 'self', {});
    expect(screen.getByRole('status').textContent).toContain(content.text('app.screens.processing'));
    expect(document.querySelector('form')).toBeNull();
  });

  it("gives a text input its field's maxLength as maxlength, in both renderers; none for a field normalised to digits (issue 22)", async () => {
    const panel = formPanels.find((p) => p.id === 'basic-info-panel') as FormPanel;
    const limits = (): Record<string, string | null> =>
      Object.fromEntries(['firstName', 'middleName', 'lastName', 'emailAddress', 'phoneNumber'].map((f) => [f, document.getElementById(`root_${f}`)?.getAttribute('maxlength') ?? null]));
    const expected = { firstName: '20', middleName: '1', lastName: '20', emailAddress: '80', phoneNumber: null };
    firstPaint(panel, 'self', {});
    expect(limits()).toEqual(expected);
    cleanup();
    await fullForm(panel, 'self', {});
    expect(limits()).toEqual(expected);
  });

  for (const panel of drawn) {
    for (const variant of ['self', ...Object.keys(panel.variants ?? {})]) {
      for (const filled of [false, true]) {
        it(`${panel.id} (${variant}, ${filled ? 'with data' : 'empty'}): the first paint's form is the full form's`, async () => {
          const data = filled ? sample(panel) : {};
          firstPaint(panel, variant, data);
          const first = shape(document.querySelector('form') as HTMLFormElement);
          cleanup();
          await fullForm(panel, variant, data);
          const full = shape(document.querySelector('form') as HTMLFormElement);
          expect(first).toEqual(full);
        });
      }
    }
  }

  it('hides a suppressed field as the full form does (VAL-16)', async () => {
    const panel = formPanels.find((p) => p.id === 'basic-info-panel') as FormPanel;
    const data = { maritalStatus: 'M' };
    firstPaint(panel, 'self', data, { suppressed: ['maritalStatus'] });
    const first = shape(document.querySelector('form') as HTMLFormElement);
    expect(document.getElementById('root_maritalStatus')?.getAttribute('type')).toBe('hidden');
    cleanup();
    render(
      withQueryClient(
        <FormScreen view={makeView(panel.id)} content={content} telemetry={makeTelemetry()} canGoBack onPrevious={vi.fn()} panel={panel} formData={data} loadValidator={loadValidator} options={loadingOptions()} onSubmit={vi.fn()} suppressed={['maritalStatus']} />,
      ),
    );
    await screen.findByRole('button', { name: 'Continue' });
    expect(first).toEqual(shape(document.querySelector('form') as HTMLFormElement));
  });

  it('hands over what was typed, the focus with its selection, and a Continue pressed meanwhile', async () => {
    const panel = formPanels.find((p) => p.id === 'prefill-basic-info-panel') as FormPanel;
    let finish: () => void = () => undefined;
    const onReady = vi.fn<(h: Omit<FormHandover, 'validator'>) => void>();
    firstPaint(panel, 'self', { lastName: 'Prefilled' }, { prepare: () => new Promise<void>((resolve) => (finish = resolve)), onReady });
    const first = document.getElementById('root_firstName') as HTMLInputElement;
    fireEvent.change(first, { target: { value: 'Ann' } });
    fireEvent.change(document.getElementById('root_dob') as HTMLInputElement, { target: { value: '02/29/1980' } });
    first.focus();
    first.setSelectionRange(1, 2);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20)); // the first paint's frame, then prepare
      finish();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(onReady).toHaveBeenCalledTimes(1);
    const handover = onReady.mock.calls[0]?.[0] as FormHandover;
    expect(handover.values).toEqual({ lastName: 'Prefilled', firstName: 'Ann', dob: '1980-02-29' });
    expect(handover.focus).toEqual({ id: 'root_firstName', start: 1, end: 2 });
    expect(handover.submit).toBe(true);
    cleanup();

    // The full form starts from there: the values, the focus and selection, and the submit (here with errors: no phone).
    const onSubmit = vi.fn();
    const validator = await loadValidator(panel.id, panel.schema);
    await fullForm(panel, 'self', { lastName: 'Prefilled' }, { ...handover, validator }, onSubmit);
    const input = document.getElementById('root_firstName') as HTMLInputElement;
    expect(input.value).toBe('Ann');
    expect((document.getElementById('root_dob') as HTMLInputElement).value).toBe('02/29/1980');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(document.querySelector('[data-part="error-summary"]')).not.toBeNull();
  });

  it('does not move the focus to the heading when it takes over (the applicant is typing)', async () => {
    const panel = formPanels.find((p) => p.id === 'prefill-basic-info-panel') as FormPanel;
    const validator = await loadValidator(panel.id, panel.schema);
    await fullForm(panel, 'self', {}, { values: { firstName: 'Ann' }, focus: { id: 'root_firstName', start: 3, end: 3 }, submit: false, validator });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 30));
    });
    expect(document.activeElement?.id).toBe('root_firstName');
    expect((document.activeElement as HTMLInputElement).selectionStart).toBe(3);
    expect(document.querySelector('[data-screen]')?.getAttribute('data-state')).toBe('ready');
  });

  it('hands over a focus still on the heading: the full form focuses its own heading (never the page body)', async () => {
    const panel = formPanels.find((p) => p.id === 'prefill-basic-info-panel') as FormPanel;
    let finish: () => void = () => undefined;
    const onReady = vi.fn<(h: Omit<FormHandover, 'validator'>) => void>();
    firstPaint(panel, 'self', {}, { prepare: () => new Promise<void>((resolve) => (finish = resolve)), onReady });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 30)); // the heading takes focus once painted
    });
    expect(document.activeElement?.tagName).toBe('H1');
    await act(async () => {
      finish();
      await new Promise((r) => setTimeout(r, 0));
    });
    const handover = onReady.mock.calls[0]?.[0] as FormHandover;
    expect(handover.focus).toBe('heading');
    cleanup();
    const validator = await loadValidator(panel.id, panel.schema);
    await fullForm(panel, 'self', {}, { ...handover, validator });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 30));
    });
    expect(document.activeElement?.tagName).toBe('H1');
  });
});
