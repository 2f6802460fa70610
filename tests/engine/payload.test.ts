/**
 * The prospect payload built from its mapping (flows/payload.json, src/engine/payload.ts) over
 * the states of three journeys walked by simulate with the answers of tests/scenarios/journeys.json:
 * a retired veteran, the spouse of a member, a parent-sponsored applicant. Each payload is
 * checked field by field against doc 2 §3 "Prospect payload" (PAY-01..PAY-39), with the
 * readings of docs/decisions.md, "Prospect payload (issue 10)". Also: sections sent only with a
 * value (PAY-09), the person key (PAY-28), formats (PAY-11, PAY-19, PAY-26/27), marketing
 * identifiers (PAY-02), the prefill exception (PAY-22), simulate's stop, and lint of the mapping.
 * Issue 19: geographicPhoneLocCd, milStatusCd (REF-17, REF-19), the rank category (REF-18), the
 * commission-date rule (TRI-45), milCmsnSrceCdMisCd, taxIdNr, prefillDetails (PAY-08).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPrefill } from '../../src/app/prefill';
import { buildPayload, checkPayloadMapping, consentOf, PayloadError } from '../../src/engine/payload';
import { simulate, type SimulateInput } from '../../src/engine/simulate';
import { scenarioInput } from '../../src/engine/rule-tables';
import { setPath, type AppState, type JsonObject } from '../../src/engine/state';
import type { JsonValue } from '../../src/rules/index';
import { BRANCHES, ranksOf } from '../../src/sandbox/reference-data';
import { createFormChecker } from '../../tools/lib/form-checker';
import { PROJECT_ROOT, loadProject, readProjectSources } from '../../tools/lib/project';

const docs = loadProject();
const checkForm = createFormChecker();
const TODAY = '2026-11-22';
const journeys = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'tests/scenarios/journeys.json'), 'utf8')) as {
  defaults: JsonObject;
  scenarios: { id: string; input: JsonObject; throughMilestones?: boolean }[];
};

/** A journey's answers walked to the review page (where the prospect is next sent), with extra responses. */
function walk(id: string, extra: { responses?: JsonObject; state?: JsonObject } = {}): AppState {
  const scenario = journeys.scenarios.find((s) => s.id === id);
  if (!scenario) throw new Error(`no journey ${id}`);
  const input = scenarioInput(journeys.defaults, scenario.input);
  const result = simulate(docs, { ...input, responses: { ...(input.responses ?? {}), ...(extra.responses ?? {}) }, ...(extra.state ? { state: extra.state } : {}) }, { checkForm });
  // Without throughMilestones the walk stops at the first milestone or at the review page.
  expect(result.stop.errors, JSON.stringify(result.stop)).toBeUndefined();
  if (!result.state) throw new Error(`the walk of ${id} has no state`);
  return result.state;
}

function walkToReview(id: string, extra: { responses?: JsonObject; state?: JsonObject } = {}): AppState {
  const scenario = journeys.scenarios.find((s) => s.id === id);
  if (!scenario) throw new Error(`no journey ${id}`);
  const input = scenarioInput(journeys.defaults, scenario.input);
  const result = simulate(docs, { ...input, responses: { ...(input.responses ?? {}), ...(extra.responses ?? {}) }, ...(extra.state ? { state: extra.state } : {}) }, { checkForm, throughMilestones: true });
  expect(result.visited.some((v) => v.step === 'review-info-panel'), JSON.stringify(result.stop)).toBe(true);
  if (!result.state) throw new Error(`the walk of ${id} has no state`);
  return result.state;
}

const build = (state: AppState, extra: { person?: string; status?: string } = {}): JsonObject =>
  buildPayload(docs, state, { today: TODAY, productId: 'join-now', status: extra.status ?? 'create', config: docs.products.get('join-now')?.value.config, ...(extra.person ? { person: extra.person } : {}) });

describe('the prospect payload over three journeys (doc 2 §3)', () => {
  it('a retired veteran: basic info, phone, email, retired employment, military info, one address for both, SSN; no sponsor, no relatives', () => {
    const payload = build(walk('retired-veteran-to-review'));
    expect(payload).toEqual({
      // PAY-03/PAY-04: the triage answers by name.
      url_params: { militaryService: 'yes', currentMilitaryStatus: 'retired', militaryDischargeType: 'HON' },
      productId: 'join-now',
      status: 'create',
      channelType: 'DIGITAL_MODEL', // PAY-05
      consentAcquired: 'REVOKED', // PAY-06: no sponsor form, no consent given
      potentialCustomer: {
        basicInfo: {
          indivFirstNm: 'Maria',
          indivLastNm: 'Gonzalez',
          birthDt: '1976-03-14', // PAY-27
          ctznLocCd: '99', // PAY-21: the United States chosen as country of citizenship
          genderCd: 'F',
          maritalStatusCd: 'M', // her own answer (no triage spouse question)
        },
        // typed (210) 555-0148: digits only (PAY-11); the phone's country USA (REF-03).
        phones: { phoneNr: '2105550148', phoneCountryCd: 'USA', geographicPhoneLocCd: 'USA' },
        employment: { empmClassCd: 'RET', occupCtgyCd: '056' }, // PAY-23, PAY-24
        emailAddress: { emailAddrTxt: 'maria.gonzalez@example.com' },
        // PAY-15/16: she served; no relative was asked about.
        militaryConnections: { selfInd: 'Y', spouseInd: 'N', parentInd: 'N', grandParentInd: 'N', inLawInd: 'N', noneInd: 'N', unknownInd: 'N' },
        // ADDR-03, ADDR-05, ADDR-06: sameAddress copied the mailing block into physical.
        addresses: {
          mailingAddrLineTxt: '1200 Oak Hollow Dr',
          mailingAddrTypeCd: 'D',
          mailingCityNm: 'San Antonio',
          mailingCountryCd: 'USA',
          mailingStateCd: 'TX',
          mailingZipCd: '78258',
          physicalAddrLineTxt: '1200 Oak Hollow Dr',
          physicalAddrTypeCd: 'D',
          physicalCityNm: 'San Antonio',
          physicalCountryCd: 'USA',
          physicalStateCd: 'TX',
          physicalZipCd: '78258',
        },
        militaryInfo: {
          milBrchSrvcCd: 'A',
          milFirstEnlDt: '1998-06-01',
          milRankCd: 'NCO', // REF-18: 'Sergeant First Class (E-7)' is an NCO grade; never the display text
          milRetireDt: '2018-06-30', // retired: the end of service is the retirement date
          milStatusCd: 'R', // REF-19: the mapping's configured code for retired, never the raw answer
          milDischargeTypeMeCd: 'HON',
        },
        taxIdentification: { socialSecurityNr: '123456789' }, // typed 123-45-6789 (PAY-19)
      },
    });
    // PAY-09: sections with no value are not sent.
    const customer = payload.potentialCustomer as JsonObject;
    for (const absent of ['providerConnections', 'additionalAttributes']) expect(customer).not.toHaveProperty(absent);
    expect(payload).not.toHaveProperty('marketingIdentifiers');
    expect(payload).not.toHaveProperty('sponsorCustId');
  });

  it('the spouse of a member: married in triage, the spouse found as an eligible sponsor with a customer id, consent ticked on the spouse search', () => {
    const state = walkToReview('spouse-of-member-to-review', {
      responses: { sponsorSearch: { outcome: 'found', patch: { 'sponsor.sponsorData.sponsorCustId': 'SP-2001' } } },
    });
    const payload = build(state);
    expect(payload).toEqual({
      url_params: { militaryService: 'no', relativeMilitaryService: 'spouse', spouseRelationship: 'married', spouseMembership: 'yes', variant: 'spouse' },
      productId: 'join-now',
      status: 'create',
      channelType: 'DIGITAL_MODEL',
      consentAcquired: 'AUTHORIZED', // PAY-06: the spouse search's consent box
      sponsorCustId: 'SP-2001', // PAY-07: eligible sponsor with an id
      potentialCustomer: {
        basicInfo: {
          indivFirstNm: 'Dana',
          indivLastNm: 'Whitfield',
          birthDt: '1990-05-05',
          ctznLocCd: '99',
          maritalStatusCd: 'M', // PAY-22: triage says married (join-now is not a prefill product)
        },
        phones: { phoneNr: '2105550124', geographicPhoneLocCd: 'USA' }, // typed 210-555-0124; no country chosen: domestic (PAY-11)
        employment: { empmClassCd: 'PRIV', empmIndusClassCd: 'Health Care', empmNm: 'Tidewater Clinic', occupCtgyCd: 'Nurse' },
        // PAY-14/16: the spouse is a member.
        providerConnections: { spouseInd: 'Y', parentInd: 'N', grandParentInd: 'N', inLawInd: 'N', noneInd: 'N', unknownInd: 'N' },
        // PAY-15/16: the spouse served; waitListCd names the relation.
        militaryConnections: { selfInd: 'N', spouseInd: 'Y', parentInd: 'N', grandParentInd: 'N', inLawInd: 'N', waitListCd: 'spouse', noneInd: 'N', unknownInd: 'N' },
        addresses: {
          mailingAddrLineTxt: '48 Harbor View Rd',
          mailingAddrTypeCd: 'D',
          mailingCityNm: 'Norfolk',
          mailingCountryCd: 'USA',
          mailingStateCd: 'VA',
          mailingZipCd: '23503',
          physicalAddrLineTxt: '48 Harbor View Rd',
          physicalAddrTypeCd: 'D',
          physicalCityNm: 'Norfolk',
          physicalCountryCd: 'USA',
          physicalStateCd: 'VA',
          physicalZipCd: '23503',
        },
        taxIdentification: { socialSecurityNr: '219099999' },
      },
    });
    // PAY-28: the spouse as the person: the spouse's own details; no address or SSN was collected for him (PAY-09).
    const spouse = build(state, { person: 'spouse' });
    expect(spouse.potentialCustomer).toEqual({
      basicInfo: { indivFirstNm: 'Sam', indivLastNm: 'Whitfield', birthDt: '1988-02-11', ctznLocCd: '99', maritalStatusCd: 'M' },
      phones: { phoneNr: '2105550124', geographicPhoneLocCd: 'USA' },
      providerConnections: { spouseInd: 'Y', parentInd: 'N', grandParentInd: 'N', inLawInd: 'N', noneInd: 'N', unknownInd: 'N' },
      militaryConnections: { selfInd: 'N', spouseInd: 'Y', parentInd: 'N', grandParentInd: 'N', inLawInd: 'N', waitListCd: 'spouse', noneInd: 'N', unknownInd: 'N' },
    });
    // PAY-07: a sponsor that is not eligible is not sent, whatever its id.
    expect(build({ ...state, sponsor: { ...(state.sponsor as JsonObject), isEligible: false } })).not.toHaveProperty('sponsorCustId');
  });

  it('a parent-sponsored student: the parent is a member and served; consent only from the applicant\'s tick on the review (PAY-06, issue 20)', () => {
    const state = walk('parent-sponsored-to-review');
    // On the review, before Continue: the parent search's box is the parent's permission, not the applicant's consent.
    expect(build(state).consentAcquired).toBe('REVOKED');
    const payload = build(setPath(state, 'eligibility.self.personalInfo.consentAcquired', true));
    expect(payload).toEqual({
      url_params: { militaryService: 'no', relativeMilitaryService: 'parent', parentMembership: 'yes', parentRelationship: 'parent', parentType: 'parent', variant: 'parent' },
      productId: 'join-now',
      status: 'create',
      channelType: 'DIGITAL_MODEL',
      consentAcquired: 'AUTHORIZED',
      potentialCustomer: {
        basicInfo: { indivFirstNm: 'Jordan', indivLastNm: 'Reyes', birthDt: '2001-09-30', ctznLocCd: '99' },
        phones: { phoneNr: '5125550199', geographicPhoneLocCd: 'USA' },
        employment: { empmClassCd: 'STU', occupCtgyCd: '027' },
        providerConnections: { spouseInd: 'N', parentInd: 'Y', grandParentInd: 'N', inLawInd: 'N', noneInd: 'N', unknownInd: 'N' },
        militaryConnections: { selfInd: 'N', spouseInd: 'N', parentInd: 'Y', grandParentInd: 'N', inLawInd: 'N', waitListCd: 'parent', noneInd: 'N', unknownInd: 'N' },
        addresses: {
          mailingAddrLineTxt: '77 Congress Ave',
          mailingAddrTypeCd: 'D',
          mailingCityNm: 'Austin',
          mailingCountryCd: 'USA',
          mailingStateCd: 'TX',
          mailingZipCd: '78701',
          physicalAddrLineTxt: '77 Congress Ave',
          physicalAddrTypeCd: 'D',
          physicalCityNm: 'Austin',
          physicalCountryCd: 'USA',
          physicalStateCd: 'TX',
          physicalZipCd: '78701',
        },
        taxIdentification: { socialSecurityNr: '078051120' },
      },
    });
    // The parent's member number is not a triage answer sent in url_params, nor the parent's details anywhere.
    expect(JSON.stringify(payload)).not.toMatch(/Luis|4321|123456789/);
  });
});

describe('values, formats and sections', () => {
  const base: AppState = {
    triage: { militaryService: 'yes', californiaAncestry: 'n' },
    session: { promotionCd: 'SPRING', utmSource: 'mail', adobeEcid: 'ECID-1' },
    eligibility: {
      self: {
        personalInfo: { firstName: 'Ana', dob: '03/14/1976', phoneNumber: '+1 (210) 555-0148', ssn: '123-45-6789', maritalStatus: 'S', countryOfCitizenship: 'MEX' },
        militaryDetails: { status: 'separated', endDate: '06/2012', commissionSource: 'OCS', citizenship: 'yes' },
        federalAgency: { federalAgency: 'MS', maritimeAdmin: 'yes' },
        employment: { employmentStatus: 'EMP', employmentType: 'FED', occupation: '029' },
        address: { mailing: { addressType: 'I', internationalCountry: 'DEU', internationalAddress: 'Hauptstrasse 5', internationalCity: 'Berlin', internationalPostalCode: '10115', domesticZipCode: '78258' } },
      },
    },
  };

  it('marketing identifiers from the session (PAY-02); dates yyyy-MM-dd, phones digits, SSN without dashes (PAY-11, PAY-19, PAY-26/27)', () => {
    const p = build(base);
    expect(p.marketingIdentifiers).toEqual({ AdobeEcid: 'ECID-1', PromotionCd: 'SPRING', UtmSrc: 'mail' });
    const c = p.potentialCustomer as JsonObject;
    expect((c.basicInfo as JsonObject).birthDt).toBe('1976-03-14');
    expect((c.phones as JsonObject).phoneNr).toBe('12105550148');
    expect((c.taxIdentification as JsonObject).socialSecurityNr).toBe('123456789');
    expect((c.militaryInfo as JsonObject).milSeparationDt).toBe('2012-06-01'); // MM/yyyy is the first of the month
    expect(c.additionalAttributes).toEqual({ descendantInd: 'N' }); // PAY-20
  });

  it('the rules of doc 2 §3: ctznLocCd 99 from a citizenship answer, GOVT, MMA, MA; an international address with its own fields only', () => {
    const c = build(base).potentialCustomer as JsonObject;
    expect((c.basicInfo as JsonObject).ctznLocCd).toBe('99'); // PAY-21 over the country MEX
    expect(c.employment).toEqual({ empmClassCd: 'GOVT', occupCtgyCd: '029', federalAgency: 'MS', maritimeAdministration: 'yes', federalAgencyStatusCd: 'MA' });
    expect((c.militaryInfo as JsonObject).milCmsnSrceCd).toBe('MMA'); // PAY-25
    expect(c.addresses).toEqual({
      mailingAddrLineTxt: 'Hauptstrasse 5',
      mailingAddrTypeCd: 'I',
      mailingCityNm: 'Berlin',
      mailingCountryCd: 'DEU',
      mailingForeignZipCd: '10115',
    });
  });

  it('PAY-22: in a prefill product (product config prefillFlow) the applicant keeps her own marital status; the spouse is M', () => {
    const married: AppState = { ...base, triage: { spouseRelationship: 'married' }, eligibility: { ...(base.eligibility as JsonObject), spouse: { personalInfo: { firstName: 'Sam' } } } };
    const prefill = (person: string): JsonObject =>
      (buildPayload(docs, married, { today: TODAY, productId: 'p', status: 'create', person, config: { prefillFlow: true } }).potentialCustomer as JsonObject).basicInfo as JsonObject;
    expect(prefill('self').maritalStatusCd).toBe('S');
    expect(prefill('spouse').maritalStatusCd).toBe('M');
    expect(((build(married).potentialCustomer as JsonObject).basicInfo as JsonObject).maritalStatusCd).toBe('M');
  });

  it('an empty state: the envelope, url_params and potentialCustomer as {} (PAY-09 for every other section)', () => {
    expect(build({}, { status: 'detour' })).toEqual({
      url_params: {},
      productId: 'join-now',
      status: 'detour',
      channelType: 'DIGITAL_MODEL',
      consentAcquired: 'REVOKED',
      potentialCustomer: { militaryConnections: { selfInd: 'N', spouseInd: 'N', parentInd: 'N', grandParentInd: 'N', inLawInd: 'N', noneInd: 'N', unknownInd: 'Y' } },
    });
  });

  it('a person the mapping does not name is refused (PAY-28), and so is a build without a mapping', () => {
    expect(() => build(base, { person: 'parent' })).toThrow(PayloadError);
    expect(() => buildPayload({ ...docs, payload: undefined }, base, { today: TODAY, productId: 'p', status: 'create' })).toThrow(PayloadError);
  });

  it('a value that is not a date is left out, not sent as typed (PAY-27)', () => {
    const c = build({ eligibility: { self: { personalInfo: { firstName: 'Ana', dob: '1976-02-30' } } } }).potentialCustomer as JsonObject;
    expect(c.basicInfo).toEqual({ indivFirstNm: 'Ana' });
  });

  it('consentOf: AUTHORIZED for true or AUTHORIZED, REVOKED otherwise (PAY-06)', () => {
    expect([true, 'AUTHORIZED', false, 'yes', undefined, null].map(consentOf)).toEqual(['AUTHORIZED', 'AUTHORIZED', 'REVOKED', 'REVOKED', 'REVOKED', 'REVOKED']);
  });
});

describe('npm run simulate: the stop carries the last prospect a command sent', () => {
  it('a veteran walked through the review to the hand-off: the payload of the submit and complete commands', () => {
    const scenario = journeys.scenarios.find((s) => s.id === 'retired-veteran-to-review');
    const input = { ...scenarioInput(journeys.defaults, scenario?.input ?? {}), assume: 'success' } as SimulateInput;
    const result = simulate(docs, input, { checkForm, throughMilestones: true });
    expect(result.stop.payload, JSON.stringify(result.stop)).toBeDefined();
    const payload = result.stop.payload as JsonObject;
    expect(payload.productId).toBe('join-now');
    expect(((payload.potentialCustomer as JsonObject).basicInfo as JsonObject).indivFirstNm).toBe('Maria');
    expect(payload).toEqual(buildPayload(docs, result.state as AppState, { today: TODAY, productId: 'join-now', status: typeof payload.status === 'string' ? payload.status : '', config: docs.products.get('join-now')?.value.config }));
  });

  it('a walk that sends nothing has no payload', () => {
    expect(simulate(docs, { product: 'join-now', today: TODAY, answers: { militaryService: 'yes' } }).stop).not.toHaveProperty('payload');
  });
});

describe('lint of flows/payload.json', () => {
  it('the project mapping has no findings', () => {
    expect(checkPayloadMapping(docs)).toEqual([]);
  });

  it('reports a path outside the state contract, an unknown rule, a missing argument and an argument variable outside the contract', () => {
    const sources = readProjectSources().map((s) => {
      if (s.path !== 'flows/payload.json') return s;
      const mapping = JSON.parse(s.text) as { payload: { fields: JsonObject } };
      mapping.payload.fields.extra = {
        fields: {
          a: { path: 'eligibility.{person}.personalInfo.nickname' },
          b: { rule: 'payload.noSuchRule' },
          c: { rule: 'payload.empmClassCd' },
          d: { rule: 'payload.empmClassCd', args: { status: { var: 'eligibility.{person}.employment.nothing' }, type: 'x' } },
        },
      };
      return { ...s, text: JSON.stringify(mapping, null, 2) };
    });
    const findings = checkPayloadMapping(loadProject(sources)).map((d) => `${d.pointer} ${d.check} ${d.message}`);
    expect(findings).toEqual([
      expect.stringMatching(/^\/payload\/fields\/extra\/fields\/a\/path unknown-variable "eligibility\.self\.personalInfo\.nickname" \(person self\)/),
      expect.stringMatching(/^\/payload\/fields\/extra\/fields\/b\/rule broken-reference unknown rule "payload\.noSuchRule"/),
      expect.stringMatching(/^\/payload\/fields\/extra\/fields\/c\/rule bad-rule rule "payload\.empmClassCd" takes arguments/),
      expect.stringMatching(/^\/payload\/fields\/extra\/fields\/d\/args\/status\/var unknown-variable .*eligibility\.self\.employment\.nothing/),
      expect.stringMatching(/^\/payload\/fields\/extra\/fields\/a\/path unknown-variable "eligibility\.spouse\.personalInfo\.nickname" \(person spouse\)/),
      expect.stringMatching(/^\/payload\/fields\/extra\/fields\/d\/args\/status\/var unknown-variable .*eligibility\.spouse\.employment\.nothing/),
    ]);
  });

  it('a command that sends the prospect needs the mapping', () => {
    const sources = readProjectSources().filter((s) => s.path !== 'flows/payload.json');
    const findings = checkPayloadMapping(loadProject(sources));
    expect(findings.map((d) => `${d.file} ${d.check}`)).toContain('flows/commands.json broken-reference');
  });
});

describe('what the prospect still lacked (issue 19)', () => {
  const person = (personalInfo: JsonObject, militaryDetails: JsonObject = {}): AppState => ({ eligibility: { self: { personalInfo, militaryDetails } } });
  const phones = (s: AppState): JsonValue | undefined => (build(s).potentialCustomer as JsonObject).phones;
  const military = (s: AppState): JsonObject => ((build(s).potentialCustomer as JsonObject).militaryInfo as JsonObject | undefined) ?? {};

  it('PAY-11: geographicPhoneLocCd is USA for a domestic phone, the chosen country for an international one, absent without a phone', () => {
    expect(phones(person({ phoneNumber: '2105550148' }))).toEqual({ phoneNr: '2105550148', geographicPhoneLocCd: 'USA' });
    expect(phones(person({ phoneNumber: '2105550148', countryCode: 'USA' }))).toEqual({ phoneNr: '2105550148', phoneCountryCd: 'USA', geographicPhoneLocCd: 'USA' });
    expect(phones(person({ phoneNumber: '4930123456', countryCode: 'DEU' }))).toEqual({ phoneNr: '4930123456', phoneCountryCd: 'DEU', geographicPhoneLocCd: 'DEU' });
    expect(phones(person({ firstName: 'Ana', countryCode: 'DEU' }))).toEqual({ phoneCountryCd: 'DEU' });
    expect(phones(person({ firstName: 'Ana', phoneNumber: '' }))).toBeUndefined();
  });

  it('REF-17, REF-19: milStatusCd A for active, E for reserve and guard, the configured codes for separated and retired; never the raw answer', () => {
    const status = (s: string): JsonValue | undefined => military(person({}, { status: s, branch: 'A' })).milStatusCd;
    expect(['active', 'reserve', 'guard', 'separated', 'retired'].map(status)).toEqual(['A', 'E', 'E', 'S', 'R']);
    expect(military(person({}, { branch: 'A' }))).toEqual({ milBrchSrvcCd: 'A' });
  });

  it('REF-18: milRankCd is the rank category of every rank the sandbox lists, by its grade, never the display text', () => {
    const expected = (grade: string): string => {
      const [letter, n] = [grade[0], Number(grade.slice(2))];
      if (letter === 'E') return n >= 7 ? 'NCO' : 'ENL';
      return 'OFF';
    };
    let seen = 0;
    for (const { shortName } of BRANCHES) {
      for (const { displayValue } of ranksOf(shortName as string) ?? []) {
        const grade = /\(([EWO]-[0-9]+)\)$/.exec(displayValue as string)?.[1] as string;
        expect(military(person({}, { rank: displayValue as string })).milRankCd, displayValue).toBe(expected(grade));
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(military(person({}, { rank: 'Private' }))).toEqual({}); // no grade, no hyphen: no category, not the text
  });

  it('TRI-45: a commissioning applicant under contract sends the entered commission date unchanged (as yyyy-MM-dd), in rule payload.milCmsnDt', () => {
    const commissioning = person({}, { branch: 'N', commissionSource: 'NA', hasCommissionDate: 'yes', startDate: '08/2024', commissionDate: '05/20/2027' });
    expect(military(commissioning)).toEqual({ milBrchSrvcCd: 'N', milCmsnDt: '2027-05-20', milCmsnSrceCd: 'NA', milCmsnSrceCdMisCd: 'NA', milFirstEnlDt: '2024-08-01' });
    expect(military(person({}, { commissionDate: '2019-05-20' })).milCmsnDt).toBe('2019-05-20');
    const mapping = docs.payload?.value as unknown as { payload: JsonObject };
    expect(JSON.stringify(mapping.payload)).toContain('"milCmsnDt":{"rule":"payload.milCmsnDt"');
  });

  it('milCmsnSrceCdMisCd is the source the applicant chose, also when milCmsnSrceCd is MMA by the maritime answer (PAY-25)', () => {
    const maritime: AppState = { eligibility: { self: { militaryDetails: { commissionSource: 'OCS' }, federalAgency: { federalAgency: 'MS', maritimeAdmin: 'yes' } } } };
    expect(military(maritime)).toMatchObject({ milCmsnSrceCd: 'MMA', milCmsnSrceCdMisCd: 'OCS' });
    expect(military({ eligibility: { self: { federalAgency: { federalAgency: 'MS', maritimeAdmin: 'yes' } } } })).toEqual({ milCmsnSrceCd: 'MMA' });
  });

  it('PAY-19: taxIdNr only from a tax id the person gave (dashes removed), never a copy of the SSN', () => {
    const tax = (info: JsonObject): JsonValue | undefined => (build(person(info)).potentialCustomer as JsonObject).taxIdentification;
    expect(tax({ ssn: '123-45-6789' })).toEqual({ socialSecurityNr: '123456789' });
    expect(tax({ ssn: '123456789', taxId: '98-7654321' })).toEqual({ socialSecurityNr: '123456789', taxIdNr: '987654321' });
    expect(tax({ taxId: '' })).toBeUndefined();
  });

  it('PAY-08: prefillDetails is the list of pairs the prefill gave, as read (src/app/prefill.ts); absent without a prefill', () => {
    const details = [{ key: 'firstName', value: ' Maria ' }, { key: 'phone', value: '(210) 555-0148' }, { key: 'nickname', value: 'M' }, { key: 'physicalAddress', value: { addressType: 'D', domesticZipCode: '78258', note: 'x' } }];
    const { state } = applyPrefill({}, details);
    const p = build(state);
    expect(p.prefillDetails).toEqual([
      { key: 'firstName', value: 'Maria' },
      { key: 'phone', value: '2105550148' },
      { key: 'physicalAddress', value: { addressType: 'D', domesticZipCode: '78258' } },
    ]);
    expect((p.potentialCustomer as JsonObject).basicInfo).toEqual({ indivFirstNm: 'Maria' });
    expect(build({})).not.toHaveProperty('prefillDetails');
    expect(applyPrefill({}, [{ key: 'nickname', value: 'M' }]).state).toEqual({});
  });

  it('PAY-02: the visitor ids are sent when the session has them, and only those it has', () => {
    expect(build({ session: { tealiumVisitorId: '0179a0e3c0a2001c' } }).marketingIdentifiers).toEqual({ TealiumVisitorId: '0179a0e3c0a2001c' });
    expect(build({ session: { adobeEcid: '', utmSource: 'mail' } }).marketingIdentifiers).toEqual({ UtmSrc: 'mail' });
  });

  it('nothing the applicant did not give: empty answers leave the new fields out, not sent as ""', () => {
    const empty = person({ countryCode: '', phoneNumber: '', taxId: '' }, { status: '', rank: '', commissionSource: '', commissionDate: '', hasCommissionDate: '' });
    const c = build(empty).potentialCustomer as JsonObject;
    expect(c).not.toHaveProperty('phones');
    expect(c).not.toHaveProperty('militaryInfo');
    expect(c).not.toHaveProperty('taxIdentification');
    expect(JSON.stringify(build(empty))).not.toContain('""');
  });
});
