// @vitest-environment jsdom
/**
 * The shell end to end in jsdom: the URL mirrors the engine, Previous and browser back/forward
 * walk the engine's history, the exit dialog, the back-button modal, a failing command goes to
 * the error route, demo mode, the page title, test routes. Services are the sandbox's msw
 * handlers (msw/node).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/app/App';
import { createMemoryHistory } from '../../src/app/history';
import type { AppInstance } from '../../src/app/boot';
import { fragmentFromContent } from '../../src/sandbox/fragments';
import { exitApp } from '../../src/app/exit';
import { SESSION_NAMESPACE } from '../../src/app/storage';
import { getPath } from '../../src/engine/state';
import { createSandboxHandlers } from '../../src/sandbox/handlers';
import type { SourceFile } from '../../src/engine/loader';
import { bootWith, DEV_CONFIG, fakeServer, logged, MemoryStorage, ORIGIN, projectPack, type BootOptions } from './helpers';

let fragmentContent: AppInstance['content'] | undefined;
const abandonCalls: unknown[] = [];
const server = setupServer(
  http.put(`${ORIGIN}/api/enrollment/customers/:id`, async ({ request }) => {
    const body = (await request.json()) as { status?: string };
    if (body.status === 'abandon') abandonCalls.push(body);
    return HttpResponse.json({ data: { jwtKey: 'j' } });
  }),
  ...createSandboxHandlers({ apiBaseUrl: `${ORIGIN}/api/`, contentBaseUrl: `${ORIGIN}/content/`, loggingUrl: `${ORIGIN}/log`, origin: ORIGIN, latencyMs: 0, fragment: (key) => (fragmentContent ? fragmentFromContent(fragmentContent, key) : undefined) }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  abandonCalls.length = 0;
});
afterAll(() => server.close());

async function start(options: BootOptions & { at?: string } = {}) {
  const booted = await bootWith(options);
  if (booted.result.kind !== 'ready') throw new Error(`not ready: ${booted.result.kind}`);
  const app = booted.result.app;
  fragmentContent = app.content;
  const history = createMemoryHistory([`${options.at ?? '/'}${options.at === undefined ? (options.search ?? '') : ''}`]);
  // The history as the tests see it: go back/forward or to a path, the location (with its entry state) and the last action.
  const router = {
    navigate: (to: number | string) => (typeof to === 'number' ? history.go(to) : history.push(to, null)),
    get state() {
      const { location, action } = history.getSnapshot();
      return { location, historyAction: action };
    },
  };
  render(<App app={app} history={history} />);
  const path = () => history.getSnapshot().location.pathname;
  return { ...booted, app, router, path };
}

function editFile(path: string, edit: (text: string) => string): (files: SourceFile[]) => SourceFile[] {
  return (files) => files.map((f) => (f.path === path ? { ...f, text: edit(f.text) } : f));
}

describe('the URL mirrors the engine (ROUTE-03..ROUTE-06)', () => {
  it('replaces the entry URL with the first step and follows each answer', async () => {
    const { path, app, router } = await start();
    await waitFor(() => expect(path()).toBe('/aem/milestone/entry'));
    const root = document.querySelector('[data-product]');
    expect(root?.getAttribute('data-product')).toBe('join-now');
    fireEvent.click(await screen.findByRole('button', { name: app.content.text('milestones.entry.button1') }));
    await waitFor(() => expect(path()).toBe('/military-service/self'));
    expect(document.querySelector('[data-screen="military-service"][data-variant="self"]')).toBeTruthy();
    fireEvent.click(document.querySelector('[data-answer="yes"]') as HTMLElement);
    await waitFor(() => expect(path()).toBe('/current-military-status/self'));
    expect(router.state.location.state).toEqual({ depth: 3, base: 1 });
  });

  it('does not let a URL entered directly skip the flow', async () => {
    const { path } = await start({ at: '/basic-info-panel/self' });
    await waitFor(() => expect(path()).toBe('/aem/milestone/entry'));
  });

  it('names the screen first in the page title, then the product and the brand (WCAG 2.4.2, PROD-12, PROD-13)', async () => {
    const { app, path } = await start({ search: '?panel=military-service' });
    const t = (key: string) => app.content.text(key);
    await waitFor(() => expect(document.title).toBe(`${t('triage.militaryService.title')} - Join Now | Muster`));
    fireEvent.click(document.querySelector('[data-answer="yes"]') as HTMLElement);
    await waitFor(() => expect(path()).toBe('/current-military-status/self'));
    await waitFor(() => expect(document.title).toBe(`${t('triage.currentMilitaryStatus.title')} - Join Now | Muster`));
  });

  it('titles a milestone by its heading, and every screen differently', async () => {
    const { app } = await start();
    await waitFor(() => expect(document.title).toBe(`${app.content.text('milestones.entry.heading')} - Join Now | Muster`));
  });
});

describe('Previous and the browser buttons (FLOW-21, UI-09)', () => {
  it('Previous goes back through the browser history; back and forward move the engine', async () => {
    const { path, app, router } = await start({ search: '?panel=military-service' });
    await waitFor(() => expect(path()).toBe('/military-service/self'));
    fireEvent.click(document.querySelector('[data-answer="yes"]') as HTMLElement);
    await waitFor(() => expect(path()).toBe('/current-military-status/self'));
    fireEvent.click(document.querySelector('[data-answer="retired"]') as HTMLElement);
    await waitFor(() => expect(path()).toBe('/military-discharge-type/self'));
    expect(app.store.depth).toBe(3);

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(path()).toBe('/current-military-status/self'));
    expect(app.store.depth).toBe(2);
    expect(document.querySelector('[data-direction="back"]')).toBeTruthy();
    // The answer given before is shown selected.
    expect(document.querySelector('[data-answer="retired"]')?.getAttribute('aria-pressed')).toBe('true');

    await act(async () => router.navigate(-1));
    await waitFor(() => expect(app.store.view.step).toBe('military-service'));
    expect(path()).toBe('/military-service/self');

    await act(async () => router.navigate(1));
    await waitFor(() => expect(app.store.view.step).toBe('current-military-status'));
    await act(async () => router.navigate(1));
    await waitFor(() => expect(app.store.view.step).toBe('military-discharge-type'));
    expect(path()).toBe('/military-discharge-type/self');
    expect(document.querySelector('[data-direction="forward"]')).toBeTruthy();
  });

  it('browser back works on an entry visited before (Previous, answer again, back, forward)', async () => {
    const { path, app, router } = await start({ search: '?panel=military-service' });
    await waitFor(() => expect(path()).toBe('/military-service/self'));
    fireEvent.click(document.querySelector('[data-answer="yes"]') as HTMLElement);
    await waitFor(() => expect(path()).toBe('/current-military-status/self'));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(path()).toBe('/military-service/self'));
    fireEvent.click(document.querySelector('[data-answer="yes"]') as HTMLElement);
    await waitFor(() => expect(path()).toBe('/current-military-status/self'));
    await act(async () => router.navigate(-1));
    await waitFor(() => expect(app.store.view.step).toBe('military-service'));
    await act(async () => router.navigate(1));
    await waitFor(() => expect(app.store.view.step).toBe('current-military-status'));
    expect(path()).toBe('/current-military-status/self');
  });

  it('Previous works after a reload into a fresh tab (no browser entry to go back to)', async () => {
    const storage = new MemoryStorage();
    const first = await start({ storage, search: '?panel=military-service' });
    await waitFor(() => expect(first.path()).toBe('/military-service/self'));
    fireEvent.click(document.querySelector('[data-answer="yes"]') as HTMLElement);
    await waitFor(() => expect(first.path()).toBe('/current-military-status/self'));
    first.app.store.flushChanges(); // what pagehide does before a reload
    cleanup();
    const again = await start({ storage, path: '/current-military-status/self', at: '/current-military-status/self' });
    await waitFor(() => expect(document.querySelector('[data-screen="current-military-status"]')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(again.path()).toBe('/military-service/self'));
    expect(document.querySelector('[data-answer="yes"]')?.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('exit (EXIT-01, EXIT-04..EXIT-08)', () => {
  it('asks, then Leave clears the session and goes home', async () => {
    const storage = new MemoryStorage();
    const { leave } = await start({ storage, search: '?panel=military-service' });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Do you want to leave?' });
    expect(dialog.textContent).toContain("Your progress won't be saved.");
    fireEvent.click(screen.getByRole('button', { name: 'Continue Questions' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(leave).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/'));
    expect(storage.getItem(SESSION_NAMESPACE)).toBeNull();
    expect(abandonCalls).toHaveLength(0); // no prospect yet: straight home (EXIT-07)
  });

  it('sends abandon when there is a prospect, once; a last status of detour goes straight home', async () => {
    const storage = new MemoryStorage();
    const { app, leave } = await start({ storage, search: '?panel=military-service' });
    app.session.set({ potentialCustomerGuid: 'g-1', jwtKey: 'j-1' });
    const deps = { store: app.store, session: app.session, telemetry: app.telemetry, homeUrl: '/home', productId: 'join-now', leave, sendAbandon: async (guid: string, jwt: string) => void abandonCalls.push({ guid, jwt }) };
    expect(await exitApp(deps)).toBe('left');
    expect(abandonCalls).toEqual([{ guid: 'g-1', jwt: 'j-1' }]);
    expect(leave).toHaveBeenCalledWith('/home');
    expect(await exitApp(deps)).toBe('ignored'); // EXIT-05: the abandon status is already set
    expect(abandonCalls).toHaveLength(1);

    app.store.patch({ 'app.abandonStatus': false, 'individuals.lastStatus': 'detour' });
    app.session.set({ potentialCustomerGuid: 'g-1', jwtKey: 'j-1' });
    expect(await exitApp(deps)).toBe('left');
    expect(abandonCalls).toHaveLength(1);
  });

  it("removes a signed-in member's tokens from the tab on Exit, and goes to the member's home (issue 22, EXIT-06, AUTH-15)", async () => {
    const auth = { identityProvider: 'https://id.example.test', clientId: 'web-client', markerCookie: 'marker', home: { cookie: 'home_pref', targets: {}, default: '/my/home/' } };
    const storage = new MemoryStorage();
    const key = 'oidc.user:https://id.example.test/access-management/oauth2/member:web-client';
    storage.setItem(key, JSON.stringify({ access_token: 'tok', expires_at: Math.floor(Date.now() / 1000) + 3600 }));
    const { app, leave } = await start({ storage, search: '?panel=military-service', server: fakeServer({ config: { ...DEV_CONFIG, auth } }) });
    expect(app.auth.getSnapshot().status).toBe('signed-in');
    app.auth.set({ status: 'signed-in', accessToken: 'tok', home: '/my/home/' });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/my/home/'));
    expect(storage.getItem(key)).toBeNull();
    expect(storage.getItem(SESSION_NAMESPACE)).toBeNull();
  });

  it('exitApp forgets the sign-in after the abandon call and before leaving (issue 22)', async () => {
    const { app, leave } = await start({ search: '?panel=military-service' });
    const order: string[] = [];
    const deps = { store: app.store, session: app.session, telemetry: app.telemetry, homeUrl: '/home', productId: 'join-now', leave: (url: string) => { order.push(`leave ${url}`); leave(url); }, forgetSignIn: () => order.push('forget'), sendAbandon: async () => void order.push('abandon') };
    app.session.set({ potentialCustomerGuid: 'g-3', jwtKey: 'j-3' });
    expect(await exitApp(deps)).toBe('left');
    expect(order).toEqual(['abandon', 'forget', 'leave /home']);
  });

  it('sends the abandon status through the enrollment service from the dialog', async () => {
    const { app, leave } = await start({ search: '?panel=military-service' });
    app.session.set({ potentialCustomerGuid: 'g-2', jwtKey: 'j-2' });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(leave).toHaveBeenCalled());
    expect(abandonCalls).toHaveLength(1);
    expect(abandonCalls[0]).toMatchObject({ status: 'abandon', productId: 'join-now' });
  });

  it.each([
    ['answered 500', () => HttpResponse.json({ error: 'down' }, { status: 500 })],
    ['dropped', () => HttpResponse.error()],
  ])('an abandon call %s: Leave still clears the session and goes home (EXIT-06)', async (_kind, answer) => {
    let tried = 0;
    server.use(
      http.put(`${ORIGIN}/api/enrollment/customers/:id`, () => {
        tried += 1;
        return answer();
      }),
    );
    const storage = new MemoryStorage();
    const { app, leave, console: out } = await start({ storage, search: '?panel=military-service' });
    app.session.set({ potentialCustomerGuid: 'g-3', jwtKey: 'j-3' });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/'), { timeout: 15000 });
    expect(tried).toBeGreaterThan(0);
    expect(storage.getItem(SESSION_NAMESPACE)).toBeNull();
    expect(logged(out.warn)).toContain('abandon status not sent');
  });

  it('opens the exit dialog on browser back when the product has a back-button modal (EXIT-04)', async () => {
    const pack = projectPack('join-now', editFile('flows/products/join-now.json', (t) => t.replace('"theme": "grey",', '"theme": "grey", "backButtonModal": true,')));
    const { app, router, path } = await start({ server: fakeServer({ packs: { 'join-now': pack } }), search: '?panel=military-service' });
    await waitFor(() => expect(path()).toBe('/military-service/self'));
    fireEvent.click(document.querySelector('[data-answer="yes"]') as HTMLElement);
    await waitFor(() => expect(path()).toBe('/current-military-status/self'));
    await act(async () => router.navigate(-1));
    await screen.findByRole('dialog', { name: 'Do you want to leave?' });
    expect(app.store.view.step).toBe('current-military-status');
    expect(path()).toBe('/current-military-status/self');
    fireEvent.click(screen.getByRole('button', { name: 'Continue Questions' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Previous still works, without leaving through the browser history.
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(path()).toBe('/military-service/self'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('commands (ROUTE-19)', () => {
  const withCommand = (command: string, catalogue?: (t: string) => string) => (files: SourceFile[]) =>
    editFile('flows/modules/entry-page.json', (t) => t.replace('"kind": "milestone",\n      "milestone": "entry",\n      "content": "entry",', `"kind": "command",\n      "command": "${command}",`).replace('"next": [{"to": "@end", "requirements": ["UI-15"]}]', '"next": [{"to": "@end"}]'))(
      catalogue ? editFile('flows/commands.json', catalogue)(files) : files,
    );

  it('a command unknown to the registry goes to the error route (detour, then the trap), never a blank screen', async () => {
    const pack = projectPack('join-now', withCommand('unregistered', (t) => t.replace('"commands": {', '"commands": {\n    "unregistered": { "route": "/command-unregistered", "description": "not in the registry", "outcomes": ["done"], "success": "done" },')));
    expect(pack.files.some((f) => f.text.includes('"command": "unregistered"'))).toBe(true);
    const { path, console, app } = await start({ server: fakeServer({ packs: { 'join-now': pack } }) });
    await waitFor(() => expect(path()).toBe('/aem/milestone/trap-door'), { timeout: 5000 });
    expect(document.querySelector('[data-milestone="trap-door"]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    expect(getPath(app.store.state, 'error.reason')).toMatch(/^COMMAND_ERROR\|unregistered/);
    expect(console.error.mock.calls.some((c) => String(c[0]).includes('command failed'))).toBe(true);
  });

  it("the hand-off to the destination (leaveApp, EXIT-09) removes a signed-in member's tokens from the tab (issue 22)", async () => {
    const auth = { identityProvider: 'https://id.example.test', clientId: 'web-client', markerCookie: 'marker' };
    const storage = new MemoryStorage();
    const key = 'oidc.user:https://id.example.test/access-management/oauth2/member:web-client';
    storage.setItem(key, JSON.stringify({ access_token: 'tok', expires_at: Math.floor(Date.now() / 1000) + 3600 }));
    const pack = projectPack('join-now', withCommand('leaveApp'));
    const { leave } = await start({ storage, server: fakeServer({ config: { ...DEV_CONFIG, auth }, packs: { 'join-now': pack } }) });
    await waitFor(() => expect(leave).toHaveBeenCalled(), { timeout: 5000 });
    expect(storage.getItem(key)).toBeNull();
  });

  it('a service failure reported by a command goes to the error route', async () => {
    server.use(http.post(`${ORIGIN}/api/enrollment/customers`, () => HttpResponse.json({ errors: [{ errorCode: '999999' }] }, { status: 500 })));
    const pack = projectPack('join-now', withCommand('moduleUpdate'));
    const { path, app } = await start({ server: fakeServer({ packs: { 'join-now': pack } }) });
    await waitFor(() => expect(path()).toBe('/aem/milestone/trap-door'), { timeout: 5000 });
    expect(getPath(app.store.state, 'error.reason')).toBe('PAYLOAD_ERROR|STATUS_500|999999');
  });

  it("shows 'Processing your request...' when a command takes over a second, at least 2 s (UI-19)", async () => {
    server.use(http.post(`${ORIGIN}/api/enrollment/customers`, async () => {
      await new Promise((r) => setTimeout(r, 1300));
      return HttpResponse.json({ data: { customerId: 'c-9', jwtKey: 'j' } }, { status: 201 });
    }));
    const pack = projectPack('join-now', withCommand('moduleUpdate'));
    const started = Date.now();
    const { path } = await start({ server: fakeServer({ packs: { 'join-now': pack } }) });
    expect(screen.queryByText('Processing your request...')).toBeNull();
    const status = await screen.findByText('Processing your request...', {}, { timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(status.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/military-service/self'), { timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2950);
  });

  it('a command that succeeds moves on by its outcome, and its route is replaced in the history', async () => {
    const pack = projectPack('join-now', withCommand('moduleUpdate'));
    const { path, app, router, storage } = await start({ server: fakeServer({ packs: { 'join-now': pack } }) });
    await waitFor(() => expect(path()).toBe('/military-service/self'), { timeout: 5000 });
    // The step's create; entry-page's end sends no update: the applicant's own details are not given yet (rule lifecycle.sendAtModuleEnd).
    expect(getPath(app.store.state, 'individuals.lastStatus')).toBe('modified-create');
    expect(JSON.parse(storage.getItem(SESSION_NAMESPACE) ?? '{}')).toMatchObject({ potentialCustomerGuid: expect.any(String), jwtKey: expect.any(String) });
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe("the page title says 'Error: ' while the form shows errors (issue 20)", () => {
  it('a never-issued SSN: Error: first while the error summary shows, the message beside the field; gone once it is fixed and sent', async () => {
    const { app } = await start({ search: '?panel=social-security-panel' });
    const t = (key: string) => app.content.text(key);
    const plain = `${t('panels.socialSecurity.title')} - Join Now | Muster`;
    await waitFor(() => expect(document.title).toBe(plain));
    const input = await waitFor(() => {
      const el = document.getElementById('root_ssn');
      if (!(el instanceof HTMLInputElement)) throw new Error('no SSN input yet');
      return el;
    });
    fireEvent.change(input, { target: { value: '000-00-0000' } });
    fireEvent.click(screen.getByRole('button', { name: t('app.screens.continue') }));
    await waitFor(() => expect(document.getElementById('root_ssn__error')?.textContent).toBe(t('validation.ssnNotIssued')));
    await waitFor(() => expect(document.title).toBe(`Error: ${plain}`));
    fireEvent.change(document.getElementById('root_ssn') as HTMLInputElement, { target: { value: '123-45-6789' } });
    fireEvent.click(screen.getByRole('button', { name: t('app.screens.continue') }));
    await waitFor(() => expect(document.querySelector('[data-screen="social-security-panel"]')).toBeNull());
    await waitFor(() => expect(document.title).not.toMatch(/^Error: /));
    expect(getPath(app.store.state, 'eligibility.self.personalInfo.ssn')).toBe('123456789');
  });
});

describe('held errors (UI-21)', () => {
  it("shows the prefill failure on the applicant's own basic-info form, as the panel declares", async () => {
    const { app } = await start({ search: '?panel=basic-info-panel' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText("We weren't able to prefill your information, please continue below.")).toBeNull();
    act(() => app.store.patch({ 'session.prefillStatus': 'failed' }));
    expect((await screen.findByText("We weren't able to prefill your information, please continue below.")).closest('[role="alert"]')).toBeTruthy();
  });
});

describe('prefill on its panel (PAY-36, FLOW-11, UI-21)', () => {
  /** A product no one has written, as a scratch document, that starts on the prefill module. */
  const scratch = (files: SourceFile[]): SourceFile[] => [
    ...files,
    {
      path: 'flows/products/scratch-prefill.json',
      text: JSON.stringify({ $schema: '../../schemas/formats/product.schema.json', id: 'scratch-prefill', extends: 'join-now', modules: ['prefill-basic-info', 'basic-info', 'triage', 'member-found'], startOnPrefill: true, startPosition: [{ index: 0 }] }),
    },
  ];
  const keys = { productId: 'scratch-prefill', moduleSequenceId: 'default', modulePositionIndex: 2, potentialCustomerGuid: 'g-1', jwtKey: 'j-1' };
  const details = [
    { key: 'firstName', value: 'Ada' },
    { key: 'lastName', value: 'Lovelace' },
    { key: 'phone', value: '2105554477' },
    { key: 'email', value: 'ada@example.test' },
  ];

  for (const status of ['success', 'failed'] as const) {
    it(`shows the prefilled details on the prefill basic-info panel, and the failure banner only when prefill ${status === 'failed' ? 'failed' : 'did not fail'}`, async () => {
      const storage = new MemoryStorage();
      storage.setItem(SESSION_NAMESPACE, JSON.stringify({ ...keys, prefillStatus: status, prefillDetails: details }));
      const server = fakeServer({ packs: { 'scratch-prefill': projectPack('scratch-prefill', scratch) } });
      const { app } = await start({ storage, server, search: '?action=prefill', at: '/' });
      expect(app.store.view.step).toBe('prefill-basic-info-panel');
      const first = (await screen.findByLabelText(/First name/i)) as HTMLInputElement;
      await waitFor(() => expect(first.value).toBe('Ada'));
      expect((screen.getByLabelText(/Last name/i) as HTMLInputElement).value).toBe('Lovelace');
      const banner = screen.queryByText("We weren't able to prefill your information, please continue below.");
      if (status === 'failed') expect(banner?.closest('[role="alert"]')).toBeTruthy();
      else expect(banner).toBeNull();
    });
  }
});

describe('demo mode, test routes', () => {
  it('shows the demo banner and demo copy (PROD-10)', async () => {
    await start({ search: '?panel=military-service&demo=1' });
    expect((await screen.findByText(/^Demo mode/)).tagName).toBe('P');
    expect(screen.getByText('Muster Demo')).toBeTruthy();
  });

  it('serves the test routes outside production, and not in production (ROUTE-18)', async () => {
    const storage = new MemoryStorage();
    const first = await start({ storage, search: '?panel=basic-info-panel' });
    await waitFor(() => expect(first.path()).toBe('/basic-info-panel/self'));
    act(() => first.app.store.submit({ firstName: 'Harriet', lastName: 'Quimby', dob: '1975-05-11', phoneNumber: '2105550123', maritalStatus: 'S' }));
    await waitFor(() => expect(first.path()).not.toBe('/basic-info-panel/self'));
    await act(async () => first.router.navigate('/data-fake-panel'));
    const pre = await screen.findByText(/"flow"/);
    expect(pre.textContent).not.toContain('Harriet');
    cleanup();
    const prod = await start({ storage: new MemoryStorage(), server: fakeServer({ config: { ...DEV_CONFIG, environment: 'production' } }), at: '/trap-door' });
    await waitFor(() => expect(prod.path()).toBe('/aem/milestone/entry'));
  });
});
