// Validation a bank would use (issue 20): the real panels and shared field definitions, checked
// as the form screen and simulate check them (normalize, then the schema with rjsf's Ajv
// configuration, then the panel's checks: src/engine/form-check.ts, tools/lib/form-checker.ts).
// Each table holds the real-world values that must pass beside the ones that must not, and cites
// its requirement ids. today is 2026-11-22.
import { describe, expect, it } from 'vitest';
import { checkForm, normalizeFormData, suppressedFields, withoutSuppressed } from '../../src/engine/form-check';
import { schemaMessageKey } from '../../src/engine/form-messages';
import type { FormPanel } from '../../src/engine/formats.generated';
import type { AppState, JsonObject } from '../../src/engine/state';
import { createFormChecker } from '../../tools/lib/form-checker';
import { loadProject } from '../../tools/lib/project';

const docs = loadProject();
const schemaCheck = createFormChecker();
const ctx = { today: '2026-11-22' };

function panel(id: string): FormPanel {
  const p = docs.panels.get(id)?.value;
  if (p?.kind !== 'form') throw new Error(`no form panel ${id}`);
  return p;
}

/** What the applicant's Continue gives: the stored (normalised) data and each field's message key (the first, as the form shows it). */
function submit(id: string, typed: JsonObject, state: AppState = {}, variant = 'self'): { data: JsonObject; errors: Record<string, string> } {
  const p = panel(id);
  const st: AppState = { ...state, flow: { variant } };
  // An empty box is no value: rjsf gives undefined for it (its emptyValue), never ''.
  typed = JSON.parse(JSON.stringify(typed, (_k, v: unknown) => (v === '' ? undefined : v))) as JsonObject;
  const suppressed = suppressedFields(docs, p, st, ctx);
  const data = withoutSuppressed(normalizeFormData(p, typed), suppressed);
  const result = schemaCheck(p, data);
  const errors: Record<string, string> = {};
  for (const field of result.missing) errors[field] ??= schemaMessageKey(p, { field, keyword: 'required' }) ?? '(none)';
  for (const e of result.errors ?? []) errors[e.field] ??= schemaMessageKey(p, e) ?? '(none)';
  for (const e of checkForm(docs, p, data, st, ctx)) errors[e.field] ??= e.message;
  return { data, errors };
}

const PERSON = { firstName: 'Ada', lastName: 'Lovelace', dob: '1985-12-10', phoneNumber: '2105550148', countryOfCitizenship: '99' };
const STREET = { addressType: 'D', domesticAddress: '1200 Oak Hollow Dr', domesticCity: 'San Antonio', domesticState: 'TX' };

describe('SSN: area, group and serial as issued (VAL-05, VAL-01; issue 20), applicant and sponsor', () => {
  it.each([
    ['123-45-6789', '123456789'],
    ['078-05-1120', '078051120'],
    ['219 09 9999', '219099999'],
    ['001-01-0001', '001010001'],
    ['665-99-9999', '665999999'],
    ['667-01-0001', '667010001'],
    ['899-99-9999', '899999999'],
  ])('%s is accepted, stored %s', (typed, stored) => {
    for (const variant of ['self', 'spouse', 'parent']) {
      const { data, errors } = submit('social-security-panel', { ssn: typed }, {}, variant);
      expect(errors, variant).toEqual({});
      expect(data.ssn).toBe(stored);
    }
  });

  it.each([
    ['000-00-0000', 'validation.ssnNotIssued'],
    ['000-12-3456', 'validation.ssnNotIssued'],
    ['666-12-3456', 'validation.ssnNotIssued'],
    ['900-12-3456', 'validation.ssnNotIssued'],
    ['987-65-4321', 'validation.ssnNotIssued'],
    ['999-99-9999', 'validation.ssnNotIssued'],
    ['123-00-4567', 'validation.ssnNotIssued'],
    ['123-45-0000', 'validation.ssnNotIssued'],
    ['12-345-678', 'validation.ssn'],
    ['1234567890', 'validation.ssn'],
    ['', 'validation.enter.ssn'],
  ])('%s reads %s', (typed, key) => {
    expect(submit('social-security-panel', { ssn: typed }).errors).toEqual({ ssn: key });
  });

  it.each([
    ['6789', undefined],
    ['0001', undefined],
    ['0000', 'validation.ssnLast4NotIssued'],
    ['678', 'validation.ssnLast4'],
  ])("the sponsor search's last 4 %s: %s", (typed, key) => {
    const { errors } = submit('search-sponsor', { firstName: 'Luis', lastName: 'Ortega', countryCode: 'USA', ssnLast4: typed, zipCode: '78201', consentAcquired: true }, {}, 'parent');
    expect(errors.ssnLast4).toBe(key);
  });
});

describe('phones: North American numbers at home, E.164-ish abroad (VAL-04, VAL-23; issue 20)', () => {
  it.each([
    ['(210) 555-0148', '', '2105550148'],
    ['210-555-0148', 'USA', '2105550148'],
    ['210.555.0148', '', '2105550148'],
    ['(907) 555-0199', '', '9075550199'],
    ['+44 20 7946 0958', 'GBR', '442079460958'],
    ['020 7946 0958', 'GBR', '02079460958'],
    ['+61 2 9374 4000', 'AUS', '61293744000'],
    ['+61 412 345 678', 'AUS', '61412345678'],
    ['+52 55 5555 1234', 'MEX', '525555551234'],
    ['+1 613 555 0143', 'CAN', '16135550143'],
    ['4711', 'DEU', '4711'],
  ])('%s (country %s) is accepted, stored %s', (typed, countryCode, stored) => {
    for (const id of ['basic-info-panel', 'phone-info-panel']) {
      const { data, errors } = submit(id, { ...PERSON, phoneNumber: typed, ...(countryCode ? { countryCode } : {}) });
      expect(errors, id).toEqual({});
      expect(data.phoneNumber, id).toBe(stored);
    }
  });

  it.each([
    ['000-000-0000', '', 'validation.phone'],
    ['0000000000', 'USA', 'validation.phone'],
    ['(010) 555-0148', '', 'validation.phone'],
    ['(110) 555-0148', '', 'validation.phone'],
    ['(210) 055-0148', '', 'validation.phone'],
    ['(210) 155-0148', '', 'validation.phone'],
    ['555-0148', '', 'validation.phone'],
    ['+1 (210) 555-0148', '', 'validation.phone'],
    ['123', 'GBR', 'validation.internationalPhone'],
    ['+44 20 7946 0958 1234 5', 'GBR', 'validation.phone'],
    ['', '', 'validation.enter.phoneNumber'],
  ])('%s (country %s) reads %s', (typed, countryCode, key) => {
    for (const id of ['basic-info-panel', 'prefill-basic-info-panel']) {
      expect(submit(id, { ...PERSON, phoneNumber: typed, ...(countryCode ? { countryCode } : {}) }).errors, id).toEqual({ phoneNumber: key });
    }
  });

  it("the sponsor search's phone follows the same rule", () => {
    const base = { firstName: 'Luis', lastName: 'Ortega', countryCode: 'USA', zipCode: '78201', consentAcquired: true };
    expect(submit('search-sponsor', { ...base, phoneNumber: '(210) 555-0148' }, {}, 'parent').errors.phoneNumber).toBeUndefined();
    expect(submit('search-sponsor', { ...base, phoneNumber: '000-000-0000' }, {}, 'parent').errors.phoneNumber).toBe('validation.phone');
  });
});

describe('ZIP codes: 00000 refused, ZIP+4 in one field split into ZIP and supplement (VAL-06, ADDR-12, ADDR-03; issue 20)', () => {
  it.each([
    ['78201', '78201', undefined],
    ['78201-1234', '78201', '1234'],
    ['782011234', '78201', '1234'],
    ['78201 1234', '78201', '1234'],
    [' 78201-1234 ', '78201', '1234'],
    ['00501', '00501', undefined],
    ['99950-0001', '99950', '0001'],
  ])('domestic %j is stored as ZIP %s and supplement %s, in either block', (typed, zip, supplement) => {
    const { data, errors } = submit('self-address-panel', { mailing: { ...STREET, domesticZipCode: typed }, physical: { ...STREET, domesticZipCode: typed } });
    expect(errors).toEqual({});
    for (const block of ['mailing', 'physical'] as const) {
      expect((data[block] as JsonObject).domesticZipCode).toBe(zip);
      expect((data[block] as JsonObject).domesticZipSupplement).toBe(supplement);
    }
  });

  it('a supplement typed in its own field is kept; a ZIP+4 in the ZIP field replaces it', () => {
    expect((submit('self-address-panel', { sameAddress: true, mailing: { ...STREET, domesticZipCode: '78201', domesticZipSupplement: '4321' } }).data.mailing as JsonObject).domesticZipSupplement).toBe('4321');
    expect((submit('self-address-panel', { sameAddress: true, mailing: { ...STREET, domesticZipCode: '78201-1234', domesticZipSupplement: '4321' } }).data.mailing as JsonObject).domesticZipSupplement).toBe('1234');
  });

  it('an APO ZIP+4 is split the same way (ADDR-12)', () => {
    const { data, errors } = submit('self-address-panel', { sameAddress: true, mailing: { addressType: 'O', apoAddress: 'PSC 3 Box 1234', apoZipCode: '09012-3456' } });
    expect(errors).toEqual({});
    expect(data.mailing).toMatchObject({ apoZipCode: '09012', apoZipSupplement: '3456' });
  });

  it.each([
    ['00000', 'validation.zip'],
    ['00000-1234', 'validation.zip'],
    ['7820', 'validation.address.zipLength'],
    ['782012', 'validation.address.zipLength'],
    ['78201-12', 'validation.address.zipLength'],
    ['ABCDE', 'validation.address.zipDigits'],
    ['', 'validation.enter.domesticZipCode'],
  ])('domestic %j reads %s', (typed, key) => {
    expect(submit('self-address-panel', { sameAddress: true, mailing: { ...STREET, domesticZipCode: typed } }).errors).toEqual({ 'mailing.domesticZipCode': key });
  });

  it('a supplement of the wrong length reads must be four numbers only', () => {
    expect(submit('self-address-panel', { sameAddress: true, mailing: { ...STREET, domesticZipCode: '78201', domesticZipSupplement: '12' } }).errors).toEqual({ 'mailing.domesticZipSupplement': 'validation.address.supplement' });
  });

  it("the sponsor search's ZIP: a ZIP+4 is cut to its ZIP (no place for the +4), 00000 refused", () => {
    const base = { firstName: 'Luis', lastName: 'Ortega', countryCode: 'USA', ssnLast4: '6789', consentAcquired: true };
    const ok = submit('search-sponsor', { ...base, zipCode: '78201-1234' }, {}, 'parent');
    expect(ok.errors).toEqual({});
    expect(ok.data.zipCode).toBe('78201');
    expect(submit('search-sponsor', { ...base, zipCode: '00000' }, {}, 'parent').errors.zipCode).toBe('validation.zip');
  });
});

describe('names: accents, apostrophes, hyphens (VAL-03; issue 20)', () => {
  it.each([
    ['José', 'Núñez'],
    ['Seán', "O'Brien"],
    ['Siobhán', 'O’Brien'],
    ['Thị', 'Nguyễn'],
    ['Mary Ann', 'Smith-Jones'],
    ['Zoë', 'Dvořák'],
    ['Łukasz', 'Şahin'],
    ['Ștefan', 'Țurcanu'],
    ['Jose\u0301', 'Nguye\u0302\u0303n'],
  ])('%s %s is accepted', (firstName, lastName) => {
    for (const id of ['basic-info-panel', 'name-info-panel']) expect(submit(id, { ...PERSON, firstName, lastName }).errors, id).toEqual({});
  });

  it('a decomposed accent is stored composed (NFC)', () => {
    expect(submit('basic-info-panel', { ...PERSON, firstName: 'Jose\u0301' }).data.firstName).toBe('José');
  });

  it.each([
    ["'Brien", 'validation.name'],
    ['-Smith', 'validation.name'],
    ['Smith2', 'validation.name'],
    ['李', 'validation.name'],
    ['', 'validation.enter.lastName'],
  ])('last name %j reads %s', (lastName, key) => {
    expect(submit('basic-info-panel', { ...PERSON, lastName }).errors).toEqual({ lastName: key });
  });
});

describe('service dates: not before 1900, not before the 17th birthday, not in the future (VAL-10, VAL-11, VAL-12; issue 20)', () => {
  const SERVICE = { branch: 'A', rank: 'Sergeant (E-5)', status: 'separated', endDate: '2026-11-22' };
  const born = (dob: string, variant = 'self'): AppState => ({ eligibility: { [variant]: { personalInfo: { dob } } } });

  it.each([
    ['1800-01-01', {}, 'validation.serviceBefore1900'],
    ['1899-12-31', {}, 'validation.serviceBefore1900'],
    ['2030-01-01', {}, 'validation.futureDate'],
    ['2007-05-04', born('1990-05-05'), 'validation.serviceBeforeAge17'],
    ['1985-01-01', born('1990-05-05'), 'validation.serviceBeforeAge17'],
  ])('start %s (state %j) reads %s', (startDate, state, key) => {
    expect(submit('military-details', { ...SERVICE, startDate }, state).errors.startDate).toBe(key);
  });

  it.each([
    ['1900-01-01', {}],
    ['1965-08-01', {}],
    ['2007-05-05', born('1990-05-05')],
    ['2008-06-01', born('1990-05-05')],
    ['2026-11-22', born('1990-05-05')],
  ])('start %s (state %j) is accepted', (startDate, state) => {
    expect(submit('military-details', { ...SERVICE, startDate }, state).errors).toEqual({});
  });

  it("reads the birth date of the person the panel asks about (the spouse's on the spouse's variant)", () => {
    const state = { eligibility: { self: { personalInfo: { dob: '2000-01-01' } }, spouse: { personalInfo: { dob: '1970-01-01' } } } };
    expect(submit('military-details', { ...SERVICE, startDate: '1990-01-01' }, state, 'spouse').errors).toEqual({});
    expect(submit('military-details', { ...SERVICE, startDate: '1990-01-01' }, state, 'self').errors.startDate).toBe('validation.serviceBeforeAge17');
  });

  it('a separation and a commission date get the same floor', () => {
    expect(submit('military-details', { ...SERVICE, startDate: '2008-06-01', endDate: '1899-01-01' }).errors.endDate).toBe('validation.serviceBefore1900');
    expect(submit('military-details', { ...SERVICE, startDate: '2008-06-01', commissionDate: '2004-01-01' }, born('1990-05-05')).errors.commissionDate).toBe('validation.serviceBeforeAge17');
  });

  it('basic info checks the birth date against the service start military details gave (triage asks that first)', () => {
    const started = { eligibility: { self: { militaryDetails: { startDate: '2008-06-01' } } } };
    expect(submit('basic-info-panel', { ...PERSON, dob: '1995-01-01' }, started).errors).toEqual({ dob: 'validation.dobAfterService' });
    expect(submit('basic-info-panel', { ...PERSON, dob: '1991-06-01' }, started).errors).toEqual({});
    expect(submit('basic-info-panel', { ...PERSON, dob: '1995-01-01' }).errors).toEqual({});
  });
});

describe('international addresses: every country, Canada, Mexico and Australia included (ADDR-13, ADDR-14, ADDR-27 as revised; issue 20)', () => {
  it.each([
    ['CAN', '24 Sussex Dr', 'Ottawa', 'K1M 1M4', 'ON'],
    ['MEX', 'Av. Paseo de la Reforma 305', 'Ciudad de Mexico', '06500', 'CMX'],
    ['AUS', '1 Macquarie St', 'Sydney', '2000', 'NSW'],
    ['SGP', '10 Anson Rd', 'Singapore', '079903', 'Central Region'],
  ])('%s: %s, %s %s %s is accepted', (internationalCountry, internationalAddress, internationalCity, internationalPostalCode, internationalProvince) => {
    const block = { addressType: 'I', internationalCountry, internationalAddress, internationalCity, internationalPostalCode, internationalProvince };
    const { data, errors } = submit('self-address-panel', { sameAddress: true, mailing: block });
    expect(errors).toEqual({});
    expect(data.mailing).toEqual(block);
  });

  it('the address countries offer AUS, CAN and MEX (the source excludes none of them)', () => {
    const source = docs.optionSources?.value.sources.addressCountries;
    expect(source).toBeDefined();
    expect(source?.exclude ?? []).not.toEqual(expect.arrayContaining(['AUS']));
    expect(source?.exclude ?? []).not.toEqual(expect.arrayContaining(['CAN']));
    expect(source?.exclude ?? []).not.toEqual(expect.arrayContaining(['MEX']));
  });
});
