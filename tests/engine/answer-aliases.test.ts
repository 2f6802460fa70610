/**
 * TRI-05: the older notations `someone else` and `none` count as `someoneElse` and `noOne`
 * wherever an answer enters: simulate's input answers and state, a resumed session. The
 * notations are declared by the panel (`answers[].aliases`), normalised by one function.
 */
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../tools/lib/project';
import { answerAliases, normalizeAnswer, normalizeAnswerMap, normalizeStateAnswers } from '../../src/engine/answer-aliases';
import { simulate } from '../../src/engine/simulate';
import { getPath } from '../../src/engine/state';

const docs = loadProject();
const aliases = answerAliases(docs);
const today = '2026-11-22';

describe('the older notations (TRI-05)', () => {
  it('are declared by the relative-military-service panel and found where its answer is stored', () => {
    expect(normalizeAnswer(aliases, 'relativeMilitaryService', 'someone else')).toBe('someoneElse');
    expect(normalizeAnswer(aliases, 'relativeMilitaryService', 'none')).toBe('noOne');
    expect(aliases.paths).toContainEqual({ path: 'triage.relativeMilitaryService', field: 'relativeMilitaryService' });
  });

  it('leave every other value and field alone (someoneElseMilitaryService keeps its own `none`)', () => {
    expect(normalizeAnswer(aliases, 'relativeMilitaryService', 'spouse')).toBe('spouse');
    expect(normalizeAnswer(aliases, 'someoneElseMilitaryService', 'none')).toBe('none');
    expect(normalizeAnswer(aliases, 'relativeMilitaryService', 3)).toBe(3);
    expect(normalizeAnswerMap(aliases, { relativeMilitaryService: 'none', someoneElseMilitaryService: 'none' })).toEqual({ relativeMilitaryService: 'noOne', someoneElseMilitaryService: 'none' });
  });

  it('normalise a stored state without touching anything else', () => {
    const state = { triage: { militaryService: 'no', relativeMilitaryService: 'someone else', someoneElseMilitaryService: 'none' } };
    const out = normalizeStateAnswers(aliases, state);
    expect(out).toEqual({ triage: { militaryService: 'no', relativeMilitaryService: 'someoneElse', someoneElseMilitaryService: 'none' } });
    expect(state.triage.relativeMilitaryService).toBe('someone else'); // pure
    const clean = { triage: { relativeMilitaryService: 'spouse' } };
    expect(normalizeStateAnswers(aliases, clean)).toBe(clean);
  });

  it("simulate accepts them in its input answers and walks as with the current notation", () => {
    const walk = (relative: string) =>
      simulate(docs, { product: 'join-now', today, panel: 'military-service', answers: { militaryService: 'no', relativeMilitaryService: relative, someoneElseMilitaryService: 'grandparent' } });
    const old = walk('someone else');
    const current = walk('someoneElse');
    expect(old.stop.kind).not.toBe('error');
    expect(old.stop).toEqual(current.stop);
    expect(getPath(old.state, 'triage.relativeMilitaryService')).toBe('someoneElse');
    const none = simulate(docs, { product: 'join-now', today, panel: 'military-service', answers: { militaryService: 'no', relativeMilitaryService: 'none', relativeMembership: 'no' } });
    expect(none.stop.kind).not.toBe('error');
    expect(getPath(none.state, 'triage.relativeMilitaryService')).toBe('noOne');
  });

  it("simulate normalises prefilled state too", () => {
    const r = simulate(docs, { product: 'join-now', today, panel: 'military-service', answers: {}, state: { triage: { relativeMilitaryService: 'none' } } });
    expect(getPath(r.state, 'triage.relativeMilitaryService')).toBe('noOne');
  });
});
