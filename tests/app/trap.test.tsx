// @vitest-environment jsdom
/**
 * The trap is never a dead end (issue 10, "Failures"): the error route's last screen offers the
 * provider's phone number from content and a way to start again (a new session of the product).
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { TrapFallback } from '../../src/app/StepHost';
import { AppContext } from '../../src/app/context';
import { createMemoryHistory } from '../../src/app/history';
import { createSandboxHandlers } from '../../src/sandbox/handlers';
import type { SourceFile } from '../../src/engine/loader';
import { BASE, bootWith, fakeServer, ORIGIN, projectPack } from './helpers';

const server = setupServer(...createSandboxHandlers({ apiBaseUrl: `${ORIGIN}/api/`, contentBaseUrl: `${ORIGIN}/content/`, loggingUrl: `${ORIGIN}/log`, origin: ORIGIN, latencyMs: 0 }));
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

/** join-now whose entry step is a command the registry does not know: the error route at once. */
const failing = (files: SourceFile[]): SourceFile[] =>
  files.map((f) => {
    if (f.path === 'flows/modules/entry-page.json') return { ...f, text: f.text.replace('"kind": "milestone",\n      "milestone": "entry",\n      "content": "entry",', '"kind": "command",\n      "command": "unregistered",').replace('"next": [{"to": "@end", "requirements": ["UI-15"]}]', '"next": [{"to": "@end"}]') };
    if (f.path === 'flows/commands.json') return { ...f, text: f.text.replace('"commands": {', '"commands": {\n    "unregistered": { "route": "/command-unregistered", "description": "not in the registry", "outcomes": ["done"], "success": "done" },') };
    return f;
  });

async function start() {
  const pack = projectPack('join-now', failing);
  const booted = await bootWith({ server: fakeServer({ packs: { 'join-now': pack } }) });
  if (booted.result.kind !== 'ready') throw new Error(`not ready: ${booted.result.kind}`);
  const app = booted.result.app;
  const history = createMemoryHistory(['/']);
  return { ...booted, app, history };
}

describe('the trap page', () => {
  it("the trap-door milestone shows the provider's phone number from content, and Start again begins a new session of the product", async () => {
    const { app, history, leave } = await start();
    render(<App app={app} history={history} />);
    await waitFor(() => expect(history.getSnapshot().location.pathname).toBe('/aem/milestone/trap-door'), { timeout: 5000 });
    const phone = app.content.text('placeholders.phone');
    expect(phone).not.toBe('');
    // The content service has no fragment for the trap: after its attempts the local copy shows (CONT-13).
    await waitFor(() => expect(document.querySelector('[data-milestone="trap-door"]')?.textContent).toContain(phone), { timeout: 8000 });
    fireEvent.click(await screen.findByRole('button', { name: app.content.text('milestones.trap.button1') }));
    expect(leave).toHaveBeenCalledWith(`${BASE}?productId=join-now`);
  });

  it('the fallback trap (no screen to show) does the same', async () => {
    const { app, leave } = await start();
    render(
      <AppContext.Provider value={app}>
        <TrapFallback />
      </AppContext.Provider>,
    );
    expect(document.querySelector('[data-screen="trap-door"]')?.textContent).toContain(app.content.text('placeholders.phone'));
    const link = screen.getByRole('link', { name: app.content.text('app.trap.startAgain') });
    expect(link.getAttribute('href')).toBe(`${BASE}?productId=join-now`);
    fireEvent.click(link);
    expect(leave).toHaveBeenCalledWith(`${BASE}?productId=join-now`);
  });
});
