// The form panels' own validation (issue 9): `normalize` and rule-based `checks`, with the real
// date and address rules, as the form screen, simulate and the tests run them.
import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRuleEngine, type Logic } from '../../src/rules/index';
import { checkForm, isSuppressed, normalizeFormData, normalizeValue, suppressedFields, UNKNOWN_CHECK_MESSAGE, withoutSuppressed } from '../../src/engine/form-check';
import type { FieldCheck, FormPanel } from '../../src/engine/formats.generated';
import { simulate } from '../../src/engine/simulate';
import { getPath } from '../../src/engine/state';
import type { JsonValue } from '../../src/rules/index';
import { createFormChecker } from '../../tools/lib/form-checker';
import { loadProject } from '../../tools/lib/project';
import { miniProject } from './mini';

const namedRules: Record<string, Logic> = {};
for (const file of ['rules/validation.rules.json', 'rules/address.rules.json']) {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { rules: { id: string; logic: Logic }[] };
  for (const r of doc.rules) namedRules[r.id] = r.logic;
}
const engine = createRuleEngine({ namedRules, isKnownVar: (p) => p === 'form' || p.startsWith('form.') || p === 'triage.variant' });
const ctx = { today: '2026-11-22' };

const call = (rule: string, args: Record<string, string>): FieldCheck['invalidWhen'] => ({
  rule: [rule, Object.fromEntries(Object.entries(args).map(([k, v]) => [k, { var: `form.${v}` }]))],
});

/** The checks the report gives as examples: dob on basic info, end vs start date on military details, a physical address line. */
const basicInfo: Pick<FormPanel, 'checks' | 'normalize'> = {
  normalize: { phoneNumber: 'digits', firstName: 'collapse', ssn: 'digits' },
  checks: [
    { field: 'dob', invalidWhen: call('validation.impossibleBirthDate', { date: 'dob' }), message: 'validation.dob' },
    { field: 'dob', invalidWhen: call('validation.under18', { date: 'dob' }), message: 'validation.under18' },
  ],
};
const militaryDetails: Pick<FormPanel, 'checks'> = {
  checks: [
    { field: 'startDate', invalidWhen: call('validation.futureDate', { date: 'startDate' }), message: 'validation.futureDate' },
    { field: 'endDate', invalidWhen: call('validation.over30Years', { date: 'endDate' }), message: 'validation.over30Years' },
    { field: 'endDate', invalidWhen: call('validation.dateBefore', { date: 'endDate', limit: 'startDate' }), message: 'validation.priorToEnlistment' },
  ],
};
const address: Pick<FormPanel, 'checks'> = {
  checks: [
    { field: 'physical.domesticAddress', invalidWhen: call('address.isPoBox', { text: 'physical.domesticAddress' }), message: 'validation.address.poBox' },
    { field: 'physical.addressLine1', invalidWhen: call('address.isPoBox', { text: 'physical.addressLine1' }), message: 'validation.address.poBox' },
  ],
};

describe('normalize', () => {
  it('digits, trim, collapse, upper; non-strings untouched', () => {
    expect(normalizeValue('digits', '(210) 555-0123')).toBe('2105550123');
    expect(normalizeValue('digits', '123-45-6789')).toBe('123456789');
    expect(normalizeValue('trim', '  a b  ')).toBe('a b');
    expect(normalizeValue('collapse', '  Mary   Ann \t ')).toBe('Mary Ann');
    expect(normalizeValue('upper', 'ab1')).toBe('AB1');
    expect(normalizeValue('digits', 12)).toBe(12);
    expect(normalizeValue('digits', undefined)).toBeUndefined();
  });

  it('applies the panel map to a copy, nested paths too; a value cleaned to nothing is removed', () => {
    const data = { phoneNumber: '210-555-0123', firstName: '  José   Núñez ', ssn: '---', dob: '1980-01-01' };
    expect(normalizeFormData(basicInfo, data)).toEqual({ phoneNumber: '2105550123', firstName: 'José Núñez', dob: '1980-01-01' });
    expect(data.phoneNumber).toBe('210-555-0123');
    expect(normalizeFormData({ normalize: { 'mailing.zip': 'digits' } }, { mailing: { zip: '78701-' } })).toEqual({ mailing: { zip: '78701' } });
    expect(normalizeFormData({}, data)).toBe(data);
  });

  it('collapse composes a decomposed accent (NFC): Jose + U+0301 is José (VAL-03, issue 20)', () => {
    expect(normalizeValue('collapse', ' Jose\u0301  Nun\u0303ez ')).toBe('Jos\u00e9 Nu\u00f1ez');
  });

  it('zipPlus4 keeps the ZIP and moves the +4 to its rest field; another shape is only trimmed (VAL-06, issue 20)', () => {
    const split = { normalize: { 'mailing.zip': { split: 'zipPlus4', rest: 'mailing.plus4' } } } satisfies Pick<FormPanel, 'normalize'>;
    for (const typed of ['78201-1234', '782011234', '78201 1234', ' 78201-1234 ']) expect(normalizeFormData(split, { mailing: { zip: typed } }), typed).toEqual({ mailing: { zip: '78201', plus4: '1234' } });
    expect(normalizeFormData(split, { mailing: { zip: '78201-1234', plus4: '9999' } })).toEqual({ mailing: { zip: '78201', plus4: '1234' } });
    expect(normalizeFormData(split, { mailing: { zip: ' 78201 ', plus4: '9999' } })).toEqual({ mailing: { zip: '78201', plus4: '9999' } });
    expect(normalizeFormData(split, { mailing: { zip: '78201-12' } })).toEqual({ mailing: { zip: '78201-12' } });
    expect(normalizeFormData({ normalize: { zip: { split: 'zipPlus4' } } }, { zip: '78201-1234' })).toEqual({ zip: '78201' });
    expect(normalizeFormData(split, { mailing: { zip: '   ' } })).toEqual({ mailing: {} });
  });
});

describe('checkForm', () => {
  it('a birth date: impossible (future, before 1900) or under 18; the first failing check of a field wins', () => {
    const errors = (dob: string | undefined) => checkForm(engine, basicInfo, dob === undefined ? {} : { dob }, {}, ctx);
    expect(errors('2099-01-01')).toEqual([{ field: 'dob', message: 'validation.dob' }]);
    expect(errors('1800-05-05')).toEqual([{ field: 'dob', message: 'validation.dob' }]);
    expect(errors('2010-01-01')).toEqual([{ field: 'dob', message: 'validation.under18' }]);
    expect(errors('2008-11-22')).toEqual([]);
    expect(errors('11/22/2008')).toEqual([]);
    // Empty or unreadable: the schema's required / format report it, the checks pass.
    expect(errors(undefined)).toEqual([]);
    expect(errors('')).toEqual([]);
    expect(errors('2020-02-30')).toEqual([]);
  });

  it('service dates: future start, end more than 30 years ahead, end before start (VAL-11, VAL-12)', () => {
    const run = (form: Record<string, string>) => checkForm(engine, militaryDetails, form, {}, ctx);
    expect(run({ startDate: '2010-06-01', endDate: '2009-01-01' })).toEqual([{ field: 'endDate', message: 'validation.priorToEnlistment' }]);
    expect(run({ startDate: '2030-06-01', endDate: '2060-01-01' })).toEqual([
      { field: 'startDate', message: 'validation.futureDate' },
      { field: 'endDate', message: 'validation.over30Years' },
    ]);
    expect(run({ startDate: '2010-06-01', endDate: '2014-06-01' })).toEqual([]);
    expect(run({ startDate: '2010-06-01' })).toEqual([]);
  });

  it('a physical address line that is a P.O. Box, PMB or General Delivery (ADDR-16)', () => {
    const run = (physical: Record<string, string>) => checkForm(engine, address, { physical }, {}, ctx);
    expect(run({ domesticAddress: 'P.O. Box 12' })).toEqual([{ field: 'physical.domesticAddress', message: 'validation.address.poBox' }]);
    expect(run({ domesticAddress: '12 Main St', addressLine1: 'PMB 44' })).toEqual([{ field: 'physical.addressLine1', message: 'validation.address.poBox' }]);
    expect(run({ domesticAddress: '12 Boxwood Lane' })).toEqual([]);
  });

  it('reads the state beside form, and accepts a named rule id or a boolean as the condition', () => {
    const panel: Pick<FormPanel, 'checks'> = {
      checks: [
        { field: 'a', invalidWhen: { '===': [{ var: 'triage.variant' }, 'spouse'] }, message: 'm.a' },
        { field: 'b', invalidWhen: true, message: 'm.b' },
        { field: 'c', invalidWhen: false, message: 'm.c' },
      ],
    };
    expect(checkForm({ ruleEngine: engine }, panel, {}, { triage: { variant: 'spouse' } }, ctx)).toEqual([
      { field: 'a', message: 'm.a' },
      { field: 'b', message: 'm.b' },
    ]);
    expect(checkForm(engine, panel, {}, { triage: { variant: 'self' } }, ctx)).toEqual([{ field: 'b', message: 'm.b' }]);
    const named = createRuleEngine({ namedRules: { 'x.emptyA': { '!': { var: 'form.a' } } }, isKnownVar: (p) => p.startsWith('form') });
    expect(checkForm(named, { checks: [{ field: 'a', invalidWhen: 'x.emptyA', message: 'm' }] }, { a: 'x' }, {}, ctx)).toEqual([]);
    expect(checkForm(named, { checks: [{ field: 'a', invalidWhen: 'x.emptyA', message: 'm' }] }, {}, {}, ctx)).toEqual([{ field: 'a', message: 'm' }]);
    expect(checkForm(engine, {}, {}, {}, ctx)).toEqual([]);
  });

  it('fails closed: a rule error makes the field invalid with validation.unknown and is reported', () => {
    const onRuleError = vi.fn();
    const broken: FieldCheck[] = [
      { field: 'a', invalidWhen: { frobnicate: [] }, message: 'm.a' },
      { field: 'b', invalidWhen: { '<': [{ age: [{ var: 'form.b' }] }, 18] }, message: 'm.b' },
      { field: 'c', invalidWhen: 'no.such.rule', message: 'm.c' },
    ];
    expect(checkForm(engine, { checks: broken }, { b: 'not a date' }, {}, ctx, { onRuleError })).toEqual([
      { field: 'a', message: UNKNOWN_CHECK_MESSAGE },
      { field: 'b', message: UNKNOWN_CHECK_MESSAGE },
      { field: 'c', message: UNKNOWN_CHECK_MESSAGE },
    ]);
    expect(onRuleError.mock.calls.map(([, e]) => (e as { code: string }).code)).toEqual(['UNKNOWN_OPERATION', 'INVALID_DATE', 'UNKNOWN_RULE']);
  });
});

describe('simulate runs the same normalize and checks as the form (issue 9, authors\' tools)', () => {
  const formPanel = {
    id: 'qc',
    kind: 'form',
    bind: 'eligibility.{variant}.militaryDetails',
    title: 'c.title',
    schema: {
      type: 'object',
      required: ['startDate'],
      properties: { startDate: { type: 'string', format: 'date' }, endDate: { type: 'string', format: 'date' }, rank: { type: 'string', maxLength: 4 } },
    },
    labels: { startDate: 'c.title', endDate: 'c.title', rank: 'c.title' },
    normalize: { rank: 'upper' },
    checks: [
      { field: 'startDate', invalidWhen: { rule: ['validation.futureDate', { date: { var: 'form.startDate' } }] }, message: 'validation.futureDate' },
      { field: 'endDate', invalidWhen: { rule: ['validation.dateBefore', { date: { var: 'form.endDate' }, limit: { var: 'form.startDate' } }] }, message: 'validation.priorToEnlistment' },
    ],
  };
  const docs = loadProject(
    miniProject({
      'schemas/panels/qc.json': formPanel as unknown as JsonValue,
      'rules/validation.rules.json': readFileSync('rules/validation.rules.json', 'utf8'),
      'content/en/validation.json': readFileSync('content/en/validation.json', 'utf8'),
      'content/en/common.json': readFileSync('content/en/common.json', 'utf8'),
    }),
  );
  const walk = (answers: Record<string, JsonValue>) =>
    simulate(docs, { product: 'p', today: '2026-11-22', answers: { militaryService: 'yes', currentMilitaryStatus: 'retired', ...answers } }, { checkForm: createFormChecker() });

  it('stops at the panel with each refused answer and the message the applicant would read', () => {
    const stop = walk({ startDate: '2030-01-01', endDate: '2029-01-01', rank: 'toolong' }).stop;
    expect(stop).toMatchObject({ kind: 'panel', step: 'qc' });
    expect(stop.errors).toEqual([
      { field: 'rank', message: 'Must be 4 characters or fewer' },
      { field: 'startDate', message: "Can't Be a Future Date" },
      { field: 'endDate', message: "Can't Be Prior to Enlistment Date" },
    ]);
  });

  it('stores the normalised answers and walks on when they pass', () => {
    const result = walk({ startDate: '2010-01-01', endDate: '2014-01-01', rank: 'sgt' });
    expect(result.stop).toMatchObject({ kind: 'panel', module: 'b', step: 'qe' }); // past qc: module b's first question
    expect(getPath(result.state, 'eligibility.self.militaryDetails')).toEqual({ startDate: '2010-01-01', endDate: '2014-01-01', rank: 'SGT' });
  });
});

describe('lint: a rule that takes arguments is called with them', () => {
  it('refuses its bare id as a condition (a check or an edge): it would read no arguments', () => {
    const docs = loadProject(
      miniProject({
        'rules/address.rules.json': readFileSync('rules/address.rules.json', 'utf8'),
        'schemas/panels/qc.json': {
          id: 'qc',
          kind: 'form',
          bind: 'eligibility.{variant}.militaryDetails',
          title: 'c.title',
          schema: { type: 'object', properties: { rank: { type: 'string' } } },
          labels: { rank: 'c.title' },
          checks: [
            { field: 'rank', invalidWhen: 'address.isPoBox', message: 'c.title' },
            { field: 'rank', invalidWhen: { rule: ['address.isPoBox', { text: { var: 'form.rank' } }] }, message: 'c.title' },
          ],
        },
      }),
    );
    const found = docs.diagnostics.filter((d) => d.file === 'schemas/panels/qc.json' && d.severity === 'error');
    expect(found.map((d) => [d.check, d.pointer])).toEqual([['bad-rule', '/checks/0/invalidWhen']]);
    expect(found[0]?.message).toContain('{"rule": ["address.isPoBox", {"text": ...}]}');
  });
});

describe('suppressedFields (VAL-16, VAL-17): what basic info does not ask of some people', () => {
  const docs = loadProject();
  const basicInfo = docs.panels.get('basic-info-panel')?.value;
  if (basicInfo?.kind !== 'form') throw new Error('no basic-info-panel');
  const ctx = { today: '2026-11-22' };
  it.each([
    [{ flow: { variant: 'self' }, triage: { militaryService: 'yes' } }, []],
    [{ flow: { variant: 'spouse' }, triage: { militaryService: 'no' } }, []],
    [{ flow: { variant: 'parent' }, triage: { militaryService: 'no' } }, ['maritalStatus']],
    [{ flow: { variant: 'self' }, triage: { militaryService: 'no', tac: 'none' } }, ['maritalStatus']],
    [{ flow: { variant: 'self' }, triage: { militaryService: 'enlisting' } }, ['maritalStatus']],
  ])('%j -> %j', (state, expected) => {
    expect(suppressedFields(docs, basicInfo, state, ctx)).toEqual(expected);
  });
  it('isSuppressed covers the fields under a suppressed group; withoutSuppressed drops them', () => {
    expect(isSuppressed('physical.zip', ['physical'])).toBe(true);
    expect(isSuppressed('physicalNote', ['physical'])).toBe(false);
    expect(withoutSuppressed({ a: 1, physical: { zip: '1' } }, ['physical'])).toEqual({ a: 1 });
  });
});
