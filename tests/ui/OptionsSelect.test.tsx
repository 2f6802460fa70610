// @vitest-environment jsdom
/**
 * Reference-data fields in a form (REF-01..REF-22, ADDR-14): OptionsSelect loads its list, shows
 * loading, follows its cascade parent (clearing a value the new list lacks), fails with a message
 * and a Retry that keep every typed answer (FIELD_LOAD_ERROR logged without personal data), and a
 * requiredWhenAvailable field is required exactly when its list holds options.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormPanel } from '../../src/engine/formats.generated';
import { stableHash } from '../../src/engine/hash';
import type { FormScreenProps } from '../../src/ui/contract';
import FormScreen from '../../src/ui/screens/FormScreen';
import { createPanelValidatorLoader } from '../../src/ui/screens/form/validators';
import { createReferenceQueryClient } from '../../src/app/reference-options';
import { AXE_OPTIONS, makeContent, makeTelemetry, makeView, precompile } from './helpers';
import { sandboxOptionsLoader, withQueryClient, type TestOptionsLoader } from './options-helpers';

const panel: FormPanel = {
  id: 'test-options',
  kind: 'form',
  bind: 'eligibility.{variant}.test',
  title: 'test.options.title',
  schema: {
    type: 'object',
    required: ['branch'],
    properties: {
      nickname: { type: 'string' },
      branch: { type: 'string' },
      rank: { type: 'string' },
      component: { type: 'string' },
      country: { type: 'string' },
      province: { type: 'string' },
    },
  },
  labels: { nickname: 'test.options.nickname', branch: 'test.options.branch', rank: 'test.options.rank', component: 'test.options.component', country: 'test.options.country', province: 'test.options.province' },
  messages: { required: 'validation.required' },
  options: {
    branch: { source: 'militaryBranches' },
    rank: { source: 'militaryRanks', params: { branch: 'branch' } },
    component: { source: 'militaryComponents', params: { branch: 'branch' } },
    country: { source: 'addressCountries' },
    province: { source: 'subdivisions', params: { countryCode: 'country' }, requiredWhenAvailable: true },
  },
};

const content = makeContent({
  'test.options.title': 'Your service',
  'test.options.nickname': 'Nickname',
  'test.options.branch': 'Branch of service',
  'test.options.rank': 'Rank',
  'test.options.component': 'Component',
  'test.options.country': 'Country',
  'test.options.province': 'Province',
});

const fns = precompile(panel.schema);
const registry = { [panel.id]: { hash: stableHash(panel.schema), load: async () => fns } };

function setup(over: Partial<FormScreenProps> = {}, loader: TestOptionsLoader = sandboxOptionsLoader(), client = createReferenceQueryClient()) {
  const props: FormScreenProps = {
    view: makeView('test-options', 'self'),
    content,
    telemetry: makeTelemetry(),
    canGoBack: false,
    onPrevious: vi.fn(),
    panel,
    formData: {},
    loadValidator: createPanelValidatorLoader(registry),
    onSubmit: vi.fn(),
    options: loader,
    ...over,
  };
  const result = render(withQueryClient(<FormScreen {...props} />, client));
  return { ...result, props, loader, client };
}

const select = (field: string): HTMLSelectElement => {
  const el = document.getElementById(`root_${field}`);
  if (!(el instanceof HTMLSelectElement)) throw new Error(`no select for ${field}`);
  return el;
};
const choose = (field: string, value: string) => fireEvent.change(select(field), { target: { value } });
const optionValues = (field: string) => [...select(field).options].map((o) => o.value).filter((v) => v !== '');
const loaded = (field: string) => waitFor(() => expect(select(field).getAttribute('data-options-state')).toBe('ready'));
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  });
};
/** Every id an element's aria-describedby names is on the page. */
const describedIdsExist = (el: HTMLElement) => {
  for (const id of (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)) expect(document.getElementById(id), `#${id}`).not.toBeNull();
};

afterEach(cleanup);

describe('OptionsSelect', () => {
  it('renders every field named in `options` as a native select with its visible label, loading first', async () => {
    const loader = sandboxOptionsLoader();
    const release = loader.hold();
    setup({}, loader);
    await screen.findByRole('button', { name: 'Continue' });
    expect(screen.getByLabelText('Branch of service')).toBe(select('branch'));
    expect(select('branch').getAttribute('data-options-state')).toBe('loading');
    expect(select('branch').getAttribute('aria-disabled')).toBe('true');
    expect(select('branch').getAttribute('aria-busy')).toBe('true');
    expect(within(select('branch').parentElement as HTMLElement).getByRole('status').textContent).toContain('Loading the list');
    describedIdsExist(select('branch'));
    await act(async () => release());
    await loaded('branch');
    expect(select('branch').getAttribute('aria-disabled')).toBeNull();
    expect([...select('branch').options].map((o) => o.textContent)).toEqual(['Select an option', 'Air Force', 'Army', 'Coast Guard', 'Marine Corps', 'Navy', 'Public Health Service', 'National Oceanic and Atmospheric Administration', 'Space Force']);
    expect(content.missing).toEqual([]);
  });

  it('a cascade child is disabled with a hint until its parent is chosen', async () => {
    setup();
    await loaded('branch');
    const rank = select('rank');
    expect(rank.getAttribute('aria-disabled')).toBe('true');
    expect(rank.disabled, 'focusable: the error summary can move focus to it').toBe(false);
    expect(rank.getAttribute('data-options-state')).toBe('waiting');
    const hintId = rank.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(hintId)?.textContent).toBe('Answer Branch of service first to see the choices.');
  });

  it('ranks and components follow the branch; a rank the new branch lacks is cleared', async () => {
    const { props } = setup();
    await loaded('branch');
    choose('branch', 'A');
    await loaded('rank');
    expect(optionValues('rank')).toContain('Sergeant First Class (E-7)');
    await loaded('component');
    expect(optionValues('component')).toEqual(['REG', 'RES', 'NG']);
    choose('rank', 'Sergeant First Class (E-7)');
    choose('component', 'NG');
    expect(select('rank').value).toBe('Sergeant First Class (E-7)');

    choose('branch', 'N');
    await waitFor(() => expect(optionValues('rank')[0]).toBe('Seaman Recruit (E-1)'));
    await waitFor(() => expect(select('rank').value).toBe(''));
    await waitFor(() => expect(optionValues('component')).toEqual(['REG', 'RES']));
    expect(select('component').value).toBe('');

    choose('rank', 'Chief Petty Officer (E-7)');
    await submit();
    expect(props.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ branch: 'N', rank: 'Chief Petty Officer (E-7)' }));
    expect(vi.mocked(props.onSubmit).mock.calls[0]?.[0]).not.toHaveProperty('component', 'NG');
  });

  it('keeps a value its new list still holds (coming back to the panel)', async () => {
    setup({ formData: { branch: 'MC', rank: 'Gunnery Sergeant (E-7)' } });
    await loaded('rank');
    expect(select('branch').value).toBe('MC');
    expect(select('rank').value).toBe('Gunnery Sergeant (E-7)');
  });

  it('a failed list: a message and Retry beside the field, FIELD_LOAD_ERROR logged, typed answers kept', async () => {
    const loader = sandboxOptionsLoader();
    loader.failNext('militaryBranches');
    const { props } = setup({}, loader);
    await screen.findByRole('button', { name: 'Continue' });
    fireEvent.change(document.getElementById('root_nickname') as HTMLInputElement, { target: { value: 'Sarge' } });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    const failure = retry.closest('[data-options="failed"]') as HTMLElement;
    expect(failure.getAttribute('role')).toBe('alert');
    expect(failure.textContent).toContain("We couldn't load this list");
    expect(select('branch').getAttribute('aria-describedby')).toContain(failure.id);
    describedIdsExist(select('branch'));
    await waitFor(() =>
      expect(props.telemetry.log).toHaveBeenCalledWith('error', 'reference list failed to load', expect.objectContaining({ code: 'FIELD_LOAD_ERROR', panel: 'test-options', field: 'branch', source: 'militaryBranches', status: 503 })),
    );
    const logged = JSON.stringify(vi.mocked(props.telemetry.log).mock.calls);
    expect(logged).not.toContain('Sarge');

    await act(async () => {
      fireEvent.click(retry);
    });
    await loaded('branch');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(select('branch')));
    expect((document.getElementById('root_nickname') as HTMLInputElement).value).toBe('Sarge');
    expect(loader.load.mock.calls.filter((c) => c[0].source === 'militaryBranches')).toHaveLength(2);
    expect(vi.mocked(props.telemetry.log).mock.calls.filter((c) => c[2]?.code === 'FIELD_LOAD_ERROR')).toHaveLength(1);
  });

  it("a child value of the old parent is cleared when the new parent's list fails; a stored value is kept when its list fails", async () => {
    const loader = sandboxOptionsLoader();
    setup({ formData: { branch: 'A' } }, loader);
    await loaded('country');
    choose('country', 'DEU');
    await loaded('province');
    choose('province', 'BY');
    loader.failNext('subdivisions');
    choose('country', 'FRA');
    await screen.findByRole('button', { name: 'Try again' });
    await waitFor(() => expect(select('province').value).toBe(''));
    cleanup();

    const again = sandboxOptionsLoader();
    again.failNext('militaryRanks');
    setup({ formData: { branch: 'A', rank: 'Private (E-1)' } }, again);
    await screen.findByRole('button', { name: 'Try again' });
    expect(select('rank').value).toBe('Private (E-1)');
  });

  it('province is required exactly when the country has subdivisions (ADDR-14)', async () => {
    const { props } = setup({ formData: { branch: 'A' } });
    await loaded('country');
    choose('country', 'DEU');
    await loaded('province');
    expect(optionValues('province')).toContain('BY');
    // REF-07: the subdivisions give shortName only; the code is the label.
    expect([...select('province').options].find((o) => o.value === 'BY')?.textContent).toBe('BY');
    expect(select('province').getAttribute('aria-required')).toBe('true');
    await submit();
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(select('province').getAttribute('aria-invalid')).toBe('true');
    describedIdsExist(select('province'));
    expect(document.getElementById('root_province__error')?.textContent).toBe('Required');

    choose('country', 'SGP');
    await loaded('province');
    expect(optionValues('province')).toEqual([]);
    expect(select('province').getAttribute('aria-disabled')).toBe('true');
    expect(select('province').getAttribute('aria-required')).toBeNull();
    await submit();
    expect(props.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ branch: 'A', country: 'SGP' }));
  });

  it('a select in error is aria-invalid and described by its error', async () => {
    setup();
    await loaded('branch');
    await submit();
    const branch = select('branch');
    expect(branch.getAttribute('aria-invalid')).toBe('true');
    expect(branch.getAttribute('aria-describedby')).toBe('root_branch__error');
    describedIdsExist(branch);
  });

  it('lists are cached: a second form asks nothing again', async () => {
    const client = createReferenceQueryClient();
    const loader = sandboxOptionsLoader();
    setup({}, loader, client);
    await loaded('branch');
    await loaded('country');
    cleanup();
    setup({}, loader, client);
    await loaded('branch');
    expect(loader.load.mock.calls.map((c) => c[0].source).sort()).toEqual(['addressCountries', 'militaryBranches']);
  });

  it('without a loader the field says its list is unavailable', async () => {
    render(<FormScreen view={makeView('test-options')} content={content} telemetry={makeTelemetry()} canGoBack={false} onPrevious={vi.fn()} panel={panel} formData={{}} loadValidator={createPanelValidatorLoader(registry)} onSubmit={vi.fn()} />);
    await screen.findByRole('button', { name: 'Continue' });
    expect(select('branch').getAttribute('data-options-state')).toBe('unavailable');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('freeTextWhenEmpty: a country with subdivisions gets the list (Canada, Mexico, Australia), one without a text box, optional; a province of the country before is cleared (issue 20, ADDR-14, ADDR-27)', async () => {
    const free: FormPanel = { ...panel, options: { ...panel.options, province: { source: 'subdivisions', params: { countryCode: 'country' }, requiredWhenAvailable: true, freeTextWhenEmpty: true } } };
    const { props, container } = setup({ panel: free, formData: { branch: 'A' } });
    await loaded('country');
    expect(optionValues('country')).toEqual(expect.arrayContaining(['AUS', 'CAN', 'MEX']));
    for (const [country, province] of [['CAN', 'ON'], ['MEX', 'JAL'], ['AUS', 'NSW']] as const) {
      choose('country', country);
      await loaded('province');
      expect(optionValues('province'), country).toContain(province);
    }
    choose('province', 'NSW');
    choose('country', 'SGP');
    const box = await waitFor(() => {
      const el = document.getElementById('root_province');
      if (!(el instanceof HTMLInputElement)) throw new Error('no text box yet');
      return el;
    });
    expect(box.getAttribute('data-options-state')).toBe('free-text');
    await waitFor(() => expect(box.value).toBe(''));
    expect(box.getAttribute('aria-required')).toBeNull();
    describedIdsExist(box);
    expect(screen.getByLabelText('Province')).toBe(box);
    const results = await axe.run(container, AXE_OPTIONS);
    expect(results.violations.map((v) => v.id)).toEqual([]);
    fireEvent.change(box, { target: { value: 'Central Region' } });
    await waitFor(() => expect((document.getElementById('root_province') as HTMLInputElement).value).toBe('Central Region'));
    await submit();
    expect(props.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ country: 'SGP', province: 'Central Region' }));
  });

  it('axe finds no violations while loading, waiting, failed and loaded', async () => {
    const loader = sandboxOptionsLoader();
    loader.failNext('addressCountries');
    const { container } = setup({}, loader);
    await loaded('branch');
    await screen.findByRole('button', { name: 'Try again' });
    const results = await axe.run(container, AXE_OPTIONS);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
