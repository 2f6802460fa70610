/**
 * Property tests (issue 2): random walks of every product flow with random answers.
 * The engine never throws; every walk rests at a panel, milestone, command, end or error;
 * progress stays within [0, 1] and never falls on a forward move.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadProject } from '../../tools/lib/project';
import {
  availableAnswers,
  back,
  current,
  forward,
  resolveFlow,
  startFlow,
  submitAnswer,
  type Flow,
} from '../../src/engine/flow';
import { completeCommand } from '../../src/engine/flow-moves';
import { getPath, type AppState, type JsonObject } from '../../src/engine/state';
import type { JsonValue } from '../../src/rules/index';

const docs = loadProject();
const products = [...docs.products.values()].filter((d) => d.value.abstract !== true).map((d) => d.value.id);
const ctx = { today: '2026-11-22' };

const SAMPLE_VALUES: JsonValue[] = ['yes', 'no', 'A', 'Pat', '1990-01-01', '2010-06-15', '2025-01-01', '01/2020', 'not a date', '', 'HON', 'RTN', '99', null];

function formData(flow: Flow, state: AppState, pick: (n: number) => number): JsonObject {
  const view = current(flow, state);
  const panel = view.panel;
  if (!panel || panel.kind !== 'form') return {};
  const data: JsonObject = {};
  for (const [field, schema] of Object.entries(panel.schema.properties as Record<string, { enum?: JsonValue[] }>)) {
    const choices = schema.enum ?? SAMPLE_VALUES;
    const value = choices[pick(choices.length)];
    if (value !== null && value !== undefined) data[field] = value;
  }
  return data;
}

function progress(state: AppState): number {
  return Number(getPath(state, 'flow.progress') ?? 0);
}

describe('random walks', () => {
  for (const productId of products) {
    it(`${productId}: never throws, rests somewhere known, progress in [0,1] and monotone forward`, () => {
      const { flow } = resolveFlow(docs, productId);
      expect(flow).toBeDefined();
      if (!flow) return;
      fc.assert(
        fc.property(fc.array(fc.nat(1000), { minLength: 1, maxLength: 60 }), (choices) => {
          let i = 0;
          const pick = (n: number): number => (n <= 0 ? 0 : (choices[i++ % choices.length] ?? 0) % n);
          let state = startFlow(flow, ctx);
          for (let move = 0; move < choices.length; move++) {
            const view = current(flow, state);
            expect(['panel', 'milestone', 'command', 'end', 'error']).toContain(view.kind);
            const p = progress(state);
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(1);
            if (view.kind === 'end' || view.kind === 'error') break;
            const goBack = pick(8) === 0;
            if (goBack) {
              state = back(flow, state);
              continue;
            }
            let next: AppState;
            if (view.kind === 'panel' && view.panel?.kind === 'question') {
              const offered = availableAnswers(flow, view.panel, state, ctx).flatMap((a) => ('value' in a ? [a.value] : []));
              if (offered.length === 0) break;
              next = submitAnswer(flow, state, offered[pick(offered.length)] as string, ctx);
            } else if (view.kind === 'panel') {
              next = submitAnswer(flow, state, formData(flow, state, pick), ctx);
            } else if (view.kind === 'command') {
              const outcomes = docs.commands.get(view.command ?? '')?.command.outcomes ?? ['error'];
              next = completeCommand(flow, state, { outcome: outcomes[pick(outcomes.length)] as string }, ctx);
            } else {
              next = forward(flow, state, ctx);
            }
            expect(progress(next)).toBeGreaterThanOrEqual(p);
            state = next;
          }
        }),
        { numRuns: 200, seed: 20261122 },
      );
    });
  }
});
