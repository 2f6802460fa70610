/**
 * Reference data, pure part (REF-01..REF-22): requests from sources and params, options from
 * answers; an item without its label shows its value (REF-07's subdivisions give shortName only).
 * REF-18's rank categories are the payload's rule payload.milRankCd (rules/payload.table.json).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OptionSourceError, placeholdersOf, resolveOptions, toOptions, type OptionSource } from '../../src/engine/option-sources';
import type { OptionSources } from '../../src/engine/formats.generated';

const doc = JSON.parse(readFileSync(path.resolve(__dirname, '../../flows/option-sources.json'), 'utf8')) as OptionSources;
const sources = doc.sources;
const src = (id: string): OptionSource => {
  const s = sources[id];
  if (!s) throw new Error(`no source ${id}`);
  return s;
};
const never = () => false;
const text = (key: string) => `<${key}>`;

describe('flows/option-sources.json', () => {
  it('has the 14 domain-values lists of doc 2 §7, each under member-eligibility/domain-values/', () => {
    const fourteen = ['addressCountries', 'citizenshipCountries', 'commissionSources', 'employmentClasses', 'federalAgencies', 'industries', 'maritalStatuses', 'militaryBranches', 'militaryComponents', 'militaryRanks', 'occupations', 'phoneCountryCodes', 'subdivisions', 'suffixes'];
    expect(Object.keys(sources)).toEqual(expect.arrayContaining(fourteen));
    const calls = new Set(fourteen.map((id) => src(id).path.replace(/\{[^}]+\}/g, '*')));
    expect(calls.size).toBe(14);
    for (const s of Object.values(sources)) {
      expect(s.path.startsWith('member-eligibility/domain-values/')).toBe(true);
      // Any further source is one of the 14 calls with a placeholder fixed (usStates: the US subdivisions).
      expect([...calls].some((c) => new RegExp(`^${c.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]+')}$`).test(s.path))).toBe(true);
    }
  });

  it('reads the fields the spec names (REF-02..REF-15)', () => {
    expect([src('suffixes').value, src('suffixes').label]).toEqual(['suffix', 'displayValue']);
    expect([src('citizenshipCountries').value, src('citizenshipCountries').label]).toEqual(['code', 'name']);
    expect([src('federalAgencies').value, src('federalAgencies').label]).toEqual(['federalAgencyShortName', 'federalAgencyDisplayName']);
    expect([src('employmentClasses').value, src('employmentClasses').label]).toEqual(['employmentClassCode', 'employmentClassDesc']);
    expect([src('occupations').value, src('industries').value]).toEqual(['occupationCd', 'industryCode']);
    // REF-07: subdivisions give shortName only: it is value and label.
    for (const id of ['subdivisions', 'usStates']) expect([src(id).value, src(id).label]).toEqual(['shortName', undefined]);
  });
});

describe('resolveOptions', () => {
  it('a list without placeholders resolves to its path', () => {
    const r = resolveOptions('militaryBranches', src('militaryBranches'), { source: 'militaryBranches' }, {}, never);
    expect(r).toEqual({ kind: 'ready', request: { source: 'militaryBranches', path: 'member-eligibility/domain-values/military/branches', query: {}, key: 'member-eligibility/domain-values/military/branches' } });
  });

  it('fills placeholders from the form data, URL-encoded; waits while the param is empty', () => {
    const field = { source: 'militaryRanks', params: { branch: 'service.branch' } };
    expect(resolveOptions('militaryRanks', src('militaryRanks'), field, {}, never)).toEqual({ kind: 'waiting', missing: ['branch'] });
    expect(resolveOptions('militaryRanks', src('militaryRanks'), field, { service: { branch: '  ' } }, never).kind).toBe('waiting');
    const r = resolveOptions('militaryRanks', src('militaryRanks'), field, { service: { branch: 'A/B C' } }, never);
    expect(r.kind === 'ready' && r.request.path).toBe('member-eligibility/domain-values/military/branches/A%2FB%20C/ranks');
  });

  it('adds commissioning-program=true only while its condition holds (REF-11)', () => {
    const field = { source: 'commissionSources', params: { branch: 'branch' } };
    const off = resolveOptions('commissionSources', src('commissionSources'), field, { branch: 'N' }, never);
    const on = resolveOptions('commissionSources', src('commissionSources'), field, { branch: 'N' }, () => true);
    expect(off.kind === 'ready' && off.request.query).toEqual({});
    expect(on.kind === 'ready' && on.request).toMatchObject({ query: { 'commissioning-program': 'true' }, key: 'member-eligibility/domain-values/military/branches/N/sources-of-commission?commissioning-program=true' });
  });

  it('passes the source condition to the caller (the state decides)', () => {
    const seen: unknown[] = [];
    resolveOptions('commissionSources', src('commissionSources'), { source: 'commissionSources', params: { branch: 'branch' } }, { branch: 'A' }, (c) => {
      seen.push(c);
      return false;
    });
    expect(seen).toEqual([{ '===': [{ var: 'triage.militaryService' }, 'commissioning'] }]);
  });

  it('an unknown source or a placeholder without a param is a developer error', () => {
    expect(() => resolveOptions('nope', undefined, { source: 'nope' }, {}, never)).toThrow(OptionSourceError);
    expect(() => resolveOptions('militaryRanks', src('militaryRanks'), { source: 'militaryRanks' }, {}, never)).toThrow(/placeholder \{branch\} has no param/);
  });

  it('placeholdersOf lists the placeholders in order', () => {
    expect(placeholdersOf('a/{x}/b/{y}')).toEqual(['x', 'y']);
    expect(placeholdersOf(src('subdivisions').path)).toEqual(['countryCode']);
  });
});

describe('toOptions', () => {
  it('prepends the United States as 99/USA and drops a USA entry of the answer (REF-06)', () => {
    const out = toOptions('citizenshipCountries', src('citizenshipCountries'), [{ code: 'DEU', name: 'Germany' }, { code: 'USA', name: 'United States' }], text);
    expect(out).toEqual([{ value: '99', label: '<reference.unitedStates>', short: 'USA' }, { value: 'DEU', label: 'Germany' }]);
  });

  it('keeps AUS, CAN, MEX in address countries and in citizenship (ADDR-27 as revised by issue 20)', () => {
    const answer = ['AUS', 'CAN', 'MEX', 'DEU'].map((c) => ({ shortName: c, name: c, code: c }));
    expect(toOptions('addressCountries', src('addressCountries'), answer, text).map((o) => o.value)).toEqual(['AUS', 'CAN', 'MEX', 'DEU']);
    expect(toOptions('citizenshipCountries', src('citizenshipCountries'), answer, text).map((o) => o.value)).toEqual(['99', 'AUS', 'CAN', 'MEX', 'DEU']);
  });

  it("appends 'None of these' (NOT) to federal agencies (REF-12)", () => {
    const out = toOptions('federalAgencies', src('federalAgencies'), [{ federalAgencyShortName: 'VA', federalAgencyDisplayName: 'Veterans Affairs' }], text);
    expect(out).toEqual([{ value: 'VA', label: 'Veterans Affairs' }, { value: 'NOT', label: '<reference.noneOfThese>' }]);
  });

  it('prepends the federal agency employee and excludes NONE, HOME, RET, STU, UEMP (REF-13)', () => {
    const answer = ['MIL', 'NONE', 'HOME', 'RET', 'STU', 'UEMP', 'PRIV'].map((c) => ({ employmentClassCode: c, employmentClassDesc: c }));
    expect(toOptions('employmentClasses', src('employmentClasses'), answer, text).map((o) => o.value)).toEqual(['FED', 'MIL', 'PRIV']);
  });

  it('reads numbers as text and keeps the answer order', () => {
    expect(toOptions('industries', src('industries'), [{ industryCode: 52, industryDesc: 'Finance' }, { industryCode: '11', industryDesc: 'Farming' }], text)).toEqual([
      { value: '52', label: 'Finance' },
      { value: '11', label: 'Farming' },
    ]);
  });

  it('an empty list is no options (a country without provinces, ADDR-14)', () => {
    expect(toOptions('subdivisions', src('subdivisions'), [], text)).toEqual([]);
  });

  it('an item that lacks the label field shows its value as the label; so does every item of a source that names no label (REF-07)', () => {
    expect(toOptions('suffixes', src('suffixes'), [{ suffix: 'JR', display: 'Jr.' }, { suffix: 'SR', displayValue: 'Sr.' }, { suffix: 'II', displayValue: '  ' }], text)).toEqual([
      { value: 'JR', label: 'JR' },
      { value: 'SR', label: 'Sr.' },
      { value: 'II', label: 'II' },
    ]);
    expect(toOptions('subdivisions', src('subdivisions'), [{ shortName: 'TX' }, { shortName: 'ON', name: 'Ontario' }], text)).toEqual([
      { value: 'TX', label: 'TX' },
      { value: 'ON', label: 'ON' },
    ]);
  });

  it('an answer that is not a list, or an item without the value field, is a developer error (REF-22): only the value is required', () => {
    expect(() => toOptions('suffixes', src('suffixes'), { data: [] }, text)).toThrow(expect.objectContaining({ code: 'NOT_A_LIST' }));
    expect(() => toOptions('suffixes', src('suffixes'), [{ suffix: 'JR', displayValue: 'Jr.' }, { code: 'SR', displayValue: 'Sr.' }], text)).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_FIELD', message: expect.stringContaining('item 1 has no field "suffix"') }),
    );
    expect(() => toOptions('suffixes', src('suffixes'), [{ suffix: ' ', displayValue: 'Blank' }], text)).toThrow(expect.objectContaining({ code: 'UNKNOWN_FIELD' }));
    expect(() => toOptions('suffixes', src('suffixes'), [null], text)).toThrow(OptionSourceError);
  });
});
