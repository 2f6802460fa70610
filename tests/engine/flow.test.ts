import { describe, expect, it } from 'vitest';
import { loadProject } from '../../tools/lib/project';
import {
  back,
  current,
  forward,
  historyOf,
  progressOf,
  resolveFlow,
  startFlow,
  submitAnswer,
  type Flow,
} from '../../src/engine/flow';
import { completeCommand } from '../../src/engine/flow-moves';
import { getPath } from '../../src/engine/state';
import { formatDiagnostic } from '../../src/engine/diagnostics';
import { miniProject } from './mini';

const ctx = { today: '2026-11-22' };

function mini(productId = 'p', overrides = {}): Flow {
  const docs = loadProject(miniProject(overrides));
  expect(docs.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([]);
  const { flow, diagnostics } = resolveFlow(docs, productId);
  expect(diagnostics).toEqual([]);
  if (!flow) throw new Error('no flow');
  return flow;
}

describe('flow lookup (FLOW-01, FLOW-13)', () => {
  it('falls back to join-now for an unknown product', () => {
    const docs = loadProject(miniProject());
    expect(resolveFlow(docs, 'nope').flow?.productId).toBe('join-now');
    expect(resolveFlow(docs, undefined).flow?.productId).toBe('join-now');
  });
  it('an unknown module name is an error', () => {
    const docs = loadProject(miniProject({ 'flows/products/p.json': { id: 'p', modules: ['a', 'zzz'] } }));
    const { flow, diagnostics } = resolveFlow(docs, 'p');
    expect(flow).toBeUndefined();
    expect(diagnostics[0]?.message).toMatch(/maps 1 of its 2 modules/);
    expect(diagnostics[0]?.file).toBe('flows/products/p.json');
  });
  it('merges a product over the one it extends', () => {
    const flow = mini('p-bank');
    expect(flow.modules.map((m) => m.name)).toEqual(['a', 'b']);
    expect(flow.product.startPosition).toEqual([{ index: 1 }]);
  });
});

describe('the walk (FLOW-17..FLOW-24)', () => {
  it('starts at the first module start and records it in the history', () => {
    const flow = mini();
    const s = startFlow(flow, ctx);
    expect(current(flow, s)).toMatchObject({ kind: 'panel', module: 'a', step: 'qa', variant: 'self', position: 0 });
    expect(historyOf(s)).toHaveLength(1);
  });
  it('takes the first edge whose checks pass, in order', () => {
    const flow = mini();
    let s = submitAnswer(flow, startFlow(flow, ctx), 'yes', ctx);
    expect(current(flow, s).step).toBe('qb');
    // active: the first edge (mini.isActive -> @end) wins over the unconditional one.
    s = submitAnswer(flow, s, 'active', ctx);
    expect(current(flow, s)).toMatchObject({ module: 'b', position: 1, step: 'qd' });
  });
  it('a branch as the first step reads application state (FLOW-19)', () => {
    const flow = mini();
    let s = submitAnswer(flow, startFlow(flow, ctx), 'yes', ctx);
    s = submitAnswer(flow, s, 'retired', ctx);
    s = submitAnswer(flow, s, 'HON', ctx);
    expect(current(flow, s)).toMatchObject({ module: 'b', step: 'qe' });
  });
  it('moves the module position +1 forward and back across modules (FLOW-24)', () => {
    const flow = mini();
    let s = submitAnswer(flow, startFlow(flow, ctx), 'yes', ctx);
    s = submitAnswer(flow, s, 'active', ctx);
    expect(getPath(s, 'flow.position')).toBe(1);
    s = back(flow, s);
    expect(current(flow, s)).toMatchObject({ position: 0, step: 'qb' });
  });
  it('back pops only when the history has more than one entry (FLOW-21)', () => {
    const flow = mini();
    const s = startFlow(flow, ctx);
    expect(back(flow, s)).toBe(s);
    const s2 = submitAnswer(flow, s, 'yes', ctx);
    expect(current(flow, back(flow, s2)).step).toBe('qa');
  });
  it('stays put at the end marker (FLOW-18) with progress 1', () => {
    const flow = mini();
    let s = submitAnswer(flow, startFlow(flow, ctx), 'yes', ctx);
    s = submitAnswer(flow, s, 'active', ctx);
    s = submitAnswer(flow, s, 'none', ctx);
    expect(current(flow, s).kind).toBe('end');
    expect(forward(flow, s, ctx)).toBe(s);
    expect(progressOf(flow, s)).toBe(1);
  });
  it('records reasons and the pending re-triage, then enters it (TRI-20, TRI-21)', () => {
    const flow = mini();
    let s = submitAnswer(flow, startFlow(flow, ctx), 'no', ctx);
    expect(current(flow, s)).toMatchObject({ kind: 'milestone', milestone: 'not-qualified', content: 'notQualified' });
    expect(getPath(s, 'eligibility.reasons')).toEqual(['HAS_NOT_SERVED']);
    expect(getPath(s, 'flow.retriage')).toBe('reTriageSelf');
    s = forward(flow, s, ctx);
    expect(current(flow, s).step).toBe('qa');
    expect(getPath(s, 'flow.entry')).toBe('reTriageSelf');
    expect(getPath(s, 'triage.variant')).toBe('self');
  });
  it('starts at the product start position, dropping earlier modules (FLOW-10, FLOW-11)', () => {
    const flow = mini('p-bank');
    const s = startFlow(flow, ctx);
    expect(current(flow, s)).toMatchObject({ module: 'b', position: 1, step: 'qe' });
  });
  it('the panel override starts at the first step showing that panel (ROUTE-07)', () => {
    const flow = mini();
    expect(current(flow, startFlow(flow, ctx, { panel: 'qc' })).step).toBe('qc');
  });
});

describe('commands and errors (FLOW-14, FLOW-20)', () => {
  it('goes on by the command outcome', () => {
    const flow = mini();
    let s = submitAnswer(flow, startFlow(flow, ctx), 'lookup', ctx);
    expect(current(flow, s)).toMatchObject({ kind: 'command', command: 'lookup' });
    s = completeCommand(flow, s, { outcome: 'found' }, ctx);
    expect(current(flow, s).step).toBe('qb');
    expect(getPath(s, 'command.outcome')).toBe('found');
  });
  it('an error state goes to the detour and then the trap', () => {
    const flow = mini();
    let s = submitAnswer(flow, startFlow(flow, ctx), 'lookup', ctx);
    s = completeCommand(flow, s, { outcome: 'found', patch: { error: { hasError: true, reason: 'PAYLOAD_ERROR|STATUS_500' } } }, ctx);
    expect(current(flow, s)).toMatchObject({ kind: 'command', command: 'callDetour', module: 'system' });
    s = completeCommand(flow, s, { outcome: 'done' }, ctx);
    expect(current(flow, s)).toMatchObject({ kind: 'milestone', milestone: 'trap-door' });
    expect(forward(flow, s, ctx)).toBe(s);
  });
  it('an @error target takes the error route with the reason the command recorded, or where it came from', () => {
    const flow = mini();
    let s = submitAnswer(flow, startFlow(flow, ctx), 'lookup', ctx);
    const viaCommand = completeCommand(flow, s, { outcome: 'error' }, ctx);
    expect(current(flow, viaCommand).command).toBe('callDetour');
    expect(getPath(viaCommand, 'error.reason')).toBe('ERROR_ROUTE|a/look');
    s = completeCommand(flow, s, { outcome: 'error', patch: { 'command.codes': ['x'] } }, ctx);
    expect(getPath(s, 'error.hasError')).toBe(true);
  });
  it('a step with no passing edge is a flow fault: error route with FLOW_ERROR|NO_EDGE', () => {
    const flow = mini('p', { 'flows/modules/b.json': { id: 'b', start: [{ when: 'mini.isActive', to: 'qd' }], steps: { qd: { kind: 'panel', next: [{ to: '@end' }] } } } });
    let s = submitAnswer(flow, startFlow(flow, ctx), 'yes', ctx);
    s = submitAnswer(flow, s, 'retired', ctx);
    s = submitAnswer(flow, s, 'HON', ctx);
    expect(current(flow, s).module).toBe('system');
    expect(String(getPath(s, 'error.reason'))).toMatch(/^FLOW_ERROR\|NO_EDGE\|/);
  });
  it('a rule error fails closed to the error route, never a silent false', () => {
    const flow = mini('p', {
      'rules/mini.rules.json': { area: 'mini', rules: [{ id: 'mini.isActive', description: 'x', logic: { '<': [{ age: [{ var: 'triage.currentMilitaryStatus' }] }, 18] } }] },
    });
    let s = submitAnswer(flow, startFlow(flow, ctx), 'yes', ctx);
    s = submitAnswer(flow, s, 'active', ctx);
    expect(current(flow, s).module).toBe('system');
    expect(String(getPath(s, 'error.reason'))).toMatch(/INVALID_DATE/);
  });
});

describe('progress (FLOW-22, FLOW-23)', () => {
  it('is taken / (taken + longest remaining)', () => {
    const flow = mini();
    const s0 = startFlow(flow, ctx);
    // qa -> qb -> qc -> (b) qd|qe: 4 screens remain after qa on the longest path... via qb, qc, qe = 3.
    expect(progressOf(flow, s0)).toBe(0);
    const s1 = submitAnswer(flow, s0, 'yes', ctx);
    expect(progressOf(flow, s1)).toBeCloseTo(1 / (1 + 2));
  });
  it('is 1 when the next step is the end', () => {
    const flow = mini();
    let s = submitAnswer(flow, startFlow(flow, ctx), 'yes', ctx);
    s = submitAnswer(flow, s, 'active', ctx);
    expect(current(flow, s).step).toBe('qd');
    expect(progressOf(flow, s)).toBe(1);
  });
});
