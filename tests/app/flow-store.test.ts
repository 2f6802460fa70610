/**
 * The shell's flow store (src/app/flow-store.ts): subscribers hear of a move at once (the new
 * screen renders), while onChange (session storage) and the step_view analytics wait until the
 * screen is painted. Changes in one frame coalesce to one write of the latest state; a pending
 * write can be flushed (pagehide does) and is never lost.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlowStore } from '../../src/app/flow-store';
import { flowFromPack } from '../../src/app/documents';
import { startFlow } from '../../src/engine/flow';
import { getPath, type AppState } from '../../src/engine/state';
import { projectPack } from './helpers';

const { flow } = flowFromPack(projectPack('join-now'));
const today = () => '2026-11-22';

function store() {
  const onChange = vi.fn<(s: AppState) => void>();
  const telemetry = { log: vi.fn(), track: vi.fn() };
  const s = new FlowStore({ flow, state: startFlow(flow, { today: today() }, { panel: 'military-service' }), today, telemetry, onChange });
  return { s, onChange, telemetry };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('FlowStore: what waits for the paint', () => {
  it('tells subscribers at once, and writes the latest state once after the paint', () => {
    vi.useFakeTimers();
    const { s, onChange, telemetry } = store();
    const heard = vi.fn();
    s.subscribe(heard);
    s.answer('yes');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
    expect(telemetry.track).not.toHaveBeenCalled();
    s.patch({ 'app.abandonStatus': false });
    vi.runAllTimers();
    expect(onChange).toHaveBeenCalledTimes(1);
    const written = onChange.mock.calls[0]?.[0] as AppState;
    expect(getPath(written, 'triage.militaryService')).toBe('yes');
    expect(getPath(written, 'app.abandonStatus')).toBe(false);
    expect(telemetry.track).toHaveBeenCalledWith('step_view', expect.objectContaining({ step: 'current-military-status' }));
  });

  it('flushes a pending write on demand, and only once', () => {
    vi.useFakeTimers();
    const { s, onChange } = store();
    s.answer('yes');
    s.flushChanges();
    expect(onChange).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(onChange).toHaveBeenCalledTimes(1);
    s.flushChanges();
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
