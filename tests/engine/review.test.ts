/**
 * Review pages (issue 9, the "check your answers" pattern) and shared field definitions:
 * Change opens the step that asked and comes back; an answer that ends eligibility does not
 * come back; Previous from a changed panel returns to the review; fields defined once under
 * schemas/fields/ are inlined into every panel that refers to them.
 */
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../tools/lib/project';
import { back, current, forward, resolveFlow, startFlow, submitAnswer, type Flow } from '../../src/engine/flow';
import { changeAnswer, completeCommand, confirmReview } from '../../src/engine/flow-moves';
import { scenarioInput } from '../../src/engine/rule-tables';
import { leafFields, reviewConsent, reviewSections } from '../../src/engine/review';
import { simulate, type SimulateInput } from '../../src/engine/simulate';
import { createFormChecker } from '../../tools/lib/form-checker';
import { PROJECT_ROOT } from '../../tools/lib/project';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getPath } from '../../src/engine/state';
import { formatDiagnostic } from '../../src/engine/diagnostics';
import type { JsonValue } from '../../src/rules/index';
import { miniProject } from './mini';
import { displayValue } from '../../src/ui/screens/review/display';

const ctx = { today: '2026-11-22' };

const FIELDS = {
  id: 'people',
  $defs: {
    name: { type: 'string', maxLength: 20, pattern: '^[A-Za-z][A-Za-z \'-]*$' },
    age: { type: 'string', pattern: '^[0-9]{1,3}$' },
    nick: { $ref: '#/$defs/name' },
  },
};

const form = (id: string, properties: Record<string, JsonValue>): JsonValue => ({
  id,
  kind: 'form',
  bind: 'eligibility.{variant}.personalInfo',
  title: 'c.title',
  schema: { type: 'object', properties },
  labels: Object.fromEntries(Object.keys(properties).map((k) => [k, 'c.answer'])),
});

function project(extra: Record<string, JsonValue> = {}) {
  return miniProject({
    'schemas/fields/people.json': FIELDS,
    'schemas/panels/fa.json': form('fa', { firstName: { $ref: '../fields/people.json#/$defs/name' }, lastName: { $ref: '../fields/people.json#/$defs/nick' } }),
    'schemas/panels/fb.json': form('fb', { phoneNumber: { type: 'string' } }),
    'schemas/panels/rv.json': {
      id: 'rv',
      kind: 'review',
      title: 'c.title',
      sections: [
        { title: 'c.answer', module: 'r', step: 'fa' },
        { title: 'c.answer', module: 'r', step: 'fb', mask: { phoneNumber: 'last4' } },
      ],
    },
    'flows/modules/r.json': {
      id: 'r',
      start: 'fa',
      steps: {
        fa: { kind: 'panel', next: [{ when: { '===': [{ var: 'eligibility.self.personalInfo.firstName' }, 'Kid'] }, to: 'young', reasons: ['UNDER_18'] }, { to: 'fb' }] },
        fb: { kind: 'panel', next: [{ to: 'rv' }] },
        rv: { kind: 'panel', next: [{ to: '@end' }] },
        young: { kind: 'milestone', milestone: 'military-not-qualified', content: 'notQualified' },
      },
    },
    'flows/products/p.json': { id: 'p', config: { productName: 'c.title' }, modules: ['r'] },
    ...extra,
  });
}

function flowOf(extra: Record<string, JsonValue> = {}): Flow {
  const docs = loadProject(project(extra));
  expect(docs.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([]);
  const { flow } = resolveFlow(docs, 'p');
  if (!flow) throw new Error('no flow');
  return flow;
}

function atReview(flow: Flow) {
  let s = startFlow(flow, ctx);
  s = submitAnswer(flow, s, { firstName: 'Ada', lastName: 'Lovelace' }, ctx);
  s = submitAnswer(flow, s, { phoneNumber: '2105550123' }, ctx);
  expect(current(flow, s).step).toBe('rv');
  return s;
}

describe('shared field definitions (schemas/fields)', () => {
  it('inlines a $ref, also one that refers to another definition', () => {
    const flow = flowOf();
    const panel = flow.docs.panels.get('fa')?.value;
    expect(panel?.kind === 'form' && panel.schema.properties).toEqual({ firstName: FIELDS.$defs.name, lastName: FIELDS.$defs.name });
  });
  it('reports an unknown file or definition at the $ref, with what exists', () => {
    const docs = loadProject(project({ 'schemas/panels/fb.json': form('fb', { phoneNumber: { $ref: '../fields/people.json#/$defs/phone' }, x: { $ref: '../fields/nope.json#/$defs/a' } }) }));
    const messages = docs.diagnostics.filter((d) => d.file === 'schemas/panels/fb.json').map(formatDiagnostic);
    expect(messages.some((m) => /schemas\/panels\/fb\.json:\d+:\d+ error .*no definition "phone" \(it has: age, name, nick\)/.test(m))).toBe(true);
    expect(messages.some((m) => /no fields file "schemas\/fields\/nope\.json"/.test(m))).toBe(true);
  });
});

describe('review pages and Change links', () => {
  it('lists the answered sections in order, with masks', () => {
    const flow = flowOf();
    const s = atReview(flow);
    const panel = flow.docs.panels.get('rv')?.value;
    if (panel?.kind !== 'review') throw new Error('no review');
    const sections = reviewSections(flow, panel, s, ctx);
    expect(sections.map((x) => x.section.step)).toEqual(['fa', 'fb']);
    expect(sections[0]?.entries).toEqual([
      { field: 'firstName', value: 'Ada' },
      { field: 'lastName', value: 'Lovelace' },
    ]);
    expect(sections[1]?.entries).toEqual([{ field: 'phoneNumber', value: '2105550123', mask: 'last4' }]);
  });

  it('a section shows only for a panel answered on the way: another panel storing into the same data is not shown', () => {
    const flow = flowOf({
      'schemas/panels/fc.json': form('fc', { firstName: { type: 'string' } }),
      'schemas/panels/rv.json': {
        id: 'rv',
        kind: 'review',
        title: 'c.title',
        sections: [
          { title: 'c.answer', module: 'r', step: 'fa' },
          { title: 'c.answer', module: 'r', step: 'fc' },
        ],
      },
      'flows/modules/r.json': {
        id: 'r',
        start: 'fa',
        steps: {
          fa: { kind: 'panel', next: [{ when: false, to: 'fc' }, { to: 'fb' }] },
          fb: { kind: 'panel', next: [{ to: 'rv' }] },
          fc: { kind: 'panel', next: [{ to: 'rv' }] },
          rv: { kind: 'panel', next: [{ to: '@end' }] },
        },
      },
    });
    const s = atReview(flow);
    const panel = flow.docs.panels.get('rv')?.value;
    if (panel?.kind !== 'review') throw new Error('no review');
    expect(reviewSections(flow, panel, s, ctx).map((x) => x.section.step)).toEqual(['fa']);
  });

  it('Change opens the step and comes back to the review after it, with the new answer', () => {
    const flow = flowOf();
    let s = changeAnswer(flow, atReview(flow), { module: 'r', step: 'fa' }, ctx);
    expect(current(flow, s).step).toBe('fa');
    s = submitAnswer(flow, s, { firstName: 'Grace', lastName: 'Hopper' }, ctx);
    expect(current(flow, s).step).toBe('rv');
    expect(getPath(s, 'eligibility.self.personalInfo.firstName')).toBe('Grace');
    expect(getPath(s, 'flow.returnTo')).toBeUndefined();
  });

  it('an answer that ends eligibility goes to its milestone, not back', () => {
    const flow = flowOf();
    let s = changeAnswer(flow, atReview(flow), { module: 'r', step: 'fa' }, ctx);
    s = submitAnswer(flow, s, { firstName: 'Kid' }, ctx);
    expect(current(flow, s).step).toBe('young');
    expect(getPath(s, 'eligibility.reasons')).toEqual(['UNDER_18']);
    expect(getPath(s, 'flow.returnTo')).toBeUndefined();
  });

  it('Previous from the changed panel returns to the review and ends the change', () => {
    const flow = flowOf();
    let s = changeAnswer(flow, atReview(flow), { module: 'r', step: 'fb' }, ctx);
    expect(current(flow, s).step).toBe('fb');
    s = back(flow, s);
    expect(current(flow, s).step).toBe('rv');
    expect(getPath(s, 'flow.returnTo')).toBeUndefined();
  });

  it('Change is refused away from a review page or for a section it does not have', () => {
    const flow = flowOf();
    const s = startFlow(flow, ctx);
    expect(() => changeAnswer(flow, s, { module: 'r', step: 'fa' }, ctx)).toThrow(/review page only/);
    expect(() => changeAnswer(flow, atReview(flow), { module: 'r', step: 'young' }, ctx)).toThrow(/no section/);
  });

  it('lint reports a section whose step is not a form panel', () => {
    const docs = loadProject(project({ 'schemas/panels/rv.json': { id: 'rv', kind: 'review', title: 'c.title', sections: [{ title: 'c.answer', module: 'r', step: 'young' }, { title: 'c.answer', module: 'r', step: 'fa', fields: ['nope'] }] } }));
    const messages = docs.diagnostics.filter((d) => d.file === 'schemas/panels/rv.json').map((d) => d.message);
    expect(messages).toContain('step "young" of module "r" does not show a form panel: a review section shows a form\'s answers');
    expect(messages.some((m) => m.startsWith('panel "fa" has no field "nope"'))).toBe(true);
  });
});

describe("the applicant's consent on the review page (issue 20, PAY-06)", () => {
  const consent = { path: 'eligibility.self.personalInfo.consentAcquired', label: 'c.answer', message: 'c.title' };
  const withConsent = (extra: Record<string, JsonValue> = {}) => ({
    'schemas/panels/rv.json': { id: 'rv', kind: 'review', title: 'c.title', sections: [{ title: 'c.answer', module: 'r', step: 'fa' }], consent: { ...consent, ...extra } },
  });

  it('Continue needs the tick: refused without it; with it the tick is stored and the flow moves on', () => {
    const flow = flowOf(withConsent());
    const s = atReview(flow);
    const panel = flow.docs.panels.get('rv')?.value;
    if (panel?.kind !== 'review') throw new Error('no review');
    expect(reviewConsent(flow, panel, s, ctx)).toMatchObject({ consent: { path: consent.path }, given: false });
    expect(() => confirmReview(flow, s, false, ctx)).toThrow(/consent/);
    const after = confirmReview(flow, s, true, ctx);
    expect(getPath(after, consent.path)).toBe(true);
    expect(current(flow, after).step).toBe('@end');
  });

  it('a consent whose condition does not hold is not asked: Continue moves on and stores nothing', () => {
    const flow = flowOf(withConsent({ showWhen: false }));
    const s = atReview(flow);
    const panel = flow.docs.panels.get('rv')?.value;
    if (panel?.kind !== 'review') throw new Error('no review');
    expect(reviewConsent(flow, panel, s, ctx)).toBeUndefined();
    const after = confirmReview(flow, s, false, ctx);
    expect(getPath(after, consent.path)).toBeUndefined();
    expect(current(flow, after).step).toBe('@end');
  });

  it('lint reports a consent path outside the state contract and copy that does not exist', () => {
    const docs = loadProject(project(withConsent({ path: 'eligibility.self.personalInfo.agreed', label: 'c.nope' })));
    const messages = docs.diagnostics.filter((d) => d.file === 'schemas/panels/rv.json' && d.severity === 'error').map((d) => d.message);
    expect(messages.some((m) => m.includes('"eligibility.self.personalInfo.agreed" is not in the state contract'))).toBe(true);
    expect(messages.some((m) => m.includes('c.nope'))).toBe(true);
  });

  it("a bank deposit product's review lists what was asked after triage, Change opens the applicant's basic info and comes back (FLOW-12's reading)", () => {
    const docs = loadProject();
    const rows = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'tests/scenarios/review-consent.json'), 'utf8')) as { defaults: JsonValue; scenarios: { id: string; input: JsonValue }[] };
    const row = rows.scenarios.find((x) => x.id === 'bank-review-before-the-join-ends');
    if (!row) throw new Error('no row');
    const r = simulate(docs, { ...(rows.defaults as object), ...(row.input as object) } as unknown as SimulateInput, { checkForm: createFormChecker() });
    expect(r.stop).toMatchObject({ module: 'review', step: 'review-info-panel' });
    const { flow } = resolveFlow(docs, 'bank-checking-classic');
    if (!flow || !r.state) throw new Error('no flow');
    const panel = flow.docs.panels.get('review-info-panel')?.value;
    if (panel?.kind !== 'review') throw new Error('no review');
    expect(reviewSections(flow, panel, r.state, ctx).map((x) => x.section.step)).toEqual(['basic-info-panel', 'military-details', 'self-address-panel']);
    expect(reviewConsent(flow, panel, r.state, ctx)).toMatchObject({ given: false });
    let s = changeAnswer(flow, r.state, { module: 'basic-info', step: 'basic-info-panel' }, ctx);
    expect(current(flow, s)).toMatchObject({ module: 'relative-info', step: 'basic-info-panel', variant: 'self' });
    s = submitAnswer(flow, s, { firstName: 'Mara' }, ctx);
    expect(current(flow, s)).toMatchObject({ module: 'review', step: 'review-info-panel' });
    expect(getPath(s, 'eligibility.self.personalInfo.firstName')).toBe('Mara');
  });
});

describe("FLOW-29: the quote flows' prefill review (the project's documents)", () => {
  const docs = loadProject();
  // A prefilled session (src/app/prefill.ts maps the details into personalInfo, PAY-36).
  const prefilled = { session: { prefillStatus: 'success' }, eligibility: { self: { personalInfo: { firstName: 'Maria', lastName: 'Gonzalez', phoneNumber: '2105550148', emailAddress: 'maria.gonzalez@example.com' } } } };
  // In the panel's order: names, birth date, e-mail, phone country, phone.
  const confirm = { firstName: 'Maria', lastName: 'Gonzalez', dob: '1976-03-14', emailAddress: 'maria.gonzalez@example.com', countryCode: 'USA', phoneNumber: '2105550148' };

  it.each(['pnc-auto-insurance', 'pnc-insurance-renters', 'auto-tac'])('%s: prefill -> review (only the prefill section) -> Change and back -> gender and citizenship', (id) => {
    const { flow } = resolveFlow(docs, id);
    if (!flow) throw new Error(`no flow ${id}`);
    let s = startFlow(flow, ctx, { initial: prefilled });
    expect(current(flow, s)).toMatchObject({ module: 'prefill-basic-info', step: 'prefill-basic-info-panel' });
    s = submitAnswer(flow, s, confirm, ctx);
    expect(current(flow, s)).toMatchObject({ module: 'prefill-basic-info', step: 'review-info-panel', variant: 'self' });
    const panel = flow.docs.panels.get('review-info-panel')?.value;
    if (panel?.kind !== 'review') throw new Error('no review');
    // Sections of modules the product does not run (occupation) or has not reached yet never show.
    expect(flow.modules.some((m) => m.moduleId === 'occupation')).toBe(false);
    const sections = reviewSections(flow, panel, s, ctx);
    expect(sections.map((x) => `${x.section.module}/${x.section.step}`)).toEqual(['prefill-basic-info/prefill-basic-info-panel']);
    // More data steps follow this review: it asks no consent (the review module before leave-app does, issue 20).
    expect(reviewConsent(flow, panel, s, ctx)).toBeUndefined();
    expect(sections[0]?.entries.map((e) => [e.field, e.value])).toEqual(Object.entries(confirm));
    // Change opens the prefill panel; Continue there comes back to the review with the new answer.
    s = changeAnswer(flow, s, { module: 'prefill-basic-info', step: 'prefill-basic-info-panel' }, ctx);
    expect(current(flow, s)).toMatchObject({ module: 'prefill-basic-info', step: 'prefill-basic-info-panel' });
    s = submitAnswer(flow, s, { ...confirm, emailAddress: 'maria@example.org' }, ctx);
    expect(current(flow, s)).toMatchObject({ module: 'prefill-basic-info', step: 'review-info-panel' });
    expect(getPath(s, 'flow.returnTo')).toBeUndefined();
    expect(reviewSections(flow, panel, s, ctx)[0]?.entries.find((e) => e.field === 'emailAddress')?.value).toBe('maria@example.org');
    // Continue on the review: gender and citizenship; Previous from there is the review again.
    s = submitAnswer(flow, s, {}, ctx);
    expect(current(flow, s)).toMatchObject({ module: 'prefill-basic-info', step: 'gender-citizenship-panel' });
    expect(current(flow, back(flow, s))).toMatchObject({ step: 'review-info-panel' });
  });

  it.each([
    ['USA', '2105550148', '(210) 555-0148'],
    [undefined, '2105550148', '(210) 555-0148'],
    ['GBR', '2079460958', '2079460958'],
    ['USA', '210555014', '210555014'],
  ])('the phone number with country code %s, stored %s, shows as %s (review section format usPhone, VAL-23)', (countryCode, phoneNumber, shown) => {
    const { flow } = resolveFlow(docs, 'pnc-auto-insurance');
    if (!flow) throw new Error('no flow');
    const answers = { ...confirm, phoneNumber, ...(countryCode === undefined ? { countryCode: undefined } : { countryCode }) };
    const s = submitAnswer(flow, startFlow(flow, ctx, { initial: prefilled }), JSON.parse(JSON.stringify(answers)) as JsonValue, ctx);
    const panel = flow.docs.panels.get('review-info-panel')?.value;
    if (panel?.kind !== 'review') throw new Error('no review');
    const section = reviewSections(flow, panel, s, ctx)[0];
    const entry = section?.entries.find((e) => e.field === 'phoneNumber');
    if (!section || !entry) throw new Error('no phone entry');
    expect(entry.format).toBe(countryCode === 'GBR' ? undefined : 'usPhone');
    expect(displayValue(section, entry, { text: (k: string) => k, has: () => true, html: (k: string) => k, list: () => [] })).toBe(shown);
  });
});

describe('leafFields', () => {
  it('flattens nested objects and counts fields under conditions', () => {
    const schema: JsonValue = {
      type: 'object',
      properties: { sameAddress: { type: 'boolean' }, mailing: { type: 'object', properties: { addressType: { type: 'string' } }, dependencies: { addressType: { oneOf: [{ properties: { domesticCity: { type: 'string' } } }] } } } },
      dependencies: { sameAddress: { oneOf: [{ properties: { physical: { type: 'object', properties: { zip: { type: 'string' } } } } }] } },
    };
    expect(leafFields(schema)).toEqual(['sameAddress', 'mailing.addressType', 'mailing.domesticCity', 'physical.zip']);
  });
});

describe("Change on the sponsor section comes back to the review (issue 20, the project's documents)", () => {
  it('a changed spouse search runs again, shows what it found, and Continue returns to the review, not through the address, work and SSN', () => {
    const docs = loadProject();
    const journeys = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'tests/scenarios/journeys.json'), 'utf8')) as { defaults: Record<string, JsonValue>; scenarios: { id: string; input: Record<string, JsonValue> }[] };
    const row = journeys.scenarios.find((s) => s.id === 'spouse-of-member-to-review');
    if (!row) throw new Error('no journey spouse-of-member-to-review');
    const input = scenarioInput(journeys.defaults as never, row.input as never);
    // Without the consent the walk stops on the review page.
    const answers = { ...(input.answers ?? {}) } as Record<string, JsonValue>;
    delete answers.consentAcquired;
    const walked = simulate(docs, { ...input, answers } as SimulateInput, { checkForm: createFormChecker(), throughMilestones: true });
    expect(walked.stop.step).toBe('review-info-panel');
    const { flow } = resolveFlow(docs, 'join-now');
    if (!flow || !walked.state) throw new Error('no flow or state');
    let s = changeAnswer(flow, walked.state, { module: 'sponsor-search', step: 'search-sponsor2' }, ctx);
    expect(current(flow, s).step).toBe('search-sponsor2');
    s = submitAnswer(flow, s, getPath(s, 'sponsor.search') ?? {}, ctx);
    expect(current(flow, s)).toMatchObject({ kind: 'command', command: 'sponsorSearch' });
    s = completeCommand(flow, s, { outcome: 'found' }, ctx);
    expect(current(flow, s)).toMatchObject({ kind: 'milestone', step: 'spouse-member-eligible' });
    s = forward(flow, s, ctx);
    expect(current(flow, s).step).toBe('review-info-panel');
  });
});
