/**
 * The progress bar while an answer is changed from the review page (UI-22..UI-27, FLOW-22):
 * the changed panel shows its own place in the applicant's path, and the review page keeps its
 * number when the applicant comes back to it; a Change link is not a step further on.
 */
import { describe, expect, it } from 'vitest';
import { flowFromPack } from '../../src/app/documents';
import { progressModel } from '../../src/app/progress';
import { back, current, historyOf, submitAnswer, type Flow } from '../../src/engine/flow';
import { changeAnswer } from '../../src/engine/flow-moves';
import { simulate } from '../../src/engine/simulate';
import { scenarioInput } from '../../src/engine/rule-tables';
import { getPath, type AppState } from '../../src/engine/state';
import { loadProject } from '../../tools/lib/project';
import scenarios from '../scenarios/journeys.json';
import { projectPack } from './helpers';
import type { JsonObject } from '../../src/engine/state';

const ctx = { today: '2026-11-22' };
const { flow } = flowFromPack(projectPack('join-now'));

function atReview(): AppState {
  const row = scenarios.scenarios.find((s) => s.id === 'retired-veteran-to-review');
  if (!row) throw new Error('no scenario');
  const r = simulate(loadProject(), scenarioInput(scenarios.defaults as unknown as JsonObject, row.input as unknown as JsonObject));
  if (!r.state || r.stop.step !== 'review-info-panel') throw new Error(`the walk stopped at ${r.stop.step}`);
  return r.state;
}

const model = (f: Flow, s: AppState) => progressModel(f, s, current(f, s), ctx);

describe('the progress bar and Change links (UI-22..UI-27)', () => {
  it('shows the changed panel at its own place, and the review at the same number after it', () => {
    const review = atReview();
    const before = model(flow, review);
    expect(before).toMatchObject({ visible: true });
    expect(before.step).toBeGreaterThan(3);
    const basicInfo = historyOf(review).findIndex((h) => h.step === 'basic-info-panel') + 1;
    expect(basicInfo).toBeGreaterThan(0);

    let s = changeAnswer(flow, review, { module: 'basic-info', step: 'basic-info-panel' }, ctx);
    expect(current(flow, s).step).toBe('basic-info-panel');
    const changing = model(flow, s);
    expect({ step: changing.step, total: changing.total }).toEqual({ step: basicInfo, total: before.total });
    expect(changing.percent).toBe(Math.round(((basicInfo - 1) / (before.total - 1)) * 100));

    s = submitAnswer(flow, s, getPath(s, 'eligibility.self.personalInfo') as JsonObject, ctx);
    expect(current(flow, s).step).toBe('review-info-panel');
    expect(model(flow, s)).toEqual(before);

    // A second change and Previous from it: still the review's numbers.
    s = changeAnswer(flow, s, { module: 'basic-info', step: 'basic-info-panel' }, ctx);
    s = back(flow, s);
    expect(current(flow, s).step).toBe('review-info-panel');
    expect({ step: model(flow, s).step, total: model(flow, s).total }).toEqual({ step: before.step, total: before.total });
  });
});
