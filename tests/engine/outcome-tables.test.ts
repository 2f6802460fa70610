/**
 * Command outcome tables (flows/commands.json `outcomeTable`) and the service-code catalogue
 * (flows/service-codes.json): the project's tables decide SUB-17..SUB-23 as the spec says, and
 * lint refuses a row whose outcome is not the command's or whose code is not in the catalogue.
 */
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../tools/lib/project';
import { codesNamed, decideOutcome, describeCodes, failureMessage, reasonText, type TableAnswer } from '../../src/engine/outcome-table';
import type { JsonValue } from '../../src/rules/index';
import { miniProject, SHARED_DOCUMENTS } from './mini';

const docs = loadProject();
const ctx = { today: '2026-11-22' };

function decide(command: string, answer: Partial<TableAnswer> & { codes?: string[] }, state = {}) {
  const rows = docs.commands.get(command)?.command.outcomeTable;
  if (!rows) throw new Error(`${command} has no outcome table`);
  return decideOutcome(docs.ruleEngine, rows, state, { codes: [], ...answer } as TableAnswer, ctx);
}

describe('payloadSubmit (SUB-17..SUB-22, adopted order SUB-21)', () => {
  const cases: [string, Partial<TableAnswer>, string, string?][] = [
    ['201 goes next (SUB-17)', { status: 201, customerId: 'c1' }, 'next'],
    ['200 without codes goes next', { status: 200 }, 'next'],
    ['50017 is an error (SUB-18)', { status: 200, codes: ['50017'] }, 'error', 'PAYLOAD_ERROR|STATUS_200|50017'],
    ['50017 beats a member number (SUB-21)', { status: 200, codes: ['50017'], memberNumber: '123' }, 'error', 'PAYLOAD_ERROR|STATUS_200|50017'],
    ['50003 without the eligibility collection is an error (SUB-18, SUB-22)', { status: 200, codes: ['50003'], eligibilityPresented: false }, 'error', 'PAYLOAD_ERROR|STATUS_200|50003'],
    ['50003 with it and no member number is an error too (not in the list, SUB-19)', { status: 200, codes: ['50003'], eligibilityPresented: true }, 'error', 'PAYLOAD_ERROR|STATUS_200|50003'],
    ['50003 with it and a member number is the pilot (SUB-21)', { status: 200, codes: ['50003'], eligibilityPresented: true, memberNumber: '123' }, 'pilotRedirect'],
    ['a member number is the pilot (SUB-20)', { status: 200, codes: ['50006'], memberNumber: '123', registrationToken: 'reg', productUrl: '/p' }, 'pilotRedirect'],
    ['50012, 50013, 50015, 50016 go next (SUB-19)', { status: 200, codes: ['50012', '50013', '50015', '50016'] }, 'next'],
    ['another code without a member number is an error (SUB-19, ERR-43)', { status: 200, codes: ['50015', '70000'] }, 'error', 'PAYLOAD_ERROR|STATUS_200|50015|70000'],
    ['a 500 with 999999', { status: 500, codes: ['999999'] }, 'error', 'PAYLOAD_ERROR|STATUS_500|999999'],
    ['no response', {}, 'error', 'PAYLOAD_ERROR|NO_RESPONSE'],
    ['a polling timeout (40011)', { status: 408, codes: ['40011'] }, 'error', 'PAYLOAD_ERROR|STATUS_408|40011'],
  ];
  it.each(cases)('%s', (_name, answer, outcome, reason) => {
    const d = decide('payloadSubmit', answer);
    expect(d?.outcome).toBe(outcome);
    expect(d?.reason).toBe(reason);
  });
  it('the pilot keeps the registration token and product URL (SUB-20)', () => {
    expect(decide('payloadSubmit', { status: 200, codes: ['50006'], memberNumber: '123', registrationToken: 'reg', productUrl: '%2Fp' })?.session).toEqual({ jwtKey: 'reg', productRedirect: '%2Fp' });
  });
});

describe('memberFoundRedirect (SUB-23)', () => {
  const cases: [string[], string, string?][] = [
    [['50012'], 'proofing'],
    [['50015'], 'continue'],
    [['50015', '50012'], 'error', 'MEMBER_FOUND_ERROR|50015|50012'],
    [['50012', '50013'], 'error', 'MEMBER_FOUND_ERROR|50012|50013'],
    [['50015', '50003'], 'error', 'MEMBER_FOUND_ERROR|50015|50003'],
    [['50013'], 'error', 'MEMBER_FOUND_ERROR|50013'],
    [['50006'], 'error', 'MEMBER_FOUND_ERROR|50006'],
    [[], 'error', 'MEMBER_FOUND_ERROR'],
    // ERR-24's suggested default: the SSN/TIN mismatch codes and the profile codes have reasons of their own.
    [['50063'], 'error', 'SSN_MISMATCH_FOUND_ERROR|50063'],
    [['50015', '50073'], 'error', 'SSN_MISMATCH_FOUND_ERROR|50015|50073'],
    [['50053', '50000'], 'error', 'SSN_MISMATCH_FOUND_ERROR|50053|50000'],
    [['50000'], 'error', 'TBD_PROFILE_FOUND|50000'],
    [['50005', '50013'], 'error', 'TBD_PROFILE_FOUND|50005|50013'],
    [['50062'], 'error', 'MEMBER_FOUND_ERROR|50062'],
  ];
  it.each(cases)('%j → %s', (codes, outcome, reason) => {
    const d = decide('memberFoundRedirect', { codes, memberFoundJwtKey: 'mf', productUrl: '%2Fmy%2Fmember-home' });
    expect(d?.outcome).toBe(outcome);
    expect(d?.reason).toBe(reason);
  });
  it('proofing saves the token, the landing-page flag and the encoded product URL; continue saves the token', () => {
    expect(decide('memberFoundRedirect', { codes: ['50012'], memberFoundJwtKey: 'mf', productUrl: '%2Fp' })?.session).toEqual({ jwtKey: 'mf', productRedirect: '%2Fp', landingPage: 'true' });
    expect(decide('memberFoundRedirect', { codes: ['50015'], memberFoundJwtKey: 'mf' })?.session).toEqual({ jwtKey: 'mf' });
  });
});

describe('moduleUpdate and completeModule', () => {
  it('accept a 2xx, refuse anything else with PAYLOAD_ERROR', () => {
    expect(decide('moduleUpdate', { status: 201 })?.outcome).toBe('success');
    expect(decide('moduleUpdate', { status: 500, codes: ['999999'] })).toMatchObject({ outcome: 'error', reason: 'PAYLOAD_ERROR|STATUS_500|999999' });
    expect(decide('completeModule', { status: 200 })).toMatchObject({ outcome: 'done' });
    expect(decide('completeModule', { status: 200 })?.reason).toBeUndefined();
    expect(decide('completeModule', { status: 408, codes: ['40011'] })).toMatchObject({ outcome: 'done', reason: 'PAYLOAD_ERROR|STATUS_408|40011' });
  });
  it('take their status from rule lifecycle.status by default', () => {
    for (const c of ['moduleUpdate', 'payloadSubmit', 'completeModule']) expect(docs.commands.get(c)?.command.defaultArgs).toEqual({ status: { rule: 'lifecycle.status' } });
  });
});

describe('the helpers', () => {
  it('fill reason templates, dropping empty parts', () => {
    expect(reasonText('PAYLOAD_ERROR|{status}|{codes}', { status: 200, codes: ['50017'] })).toBe('PAYLOAD_ERROR|STATUS_200|50017');
    expect(reasonText('PAYLOAD_ERROR|{status}|{codes}', { codes: [] })).toBe('PAYLOAD_ERROR|NO_RESPONSE');
    expect(reasonText('MEMBER_FOUND_ERROR|{codes}', { codes: ['50015', '50003'] })).toBe('MEMBER_FOUND_ERROR|50015|50003');
  });
  it('describe codes from the catalogue (ERR-30..ERR-42)', () => {
    expect(describeCodes(docs.serviceCodes?.value, ['70000', '40011', '50014', '1'])).toEqual([
      '70000 (bot detected)',
      '40011 (Maximum polling time exceeded.)',
      '50014 (parent sponsor deceased)',
      '1 (not in the service-code catalogue)',
    ]);
  });
  it('999999 shows its message with a retry (ERR-42); other codes none', () => {
    expect(failureMessage(docs.serviceCodes?.value, 'PAYLOAD_ERROR|STATUS_500|999999')).toEqual({ code: '999999', message: 'milestones.serviceRetry.heading', retry: true });
    expect(failureMessage(docs.serviceCodes?.value, 'PAYLOAD_ERROR|STATUS_200|50017')).toBeUndefined();
    expect(docs.content.get('milestones.serviceRetry.heading')?.text).toBe('Error submitting to service. Try again.');
  });
  it('the catalogue lists every code of doc 2 §8, and an unnamed code is an error (ERR-43)', () => {
    const codes = Object.keys(docs.serviceCodes?.value.codes ?? {});
    for (const c of ['50000', '50007', '50011', '50019', '50021', '50029', '50031', '50032', '50040', '50051', '50063', '50073', '50081', '60000', '60004', '60011', '60012', '60021', '60026', '70000', '40011', '999999']) expect(codes).toContain(c);
    expect(docs.serviceCodes?.value.unnamed.effect).toBe('error');
  });
  it('find the codes a condition names', () => {
    expect(codesNamed({ and: [{ in: ['50017', { var: 'answer.codes' }] }, { '===': [{ var: 'answer.status' }, 200] }] } as JsonValue)).toEqual(['50017']);
  });
});

describe('lint', () => {
  const withTable = (rows: JsonValue, extra: Record<string, JsonValue> = {}) =>
    miniProject({
      'flows/commands.json': {
        commands: {
          ...((SHARED_DOCUMENTS['flows/commands.json'] as { commands: Record<string, JsonValue> }).commands),
          lookup: { route: '/lookup', description: 'a lookup', outcomes: ['found', 'missing', 'error'], success: 'found', outcomeTable: rows },
        },
      },
      'flows/service-codes.json': { unnamed: { effect: 'error' }, codes: { '50017': { meaning: 'parent missing ssn/tin/dob' } } },
      ...extra,
    });
  const findings = (rows: JsonValue) => loadProject(withTable(rows)).diagnostics.filter((d) => d.file === 'flows/commands.json').map((d) => [d.check, d.pointer]);

  it('accepts a table whose rows use the command outcomes, rules and catalogue codes', () => {
    expect(findings([{ when: { in: ['50017', { var: 'answer.codes' }] }, outcome: 'error', reason: 'X|{codes}' }, { when: true, outcome: 'found' }])).toEqual([]);
  });
  it("refuses an outcome that is not the command's, a code not in the catalogue, an unknown rule and a variable outside the contract", () => {
    expect(
      findings([
        { when: true, outcome: 'nope' },
        { when: { in: ['12345', { var: 'answer.codes' }] }, outcome: 'error' },
        { when: 'mini.noSuchRule', outcome: 'found' },
        { when: { var: 'triage.nothing' }, outcome: 'found' },
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['broken-reference', '/commands/lookup/outcomeTable/0/outcome'],
        ['broken-reference', '/commands/lookup/outcomeTable/1/when'],
        ['broken-reference', '/commands/lookup/outcomeTable/2/when'],
        ['unknown-variable', '/commands/lookup/outcomeTable/3/when/var'],
      ]),
    );
  });
});
