/**
 * Issue 22: a product URL a service answers is stored for the next page only when it passes the
 * documents' URL check (src/app/checked-session.ts; the pilot's productUrl, SUB-20, and the
 * proofing page's encoded product URL, SUB-23, kept as `productRedirect`, SESS-01).
 */
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkedSession, productUrlProblem } from '../../src/app/checked-session';
import { flowFromPack } from '../../src/app/documents';
import { parseConfig } from '../../src/app/config';
import { SessionStore } from '../../src/app/storage';
import { commandRegistry, createServices, runCommand } from '../../src/services/commands';
import type { AppState, JsonObject } from '../../src/engine/state';
import { MemoryStorage, ORIGIN, projectPack } from './helpers';

const HOSTS = ['www.example.test'];

describe('productUrlProblem (issue 22)', () => {
  it('accepts a path on the site, an https: URL on an allowed host, and their encoded forms (SUB-23)', () => {
    for (const ok of ['/my/member-home', 'https://www.example.test/pilot/', encodeURIComponent('/my/member-home?x=1'), encodeURIComponent('https://www.example.test/p')]) {
      expect(productUrlProblem(ok, HOSTS), ok).toBeUndefined();
    }
  });

  it('refuses other hosts, //host, javascript:, http:, and their encoded forms', () => {
    for (const bad of ['https://evil.example/', '//evil.example/', 'javascript:alert(1)', 'http://www.example.test/', 'pilot', encodeURIComponent('https://evil.example/'), encodeURIComponent('//evil.example/'), encodeURIComponent('javascript:alert(1)'), '%E0%A4%A']) {
      expect(productUrlProblem(bad, HOSTS), bad).toBeDefined();
    }
  });
});

describe('checkedSession (issue 22)', () => {
  it('stores a good productRedirect, drops a refused one (and a stale one), keeps the other values, logs the key only', () => {
    const store = new SessionStore(new MemoryStorage(), { log: vi.fn() });
    const log = vi.fn();
    const session = checkedSession(store, HOSTS, { log });
    session.set({ jwtKey: 't1', productRedirect: '/my/member-home' });
    expect(store.get('productRedirect')).toBe('/my/member-home');
    session.set({ jwtKey: 't2', productRedirect: 'https://evil.example/steal' });
    expect(store.get('jwtKey')).toBe('t2');
    expect(store.get('productRedirect')).toBeUndefined();
    expect(log).toHaveBeenCalledWith('warn', 'session URL refused', expect.objectContaining({ key: 'productRedirect' }));
    expect(JSON.stringify(log.mock.calls)).not.toContain('evil.example/steal');
  });
});

describe("the pilot's productUrl through the submit command (SUB-20, issue 22)", () => {
  let productUrl = '/my/member-home';
  const server = setupServer(
    http.post(`${ORIGIN}/api/enrollment/customers`, () => HttpResponse.json({ data: { codes: ['50006'], memberNumber: '123456789', registrationToken: 'reg-1', productUrl } }, { status: 200 })),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  const { flow } = flowFromPack(projectPack('join-now'));
  const config = parseConfig({ environment: 'development', apiBaseUrl: `${ORIGIN}/api/`, contentBaseUrl: `${ORIGIN}/content/`, allowedHosts: HOSTS });
  const submit = flow.modules.find((m) => m.name === 'member-found')?.graph.steps.submit;
  const state: AppState = {
    session: { productId: 'join-now' },
    config: { productId: 'join-now', initialStatus: 'modified-create' },
    triage: { militaryService: 'yes', currentMilitaryStatus: 'retired', militaryDischargeType: 'HON', variant: 'self' },
    eligibility: { self: { personalInfo: { firstName: 'Maria', lastName: 'Pilot', dob: '1976-03-14', phoneNumber: '2105550148', countryOfCitizenship: '99' } } },
  };

  async function run(url: string): Promise<{ outcome: string; stored: unknown }> {
    productUrl = url;
    const store = new SessionStore(new MemoryStorage(), { log: vi.fn() });
    if (!submit?.command) throw new Error('no submit step');
    const out = await runCommand(commandRegistry, {
      command: submit.command,
      args: (submit.args ?? {}) as JsonObject,
      state,
      flow,
      today: '2026-11-22',
      config,
      session: checkedSession(store, HOSTS, { log: vi.fn() }),
      telemetry: { log: vi.fn(), track: vi.fn() },
      services: createServices(config),
      leave: vi.fn(),
    });
    return { outcome: out.kind === 'result' ? out.result.outcome : out.kind, stored: store.get('productRedirect') };
  }

  it('keeps a product URL on the site and goes to the pilot page', async () => {
    expect(await run('/my/member-home')).toEqual({ outcome: 'pilotRedirect', stored: '/my/member-home' });
  });

  it('does not keep a product URL on another host, or //host; the pilot page still follows', async () => {
    expect(await run('https://evil.example/')).toEqual({ outcome: 'pilotRedirect', stored: undefined });
    expect(await run('//evil.example/')).toEqual({ outcome: 'pilotRedirect', stored: undefined });
  });
});
