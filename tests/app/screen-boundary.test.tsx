// @vitest-environment jsdom
/**
 * A widget that throws at run time (issue 9): the app shows the trap, never a blank page, logs
 * the error through telemetry without personal data, and the flow is on its error route.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WidgetProps } from '@rjsf/utils';
import { App } from '../../src/app/App';
import { createMemoryHistory } from '../../src/app/history';
import { getPath } from '../../src/engine/state';
import { createSandboxHandlers } from '../../src/sandbox/handlers';
import { fragmentFromContent } from '../../src/sandbox/fragments';
import type { AppContent } from '../../src/ui/content';
import { describeRenderError, ScreenBoundary } from '../../src/ui/template/ScreenBoundary';
import { bootWith, logged, ORIGIN } from './helpers';

const SECRET = 'Harriet Quimby 123-45-6789';

vi.mock('../../src/ui/screens/form/widgets', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/ui/screens/form/widgets')>();
  function BrokenRadio(_props: WidgetProps): never {
    throw new TypeError(`cannot read the answer of ${SECRET}`);
  }
  return { widgets: { ...original.widgets, RadioWidget: BrokenRadio } };
});

let content: AppContent | undefined;
const server = setupServer(
  ...createSandboxHandlers({ apiBaseUrl: `${ORIGIN}/api/`, contentBaseUrl: `${ORIGIN}/content/`, loggingUrl: `${ORIGIN}/log`, origin: ORIGIN, latencyMs: 0, fragment: (key) => (content ? fragmentFromContent(content, key) : undefined) }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

describe('a widget that throws while rendering', () => {
  it('shows the trap with the error logged (no personal data), and the flow takes its error route', async () => {
    const reactLogs = vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error too
    const booted = await bootWith({ search: '?panel=basic-info-panel' });
    if (booted.result.kind !== 'ready') throw new Error(booted.result.kind);
    const { app } = booted.result;
    content = app.content;
    const history = createMemoryHistory(['/?panel=basic-info-panel']);
    render(<App app={app} history={history} />);
    // At once the boundary shows the trap's copy; then the error route (detour, then the trap milestone).
    await waitFor(() => expect(history.getSnapshot().location.pathname).toBe('/aem/milestone/trap-door'), { timeout: 5000 });
    await waitFor(() => expect(document.querySelector('[data-milestone="trap-door"] h1')).toBeTruthy(), { timeout: 5000 });
    expect(String(getPath(app.store.state, 'error.reason'))).toMatch(/^SCREEN_ERROR\|basic-info-panel\|TypeError/);
    const log = logged(booted.console.error);
    expect(log).toContain('screen failed to render');
    expect(log).toContain('BrokenRadio');
    expect(log).not.toContain('Harriet');
    expect(log).not.toContain('6789');
    reactLogs.mockRestore();
  });
});

describe('ScreenBoundary', () => {
  function Boom({ when }: { when: boolean }) {
    if (when) throw new Error('boom');
    return <p>fine</p>;
  }

  it('shows the fallback, reports once, and tries again when the reset key changes', () => {
    const reactLogs = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onError = vi.fn();
    const view = (key: number, when: boolean) => (
      <ScreenBoundary resetKey={key} fallback={<p>trap</p>} onError={onError}>
        <Boom when={when} />
      </ScreenBoundary>
    );
    const { rerender } = render(view(1, true));
    expect(screen.getByText('trap')).toBeTruthy();
    expect(onError).toHaveBeenCalledTimes(1);
    rerender(view(1, false));
    expect(screen.getByText('trap')).toBeTruthy(); // same state: stays on the fallback
    rerender(view(2, false));
    expect(screen.getByText('fine')).toBeTruthy();
    reactLogs.mockRestore();
  });

  it('describes an error by its kind and components, never its message', () => {
    const d = describeRenderError(new RangeError('José typed 210-555-0123'), '\n    at SsnWidget (x.js:1:2)\n    at div\n    at FieldTemplate (y.js)\n    at Form');
    expect(d).toEqual({ error: 'RangeError', component: 'SsnWidget < FieldTemplate < Form' });
    expect(describeRenderError('text', undefined)).toEqual({ error: 'string', component: 'unknown' });
  });
});
