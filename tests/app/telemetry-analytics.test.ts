/**
 * Analytics events of doc 2 §9 (CONST-08) read from the flow's state changes (src/app/analytics.ts),
 * the collector seam (the `window.musterAnalytics` data layer) and the sandbox's recorder
 * (src/sandbox/telemetry-handlers.ts). Meanings of the ids: docs/decisions.md, "Observability (issue 10)".
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupServer } from 'msw/node';
import { ANALYTICS_EVENTS, flowEvents, observeFlow, reasonFormsOf, type AnalyticsEventName } from '../../src/app/analytics';
import { loadProject } from '../../tools/lib/project';
import { createTelemetry, loadTelemetryCore, type AnalyticsRecord } from '../../src/ui/telemetry';
import { DATA_LAYER_LIMIT } from '../../src/ui/telemetry-core';
import { createTelemetryHandlers } from '../../src/sandbox/telemetry-handlers';
import type { AppState } from '../../src/engine/state';

beforeAll(async () => {
  await loadTelemetryCore();
});

function at(position: number, module: string, step: string, depth: number, extra: Record<string, unknown> = {}): AppState {
  return { flow: { position, module, step, variant: 'self', history: Array.from({ length: depth }, () => ({})), ...extra } } as AppState;
}
const names = (before: AppState | undefined, after: AppState): string[] => flowEvents(before, after).map((e) => e.name);

describe('the events a state change gives', () => {
  it('a new session: eligibility start (14) and the first module (280)', () => {
    expect(names(undefined, at(0, 'entry-page', 'entry', 1))).toEqual(['eligibility_start', 'module_start']);
  });

  it('a move inside a module gives nothing; the next module gives 281 then 280', () => {
    const a = at(1, 'triage', 'military-service', 1);
    expect(names(a, at(1, 'triage', 'current-military-status', 2))).toEqual([]);
    const events = flowEvents(at(1, 'triage', 'x', 3), at(2, 'basic-info', 'basic-info-panel', 4));
    expect(events).toEqual([
      { name: 'module_complete', data: { module: 'triage', position: 1, variant: 'self' } },
      { name: 'module_start', data: { module: 'basic-info', position: 2, variant: 'self' } },
    ]);
  });

  it('Previous across modules gives 282; a re-triage gives 293 and the triage module again', () => {
    expect(names(at(2, 'basic-info', 'basic-info-panel', 4), at(1, 'triage', 'x', 3))).toEqual(['module_back']);
    const retriage = flowEvents(at(2, 'basic-info', 'basic-info-panel', 4, { retriage: 'reTriageSelf' }), at(1, 'triage', 'relative-service', 5, { entry: 'reTriageSelf' }));
    expect(retriage.map((e) => e.name)).toEqual(['retriage', 'module_start']);
    expect(retriage[0]?.data).toEqual({ entry: 'reTriageSelf', from: 'basic-info', module: 'triage' });
    // Later moves inside the entry's module are not re-triages.
    expect(names(at(1, 'triage', 'relative-service', 5, { entry: 'reTriageSelf' }), at(1, 'triage', 'y', 6, { entry: 'reTriageSelf' }))).toEqual([]);
  });

  it('ineligibility reasons recorded give 284 with the new codes', () => {
    const before = { ...at(1, 'triage', 'age', 2), eligibility: { reasons: ['HAS_NOT_SERVED'] } };
    const after = { ...at(1, 'triage', 'under18', 3), eligibility: { reasons: ['HAS_NOT_SERVED', 'UNDER_18'] } };
    expect(flowEvents(before, after)).toEqual([{ name: 'module_ineligible', data: { module: 'triage', step: 'age', reasons: 'UNDER_18', variant: 'self' } }]);
  });

  it('the commands\' results: member created (291), member found (290), sponsor created (292)', () => {
    const before = at(3, 'sponsor-search', 'search', 5);
    const after = { ...at(3, 'sponsor-search', 'done', 6), individuals: { guid: 'g-1', memberFound: { isFound: true, codes: ['50015'] } }, sponsor: { isCreated: true } };
    expect(names(before, after)).toEqual(['member_created', 'member_found', 'spouse_created']);
    expect(names(after, { ...after })).toEqual([]);
  });

  it('the end: 281, 15 and 25; the error route: 283, 15 and 26 with the reason kind only', () => {
    expect(names(at(6, 'member-found', 'm', 9), at(6, 'member-found', '@end', 9, { isComplete: true }))).toEqual(['module_complete', 'eligibility_complete', 'eligibility_success']);
    const failed = flowEvents(at(3, 'sponsor-search', 'search', 5), { ...at(-1, 'system', 'detour', 6), error: { hasError: true, reason: 'PAYLOAD_ERROR|STATUS_500|50003' } });
    expect(failed.map((e) => e.name)).toEqual(['module_error', 'eligibility_complete', 'eligibility_failure']);
    expect(failed[0]?.data).toEqual({ module: 'sponsor-search', step: 'search', reason: 'PAYLOAD_ERROR' });
    // Moves on the error route (detour, then the trap) give nothing more.
    expect(names(at(-1, 'system', 'detour', 6), at(-1, 'system', 'trap', 7))).toEqual([]);
  });

  it('284 carries the kebab forms the spec writes beside the codes (rule reasons.kebabForm): not-a-US-citizen verbatim (ERR-07)', () => {
    const forms = reasonFormsOf({ getSnapshot: () => ({ state: {} }), subscribe: () => () => undefined, flow: { docs: loadProject() }, context: () => ({ today: '2026-11-22' }) });
    expect(forms('NOT_US_CITIZEN')).toBe('not-a-US-citizen');
    expect(forms('HAS_NOT_SERVED')).toBeUndefined();
    const before = { ...at(1, 'triage', 'commissioning-details', 2), eligibility: { reasons: ['HAS_NOT_SERVED'] } };
    const after = { ...at(1, 'triage', 'military-not-qualified', 3), eligibility: { reasons: ['HAS_NOT_SERVED', 'NOT_US_CITIZEN', 'SPOUSE_MISMATCH'] } };
    expect(flowEvents(before, after, forms)).toEqual([
      { name: 'module_ineligible', data: { module: 'triage', step: 'commissioning-details', reasons: 'NOT_US_CITIZEN,SPOUSE_MISMATCH', reasonForms: 'not-a-US-citizen', variant: 'self' } },
    ]);
    // Without the documents (or the rule), the codes alone.
    expect(reasonFormsOf({ getSnapshot: () => ({ state: {} }), subscribe: () => () => undefined })('NOT_US_CITIZEN')).toBeUndefined();
  });

  it('every id of doc 2 §9 is given by some state change (a table of moves)', () => {
    const moves: [AppState | undefined, AppState][] = [
      [undefined, at(0, 'entry-page', 'entry', 1)],
      [at(1, 'triage', 'x', 3), at(2, 'basic-info', 'basic-info-panel', 4)],
      [at(2, 'basic-info', 'basic-info-panel', 4), at(1, 'triage', 'x', 3)],
      [at(2, 'basic-info', 'b', 4), at(1, 'triage', 'r', 5, { entry: 'reTriageSelf' })],
      [at(1, 'triage', 'age', 2), { ...at(1, 'triage', 'under18', 3), eligibility: { reasons: ['UNDER_18'] } }],
      [at(3, 'sponsor-search', 'search', 5), { ...at(3, 'sponsor-search', 'done', 6), individuals: { guid: 'g-1', memberFound: { isFound: true } }, sponsor: { isCreated: true } }],
      [at(6, 'member-found', 'm', 9), at(6, 'member-found', '@end', 9, { isComplete: true })],
      [at(3, 'sponsor-search', 'search', 5), { ...at(-1, 'system', 'detour', 6), error: { hasError: true, reason: 'PAYLOAD_ERROR|STATUS_500' } }],
    ];
    const seen = new Set<number>();
    for (const [before, after] of moves) for (const e of flowEvents(before, after)) seen.add(ANALYTICS_EVENTS[e.name as AnalyticsEventName]);
    expect([...seen].sort((x, y) => x - y)).toEqual([14, 15, 25, 26, 280, 281, 282, 283, 284, 290, 291, 292, 293]);
  });

  it('every id of doc 2 §9 has a name', () => {
    expect(Object.values(ANALYTICS_EVENTS).sort((x, y) => x - y)).toEqual([14, 15, 25, 26, 280, 281, 282, 283, 284, 290, 291, 292, 293]);
  });
});

describe('the observer and the collector seam', () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('tracks each change\'s events with their eventId, after the paint, and the start for a new session only', () => {
    let state = at(0, 'entry-page', 'entry', 1);
    const listeners = new Set<() => void>();
    const store = { getSnapshot: () => ({ state }), subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)) };
    const track = vi.fn();
    const deferred: (() => void)[] = [];
    const stop = observeFlow(store, { track }, { newSession: true, defer: (fn) => deferred.push(fn) });
    expect(track.mock.calls.map((c) => [c[0], c[1].eventId])).toEqual([['eligibility_start', 14], ['module_start', 280]]);
    state = at(1, 'triage', 'military-service', 2);
    for (const l of listeners) l();
    expect(track).toHaveBeenCalledTimes(2);
    deferred.splice(0).forEach((fn) => fn());
    expect(track.mock.calls.slice(2).map((c) => [c[0], c[1].eventId])).toEqual([['module_complete', 281], ['module_start', 280]]);
    stop();
    expect(listeners.size).toBe(0);

    const resumed = vi.fn();
    observeFlow(store, { track: resumed }, { newSession: false, defer: (fn) => fn() });
    expect(resumed).not.toHaveBeenCalled();
  });

  it('started after the first move (as boot does), it tracks the start and that move at once', () => {
    const first = at(0, 'entry-page', 'entry', 1);
    const state = at(1, 'triage', 'military-service', 2);
    const track = vi.fn();
    observeFlow({ getSnapshot: () => ({ state }), subscribe: () => () => undefined }, { track }, { newSession: true, since: first, defer: () => undefined });
    expect(track.mock.calls.map((c) => c[1].eventId)).toEqual([14, 280, 281, 280]);
    expect(track.mock.calls.map((c) => c[1].module)).toEqual(['entry-page', 'entry-page', 'entry-page', 'triage']);
  });

  it('by default events go to the data layer window.musterAnalytics, the last 500 kept', () => {
    const win = { musterAnalytics: undefined as AnalyticsRecord[] | undefined, addEventListener: vi.fn(), removeEventListener: vi.fn() };
    (globalThis as { window?: unknown }).window = win;
    try {
      const t = createTelemetry({ environment: 'production', loggingUrl: 'http://log.test/' });
      t.track('module_start', { module: 'triage', eventId: 280 });
      expect(win.musterAnalytics).toEqual([{ event: 'module_start', module: 'triage', eventId: 280 }]);
      for (let i = 0; i < DATA_LAYER_LIMIT + 5; i++) t.track('e', { i });
      expect(win.musterAnalytics).toHaveLength(DATA_LAYER_LIMIT);
      expect(win.musterAnalytics?.at(-1)).toEqual({ event: 'e', i: DATA_LAYER_LIMIT + 4 });
      t.dispose();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the sandbox records what the app sends', () => {
  it('the logging service keeps each batch; GET sandbox/telemetry shows logs and the data layer; DELETE forgets', async () => {
    (globalThis as { window?: unknown }).window = { musterAnalytics: [{ event: 'module_start', eventId: 280 }] };
    const sandbox = createTelemetryHandlers('http://muster.test/api/logging/messages', (p) => `http://muster.test/api/${p}`);
    const server = setupServer(...sandbox.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const batch = [{ applicationName: 'ent-eligibility-modular-app', eventDateTime: '2026-11-23T00:00:00.000Z', level: 'error', message: 'm', customFields: {}, stackTrace: '' }];
      const posted = await fetch('http://muster.test/api/logging/messages', { method: 'POST', body: JSON.stringify(batch) });
      expect(posted.status).toBe(204);
      expect((await fetch('http://muster.test/api/logging/messages', { method: 'POST', body: 'not json' })).status).toBe(400);
      const seen = (await (await fetch('http://muster.test/api/sandbox/telemetry')).json()) as { logs: unknown[]; analytics: unknown[] };
      expect(seen).toEqual({ logs: batch, analytics: [{ event: 'module_start', eventId: 280 }] });
      await fetch('http://muster.test/api/sandbox/telemetry', { method: 'DELETE' });
      expect(await (await fetch('http://muster.test/api/sandbox/telemetry')).json()).toEqual({ logs: [], analytics: [] });
    } finally {
      server.close();
      delete (globalThis as { window?: unknown }).window;
    }
  });
});
