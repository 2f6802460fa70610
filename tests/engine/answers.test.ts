/**
 * The answers a step depends on (src/engine/answers.ts, issue 20): after a reload (personal data
 * is not kept, src/app/persist.ts) the flow goes back to the first panel whose answers are gone,
 * the history ends there and the panels after it are asked again; a command after a lost answer
 * is not reached; a panel confirming another's answers goes with it; a hand-off the applicant
 * comes back from keeps the answers it took from being asked again.
 */
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../tools/lib/project';
import { back, current, historyOf, resolveFlow, startFlow, submitAnswer, type Flow } from '../../src/engine/flow';
import { completeCommand, handOver } from '../../src/engine/flow-moves';
import { askAgain, firstLostAnswers, isAskedAgain } from '../../src/engine/answers';
import { restoreSession as restored } from '../../src/engine/restore';
import { redactPersonal } from '../../src/app/persist';
import { getPath, setPath, type AppState } from '../../src/engine/state';
import { formatDiagnostic } from '../../src/engine/diagnostics';
import type { JsonValue } from '../../src/rules/index';
import { miniProject } from './mini';

const ctx = { today: '2026-11-22' };

const form = (id: string, bind: string, properties: Record<string, JsonValue>, required: string[]): JsonValue => ({
  id,
  kind: 'form',
  bind,
  title: 'c.title',
  schema: { type: 'object', properties, required },
  labels: Object.fromEntries(Object.keys(properties).map((k) => [k, 'c.answer'])),
});

function flowOf(): Flow {
  const docs = loadProject(
    miniProject({
      'schemas/panels/fa.json': form('fa', 'eligibility.{variant}.personalInfo', { firstName: { type: 'string' }, lastName: { type: 'string' } }, ['firstName', 'lastName']),
      'schemas/panels/fb.json': form('fb', 'eligibility.{variant}.address', { city: { type: 'string' } }, ['city']),
      'schemas/panels/fc.json': form('fc', 'eligibility.{variant}.address.validation', { choice: { type: 'string' } }, ['choice']),
      'schemas/panels/rv.json': { id: 'rv', kind: 'review', title: 'c.title', sections: [{ title: 'c.answer', module: 'r', step: 'fa' }] },
      'flows/modules/r.json': {
        id: 'r',
        start: 'qa',
        steps: {
          qa: { kind: 'panel', next: [{ to: 'fa' }] },
          fa: { kind: 'panel', next: [{ to: 'fb' }] },
          fb: { kind: 'panel', next: [{ to: 'fc' }] },
          fc: { kind: 'panel', next: [{ to: 'look' }] },
          look: { kind: 'command', command: 'lookup', next: [{ outcome: 'found', to: 'rv' }, { outcome: 'missing', to: 'rv' }, { outcome: 'error', to: '@error' }] },
          rv: { kind: 'panel', next: [{ to: '@end' }] },
        },
      },
      'flows/products/p.json': { id: 'p', config: { productName: 'c.title' }, modules: ['r'] },
    }),
  );
  expect(docs.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([]);
  const { flow } = resolveFlow(docs, 'p');
  if (!flow) throw new Error('no flow');
  return flow;
}

function walk(flow: Flow, until: 'fb' | 'look' | 'rv'): AppState {
  let s = startFlow(flow, ctx);
  s = submitAnswer(flow, s, 'yes', ctx);
  s = submitAnswer(flow, s, { firstName: 'Ada', lastName: 'Lovelace' }, ctx);
  if (until === 'fb') return s;
  s = submitAnswer(flow, s, { city: 'Austin' }, ctx);
  s = submitAnswer(flow, s, { choice: 'entered' }, ctx);
  if (until === 'look') return s;
  s = completeCommand(flow, s, { outcome: 'found' }, ctx);
  expect(current(flow, s).step).toBe('rv');
  return s;
}

/** A restored session as the app's store shows it: restored, then its answers checked. */
function restoreSession(flow: Flow, saved: AppState, c: typeof ctx) {
  const r = restored(flow, saved, c);
  return { ...r, state: askAgain(flow, r.state, c) };
}

const steps = (s: AppState): string[] => historyOf(s).map((h) => h.step);

describe('the answers a step depends on', () => {
  it('all there: nothing changes', () => {
    const flow = flowOf();
    const s = walk(flow, 'rv');
    expect(firstLostAnswers(flow, s)).toBeUndefined();
    expect(askAgain(flow, s, ctx)).toBe(s);
  });

  it('a reload on the review (personal data not kept): back on the first panel that asked them, the panels after it asked again', () => {
    const flow = flowOf();
    const s = walk(flow, 'rv');
    const { state, landed } = restoreSession(flow, redactPersonal(s), ctx);
    expect(landed).toBe('same-step');
    expect(current(flow, state).step).toBe('fa');
    expect(steps(state)).toEqual(['qa', 'fa']);
    expect(isAskedAgain(state)).toBe(true);
    // The question's answer is not personal: kept, not asked again.
    expect(getPath(state, 'triage.militaryService')).toBe('yes');
    expect(getPath(state, 'flow.progress')).toBeLessThan(getPath(s, 'flow.progress') as number);
    // Answered again: the mark goes, and the next panel is asked (not skipped to the review).
    const again = askAgain(flow, submitAnswer(flow, state, { firstName: 'Ada', lastName: 'Lovelace' }, ctx), ctx);
    expect(current(flow, again).step).toBe('fb');
    expect(isAskedAgain(again)).toBe(false);
    expect(getPath(again, 'flow.askedAgain')).toBeUndefined();
    expect(steps(again)).toEqual(['qa', 'fa', 'fb']);
  });

  it('a reload on a data panel: the panels before it whose answers are gone come first; on the first data panel it stays', () => {
    const flow = flowOf();
    const atFb = restoreSession(flow, redactPersonal(walk(flow, 'fb')), ctx).state;
    expect(current(flow, atFb).step).toBe('fa');
    const atFa = walk(flow, 'fb');
    const onFa = restoreSession(flow, redactPersonal(back(flow, atFa)), ctx).state;
    expect(current(flow, onFa).step).toBe('fa');
    expect(isAskedAgain(onFa)).toBe(false); // nothing before it was lost: no message
  });

  it('a command after a lost answer is not reached: the flow goes to the panel instead', () => {
    const flow = flowOf();
    const s = walk(flow, 'look');
    expect(current(flow, s).kind).toBe('command');
    const lost = setPath(s, 'eligibility.self', undefined);
    const asked = askAgain(flow, lost, ctx);
    expect(current(flow, asked)).toMatchObject({ kind: 'panel', step: 'fa' });
  });

  it('a panel confirming another panel’s answers (its bind inside the other’s) goes with them', () => {
    const flow = flowOf();
    const s = walk(flow, 'rv');
    // A later check replaced the validation the confirmation answered: not a lost answer.
    const replaced = setPath(s, 'eligibility.self.address.validation', { block: 'physical', outcome: 'valid' });
    expect(firstLostAnswers(flow, replaced)).toBeUndefined();
    // The address itself gone: asked again at its panel.
    expect(firstLostAnswers(flow, setPath(s, 'eligibility.self.address', undefined))?.at.step).toBe('fb');
  });

  it('a hand-off the applicant comes back from: the answers it took are not asked again; Back across it drops the mark', () => {
    const flow = flowOf();
    const s = handOver(walk(flow, 'look'));
    expect(getPath(s, 'flow.handedOver')).toBe(4);
    const returned = restoreSession(flow, redactPersonal(completeCommand(flow, s, { outcome: 'found' }, ctx)), ctx).state;
    expect(current(flow, returned).step).toBe('rv');
    expect(isAskedAgain(returned)).toBe(false);
    const backAcross = askAgain(flow, back(flow, back(flow, returned)), ctx);
    expect(getPath(backAcross, 'flow.handedOver')).toBeUndefined();
    expect(current(flow, backAcross).step).toBe('fa');
  });
});
