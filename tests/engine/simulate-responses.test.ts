/**
 * `npm run simulate` answers every command with what the service would answer (issue 10, "Done
 * when", fourth point): a response may be `{"status": 201, "body": {...}}` (or a list for
 * successive runs, a 202's polls included). A command with an outcome table is judged by the same
 * pure functions the browser's commands use (src/engine/lifecycle.ts, src/engine/outcome-table.ts);
 * the stop carries the lifecycle statuses sent, in order, next to the last payload. The sequence
 * for a retired veteran is the one the browser sends (tests/e2e/data-panels.e2e.test.ts, last test:
 * POST modified-create, then PUT complete polled).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate, type SimulateInput } from '../../src/engine/simulate';
import { scenarioInput } from '../../src/engine/rule-tables';
import { lifecycleStatus, planSend, enrollmentAnswerOf, tableResult } from '../../src/engine/lifecycle';
import { resolveFlow } from '../../src/engine/flow';
import { getPath, type AppState, type JsonObject } from '../../src/engine/state';
import { createFormChecker } from '../../tools/lib/form-checker';
import { PROJECT_ROOT, configDestinations, loadProject } from '../../tools/lib/project';

const docs = loadProject();
const checkForm = createFormChecker();
const journeys = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'tests/scenarios/journeys.json'), 'utf8')) as {
  defaults: JsonObject;
  scenarios: { id: string; input: JsonObject }[];
};

/** The retired veteran of tests/scenarios/journeys.json, walked through the review with these responses. */
function veteran(responses: JsonObject): SimulateInput {
  const scenario = journeys.scenarios.find((s) => s.id === 'retired-veteran-to-review');
  if (!scenario) throw new Error('no journey retired-veteran-to-review');
  const input = scenarioInput(journeys.defaults, scenario.input);
  return { ...input, responses: { ...(input.responses ?? {}), ...responses } };
}

const walk = (responses: JsonObject) => simulate(docs, veteran(responses), { checkForm, throughMilestones: true, destinations: configDestinations() });
const visitedSteps = (r: ReturnType<typeof walk>): string[] => r.visited.map((v) => `${v.module}/${v.step}`);
const created = { status: 201, body: { customerId: 'c-100', jwtKey: 'tok-1' } };
/**
 * The module updates before member-found (doc 2 §4, flows/modules/system.json module-end): the
 * create at the end of basic-info, then an update at each later module's end, answered by the
 * default of tests/scenarios/journeys.json; then member-found's submit sends update.
 */
const MODULE_ENDS = ['modified-create', 'update', 'update', 'update', 'update', 'update'];
const SUBMITTED = [...MODULE_ENDS, 'update'];

describe('simulate with HTTP answers: the veteran signed up', () => {
  it('201 then 202 polled to 200: the module updates, the submit, then complete, the hand-off, and the last payload is the complete', () => {
    const r = walk({ payloadSubmit: created, completeModule: [{ status: 202, body: {} }, { status: 202 }, { status: 200, body: { data: {} } }] });
    expect(r.stop, JSON.stringify(r.stop)).toMatchObject({ kind: 'command', module: 'member-found', step: 'hand-off', command: 'leaveApp' });
    expect(r.stop.statuses).toEqual([...SUBMITTED, 'complete']);
    expect(r.stop.payload?.status).toBe('complete');
    expect(r.state?.individuals).toMatchObject({ guid: 'c-100', lastStatus: 'complete', memberFound: { isFound: false, codes: [] } });
    expect(visitedSteps(r)).not.toContain('member-found/member-found-redirect');
  });

  it('the same statuses with a single 200 to the complete, and with outcome responses (assume success)', () => {
    expect(walk({ payloadSubmit: created, completeModule: { status: 200, body: { data: {} } } }).stop.statuses).toEqual([...SUBMITTED, 'complete']);
    const assumed = simulate(docs, { ...veteran({}), assume: 'success' }, { checkForm, throughMilestones: true });
    expect(assumed.stop.statuses).toEqual([...SUBMITTED, 'complete']);
  });

  it('a 202 whose polls run out gives up with 40011 (SUB-27): the error route', () => {
    const r = walk({ payloadSubmit: created, completeModule: { status: 202, body: {} }, callDetour: 'done' });
    expect(r.state?.error).toMatchObject({ hasError: true, reason: 'PAYLOAD_ERROR|STATUS_408|40011' });
    expect(r.stop.statuses).toEqual([...SUBMITTED, 'complete', 'detour']);
  });

  it('a 200 with code 50017 to the submit goes to the error route (SUB-18); the prospect exists (created at basic-info\'s end), so the detour is sent', () => {
    const r = walk({ payloadSubmit: { status: 200, body: { codes: ['50017'] } }, callDetour: 'done' });
    expect(r.state?.error).toMatchObject({ hasError: true, reason: 'PAYLOAD_ERROR|STATUS_200|50017' });
    expect(r.stop).toMatchObject({ kind: 'milestone', module: 'system' });
    // The customer was created at the end of basic-info: the detour is sent (FLOW-14).
    expect(r.stop.statuses).toEqual([...SUBMITTED, 'detour']);
  });

  it('a 200 with 50012 alone to the complete: the member-found redirect decides proofing by its table (SUB-23)', () => {
    const r = walk({ payloadSubmit: created, completeModule: { status: 200, body: { codes: ['50012'], memberFoundJwtKey: 'mf-1' } } });
    expect(visitedSteps(r)).toContain('member-found/member-found-redirect');
    expect(r.state?.command).toMatchObject({ name: 'memberFoundRedirect', outcome: 'proofing' });
    expect(r.stop).toMatchObject({ kind: 'command', command: 'leaveApp', destination: '/my/identity-proofing/' });
    expect(r.stop.statuses).toEqual([...SUBMITTED, 'complete']);
  });

  it('a 50012 on the submit is not lost when the completion answers without codes (SUB-23, issue 19)', () => {
    const r = walk({ payloadSubmit: { status: 200, body: { data: { customerId: 'c-100', jwtKey: 'tok-1', codes: ['50012'], memberFoundJwtKey: 'mf-1' } } }, completeModule: { status: 200, body: { data: { codes: [] } } } });
    expect(r.state?.individuals).toMatchObject({ memberFound: { isFound: true, codes: ['50012'] } });
    expect(r.state?.command).toMatchObject({ name: 'memberFoundRedirect', outcome: 'proofing' });
    expect(r.stop.destination).toBe('/my/identity-proofing/');
  });

  it('the stop lists every request the walk made, with the answer given: what the browser sends (issue 19)', () => {
    const r = walk({ payloadSubmit: created, completeModule: [{ status: 202, body: { pollingId: 'p-9' } }, { status: 200, body: { data: {} } }] });
    expect(r.stop.requests?.map((q) => `${q.command} ${q.method} ${q.path} ${q.status ?? ''}`.trim())).toEqual([
      'moduleUpdate POST enrollment/customers modified-create',
      ...MODULE_ENDS.slice(1).map((status) => `moduleUpdate PUT enrollment/customers/scenario-customer ${status}`),
      'payloadSubmit PUT enrollment/customers/scenario-customer update',
      'completeModule PUT enrollment/customers/c-100 complete',
      'completeModule GET enrollment/polling/p-9',
    ]);
    expect(r.stop.requests?.find((q) => q.command === 'completeModule')?.answer).toEqual({ status: 202, body: { pollingId: 'p-9' } });
    expect(r.stop.destination).toBe('/my/member-home');
  });

  it('a request that gets no answer is a failure as in the browser: {"fault": "network"} on the submit is PAYLOAD_ERROR|NO_RESPONSE', () => {
    const r = walk({ payloadSubmit: { fault: 'network' }, callDetour: 'done' });
    expect(r.state?.error).toMatchObject({ hasError: true, reason: 'PAYLOAD_ERROR|NO_RESPONSE' });
  });

  it('50015 beside another code is member-found-error; 50015 alone continues to the hand-off', () => {
    const both = walk({ payloadSubmit: created, completeModule: { status: 200, body: { codes: ['50015', '50012'] } }, callDetour: 'done' });
    expect(both.state?.error).toMatchObject({ hasError: true, reason: 'MEMBER_FOUND_ERROR|50015|50012' });
    const alone = walk({ payloadSubmit: created, completeModule: { status: 200, body: { codes: ['50015'] } } });
    expect(alone.state?.command).toMatchObject({ name: 'memberFoundRedirect', outcome: 'continue' });
    expect(alone.stop).toMatchObject({ kind: 'command', step: 'hand-off' });
  });

  it('a 500 to the create (the module update at basic-info\'s end): error route, the detour not sent (no customer id)', () => {
    const r = walk({ moduleUpdate: { status: 500, body: { errors: [{ errorCode: '999999' }] } }, callDetour: 'done' });
    expect(r.state?.error).toMatchObject({ reason: 'PAYLOAD_ERROR|STATUS_500|999999' });
    expect(r.stop).toMatchObject({ kind: 'milestone', step: 'service-retry' });
    expect(r.stop.statuses).toEqual(['modified-create']);
  });

  it('a bad status is refused with what to fix', () => {
    expect(walk({ payloadSubmit: { status: 'x' } as unknown as JsonObject }).stop.message).toMatch(/"status" must be an HTTP status/);
  });

  it('a create answered 201 without a customerId, or a body that is not JSON, is malformed: the error route, never "next" (issue 10, Failures)', () => {
    const noId = walk({ moduleUpdate: { status: 201, body: { jwtKey: 'tok' } }, callDetour: 'done' });
    expect(noId.state?.error).toMatchObject({ hasError: true, reason: 'PAYLOAD_ERROR|STATUS_201|MALFORMED_BODY|no customerId' });
    const text = walk({ payloadSubmit: created, completeModule: { status: 200, body: '<html>' }, callDetour: 'done' });
    expect(text.state?.error).toMatchObject({ hasError: true, reason: 'PAYLOAD_ERROR|STATUS_200|MALFORMED_BODY|not JSON' });
  });
});

describe('simulate reads the sponsor and address services\' answers as the browser does (issue 10, "Done when": responses for every command)', () => {
  it('the address check: 200 without codes is valid; the walk goes on', () => {
    const r = walk({ addressValidation: { status: 200, body: { data: {} } } });
    expect(r.visited.map((v) => v.step)).toContain('occupation-panel');
    // ADDR-22: the prospect exists (created at basic-info's end), so the check carries its customer id, the app id and the claim.
    const check = r.stop.requests?.find((q) => q.command === 'addressValidation');
    expect(check?.headers).toMatchObject({ customerId: 'scenario-customer', appId: 'ent-eligibility-modular', 'ent-eligibility-claim': 'scenario-token' });
    expect(getPath(r.state ?? {}, 'eligibility.self.address.validation')).toMatchObject({ outcome: 'valid', codes: [] });
  });

  it('the address check: a 400 with a ZIP-mismatch code and a standardised address (ADDR-22..ADDR-26)', () => {
    const r = walk({ addressValidation: { status: 400, body: { codes: ['19501'], standardizedAddress: { addrLineTxt: '1 Main St', cityNm: 'Austin', stateCd: 'TX', zipCd: '78701' } } } });
    const record = getPath(r.state ?? {}, 'eligibility.self.address.validation') as JsonObject | undefined;
    expect(record?.codes).toEqual(['19501']);
    expect(['suggestion', 'mismatch']).toContain(record?.outcome);
  });

  it('the address check: a 500 or a body that is not JSON is ADDRESS_VALIDATION_ERROR (ADDR-23)', () => {
    const failed = walk({ addressValidation: { status: 500, body: {} }, callDetour: 'done' });
    expect(failed.state?.error).toMatchObject({ hasError: true, reason: 'ADDRESS_VALIDATION_ERROR|STATUS_500' });
    const text = walk({ addressValidation: { status: 200, body: 'oops' }, callDetour: 'done' });
    expect(text.state?.error).toMatchObject({ hasError: true, reason: 'ADDRESS_VALIDATION_ERROR|STATUS_200|MALFORMED_BODY|not JSON' });
  });
});

/** The sponsor search and save of a spouse of a member (tests/scenarios/journeys.json), with the services' answers. */
function spouse(responses: JsonObject): SimulateInput {
  const scenario = journeys.scenarios.find((s) => JSON.stringify(s.input).includes('sponsorSearch'));
  if (!scenario) throw new Error('no journey answers sponsorSearch');
  const input = scenarioInput(journeys.defaults, scenario.input);
  return { ...input, responses: { ...(input.responses ?? {}), ...responses } };
}

describe('simulate reads the sponsor service\'s answers (SPON-04..SPON-12)', () => {
  const request = { brand: 'MUSTER', memberNumberOrder: [4, 0, 7, 2, 8, 5, 1, 6, 3] };
  const sponsorWalk = (responses: JsonObject) => simulate(docs, spouse(responses), { checkForm, throughMilestones: true, sponsorRequest: request });

  it('found: 200 with a sponsorCustId records the eligible sponsor', () => {
    const r = sponsorWalk({ sponsorSearch: { status: 200, body: { data: { sponsorCustId: 'sp-1' } } } });
    expect(r.state?.sponsor).toMatchObject({ isEligible: true, sponsorExists: true, sponsorData: { sponsorCustId: 'sp-1' } });
  });

  it("a spouse member's milestone follows the search's sponsorMilitaryInd: Y military, N non-military, none eligible (ROUTE-17, issue 19)", () => {
    const milestoneOf = (data: JsonObject): string | null => {
      const r = simulate(docs, spouse({ sponsorSearch: { status: 200, body: { data: { sponsorCustId: 'sp-1', ...data } } } }), { checkForm, sponsorRequest: request });
      return r.visited.map((v) => v.step).find((s) => s.startsWith('spouse-member-')) ?? null;
    };
    expect(milestoneOf({ sponsorMilitaryInd: 'Y' })).toBe('spouse-member-military');
    expect(milestoneOf({ sponsorMilitaryInd: 'N' })).toBe('spouse-member-non-military');
    expect(milestoneOf({})).toBe('spouse-member-eligible');
  });

  it('a 200 with neither a sponsorCustId nor codes is malformed: the error route, never "not found"', () => {
    const r = sponsorWalk({ sponsorSearch: { status: 200, body: { data: {} } }, callDetour: 'done' });
    expect(r.state?.error).toMatchObject({ hasError: true, reason: 'SPONSOR_SEARCH_ERROR|200|MALFORMED_BODY|no sponsorCustId' });
  });

  it('404 is not found; without config.json\'s sponsorRequest the walk says what it needs', () => {
    const r = sponsorWalk({ sponsorSearch: { status: 404, body: {} } });
    expect(r.state?.command).toMatchObject({ name: 'sponsorSearch', outcome: 'notFound' });
    const bare = simulate(docs, spouse({ sponsorSearch: { status: 404, body: {} }, callDetour: 'done' }), { checkForm, throughMilestones: true });
    // As in the browser, the command's failure takes the error route: the walk ends at the trap, its message the reason.
    expect(bare.stop).toMatchObject({ kind: 'milestone', milestone: 'trap-door' });
    expect(bare.stop.message).toMatch(/needs config.json "sponsorRequest"/);
  });
});
describe('the shared decisions agree with the browser command', () => {
  it('the complete step sends the status of its argument on the lifecycle state; planSend holds back a PUT without a customer id', () => {
    const { flow } = resolveFlow(docs, 'join-now');
    if (!flow) throw new Error('no join-now flow');
    const state: AppState = { flow: { position: flow.modules.length - 1 }, individuals: { lastStatus: 'modified-create' } };
    expect(lifecycleStatus(flow, 'completeModule', { status: { rule: 'lifecycle.memberFoundStatus' } }, state, '2026-11-22', 'c-1')).toBe('complete');
    // No step argument: the catalogue's default (rule lifecycle.status): the last module has no next, so detour (rule 1).
    expect(lifecycleStatus(flow, 'moduleUpdate', {}, state, '2026-11-22')).toBe('detour');
    expect(planSend('complete', {})).toEqual({ skipped: 'no-customer-id' });
    const decided = tableResult(flow, 'payloadSubmit', {}, { ...enrollmentAnswerOf(200, { data: { codes: [50012] } }) }, {}, '2026-11-22');
    expect(decided).toMatchObject({ kind: 'result', outcome: 'next', status: 200, codes: ['50012'] });
  });
});

describe('simulate --batch with HTTP answers', () => {
  it('one result per line, each with its statuses', () => {
    const TSX = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
    const lines = [veteran({ payloadSubmit: created, completeModule: { status: 200, body: { data: {} } } }), veteran({ payloadSubmit: { status: 200, body: { codes: ['50017'] } }, callDetour: 'done' })];
    const r = spawnSync(TSX, [path.join(PROJECT_ROOT, 'tools/simulate.ts'), '--batch', '--through-milestones'], { cwd: PROJECT_ROOT, encoding: 'utf8', input: lines.map((l) => JSON.stringify(l)).join('\n') });
    expect(r.status, r.stderr).toBe(0);
    const out = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number; stop: { statuses?: string[]; step?: string } });
    expect(out.map((o) => [o.line, o.stop.statuses, o.stop.step])).toEqual([
      [1, [...SUBMITTED, 'complete'], 'hand-off'],
      [2, [...SUBMITTED, 'detour'], 'trap-door'],
    ]);
  });
});
