/** Start-up: session start rules (SESS-*), reload restore without personal data, blocking pages, document failures, demo mode, the panel override. */
import { describe, expect, it } from 'vitest';
import { SESSION_NAMESPACE } from '../../src/app/storage';
import { current } from '../../src/engine/flow';
import { getPath } from '../../src/engine/state';
import type { AppInstance, BootResult } from '../../src/app/boot';
import { bootWith, DEV_CONFIG, fakeServer, logged, MemoryStorage, ORIGIN, projectPack } from './helpers';

/** DEV_CONFIG with URLs the full check accepts: https on an allowed host (issue 13). */
const SAFE_CONFIG = { ...DEV_CONFIG, apiBaseUrl: 'https://muster.test/api/', contentBaseUrl: 'https://muster.test/content/', allowedHosts: ['muster.test'] };

function ready(result: BootResult): AppInstance {
  if (result.kind !== 'ready') throw new Error(`expected ready, got ${result.kind}${'reason' in result ? ` (${result.reason})` : ''}`);
  return result.app;
}

function stored(storage: MemoryStorage): Record<string, unknown> {
  return JSON.parse(storage.getItem(SESSION_NAMESPACE) ?? '{}') as Record<string, unknown>;
}

const PROD_CONFIG = { ...DEV_CONFIG, environment: 'production' };

describe('a new session (SESS-05..SESS-09, SESS-16)', () => {
  it('clears the namespace and starts at position 0 with the product from the URL', async () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_NAMESPACE, JSON.stringify({ productId: 'old', jwtKey: 'stale', sponsorGuid: 'x' }));
    const { result } = await bootWith({ storage, search: '?product=join-now&promotion_code=SPRING&utm_source=mail' });
    const app = ready(result);
    expect(app.flow.productId).toBe('join-now');
    expect(getPath(app.store.state, 'flow.position')).toBe(0);
    expect(getPath(app.store.state, 'session')).toMatchObject({ productId: 'join-now', promotionCd: 'SPRING', utmSource: 'mail' });
    const s = stored(storage);
    expect(s).toMatchObject({ productId: 'join-now', moduleSequenceId: 'default', modulePositionIndex: 0, promotionCd: 'SPRING', utmSource: 'mail' });
    expect(s.jwtKey).toBeUndefined();
    expect(s.sponsorGuid).toBeUndefined();
  });

  it('falls back to join-now for an unknown product, and then accepts a safe goto (SESS-07, SESS-08)', async () => {
    const { result, storage } = await bootWith({ search: '?product=no-such-product&goto=%2Fmy%2Fhome' });
    const app = ready(result);
    expect(app.flow.productId).toBe('join-now');
    expect(stored(storage).gotoURL).toBe(`${ORIGIN}/my/home`);
  });

  it('ignores goto when a valid product is given, and an unsafe goto always', async () => {
    const a = await bootWith({ search: '?product=join-now&goto=%2Fmy%2Fhome' });
    expect(stored(a.storage).gotoURL).toBeUndefined();
    const b = await bootWith({ search: '?goto=https%3A%2F%2Fevil.example%2F' });
    expect(stored(b.storage).gotoURL).toBeUndefined();
  });

  it("accepts a version only if the product lists it (SESS-06)", async () => {
    const pack = projectPack('join-now', (files) => files.map((f) => (f.path === 'flows/products/join-now.json' ? { ...f, text: f.text.replace('"destinationURL"', '"versions": ["2"],\n  "destinationURL"') } : f)));
    const server = fakeServer({ packs: { 'join-now': pack } });
    const good = ready((await bootWith({ server, search: '?version=2' })).result);
    expect(getPath(good.store.state, 'session.version')).toBe('2');
    // Another version is refused with the version page (tests/app/session-start.test.ts).
    expect((await bootWith({ server, search: '?version=9' })).result).toMatchObject({ kind: 'blocked', reason: 'version' });
  });
});

describe('resume (SESS-03)', () => {
  const full = { productId: 'join-now', moduleSequenceId: 'default', modulePositionIndex: 1, potentialCustomerGuid: 'g-1', jwtKey: 'j-1', promotionCd: 'KEPT' };

  it('restores the stored product, sequence and position with action=resume', async () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_NAMESPACE, JSON.stringify(full));
    const app = ready((await bootWith({ storage, search: '?action=resume' })).result);
    expect(getPath(app.store.state, 'flow.position')).toBe(1);
    expect(app.store.view.module).toBe('triage');
    expect(getPath(app.store.state, 'session.promotionCd')).toBe('KEPT');
    expect(stored(storage).jwtKey).toBe('j-1');
  });

  it('starts afresh without the action, or with an incomplete stored session', async () => {
    for (const [values, search] of [
      [full, ''],
      [{ ...full, jwtKey: '' }, '?action=resume'],
    ] as const) {
      const storage = new MemoryStorage();
      storage.setItem(SESSION_NAMESPACE, JSON.stringify(values));
      const app = ready((await bootWith({ storage, search })).result);
      expect(getPath(app.store.state, 'flow.position')).toBe(0);
      expect(stored(storage).jwtKey).toBeUndefined();
    }
  });
});

describe('a reload within the session', () => {
  it('lands on the same step with the same answers, and no personal data is ever stored', async () => {
    const storage = new MemoryStorage();
    const first = ready((await bootWith({ storage, search: '?panel=military-service' })).result);
    first.store.answer('yes');
    expect(first.store.view.step).toBe('current-military-status');
    first.store.flushChanges(); // what pagehide does before a reload
    const second = ready((await bootWith({ storage, path: '/current-military-status/self' })).result);
    expect(second.store.view.step).toBe('current-military-status');
    expect(getPath(second.store.state, 'triage.militaryService')).toBe('yes');
    expect(second.store.depth).toBe(first.store.depth);
    // Back works across the reload: the history was kept.
    expect(second.store.previous()).toBe(true);
    expect(second.store.view.step).toBe('military-service');
  });

  it('reads an older notation of an answer in a resumed session as the current one (TRI-05)', async () => {
    const storage = new MemoryStorage();
    const first = ready((await bootWith({ storage, search: '?panel=military-service' })).result);
    first.store.answer('no');
    first.store.answer('someoneElse');
    expect(first.store.view.step).toBe('someone-else-military-service');
    first.store.flushChanges();
    // A session written by an older version: the same state with the older notation.
    const key = 'ent-eligibility-modular-app';
    const raw = storage.getItem(key) as string;
    expect(raw).toContain('"relativeMilitaryService":"someoneElse"');
    storage.setItem(key, raw.replace('"relativeMilitaryService":"someoneElse"', '"relativeMilitaryService":"someone else"'));
    const second = ready((await bootWith({ storage, path: '/someone-else-military-service/self' })).result);
    expect(second.store.view.step).toBe('someone-else-military-service');
    expect(getPath(second.store.state, 'triage.relativeMilitaryService')).toBe('someoneElse');
  });

  it('keeps names, birth dates and phone numbers in memory only', async () => {
    const storage = new MemoryStorage();
    const app = ready((await bootWith({ storage, search: '?panel=basic-info-panel' })).result);
    expect(app.store.view.step).toBe('basic-info-panel');
    app.store.submit({ firstName: 'Harriet', lastName: 'Quimby', dob: '1975-05-11', phoneNumber: '5551234567', maritalStatus: 'S' });
    expect(getPath(app.store.state, 'eligibility.self.personalInfo.firstName')).toBe('Harriet');
    app.store.flushChanges();
    const dump = storage.dump();
    expect(dump).toContain('basic-info-panel');
    for (const personal of ['Harriet', 'Quimby', '1975-05-11', '5551234567']) expect(dump, personal).not.toContain(personal);
    const again = ready((await bootWith({ storage, path: `/${app.store.view.kind === 'panel' ? app.store.view.step : 'x'}/self` })).result);
    expect(getPath(again.store.state, 'eligibility.self.personalInfo')).toBeUndefined();
  });

  it('starts afresh at the flow start when a step URL has no stored session (ROUTE-03)', async () => {
    const app = ready((await bootWith({ path: '/basic-info-panel/self' })).result);
    expect(app.store.view.module).toBe('entry-page');
  });
});

describe('blocking pages and failures', () => {
  it('blocks the app without session storage and reports sessionStorage unavailable (SESS-12)', async () => {
    for (const fail of ['all', 'write'] as const) {
      const { result, console } = await bootWith({ storage: new MemoryStorage(fail) });
      expect(result.kind).toBe('blocked');
      expect(result.kind === 'blocked' && result.reason).toBe('private');
      expect(logged(console.error)).toContain('sessionStorage unavailable');
    }
  });

  it('blocks the support variant without a caller (AUTH-18) and lets one with a caller in', async () => {
    const server = fakeServer({ config: { ...DEV_CONFIG, support: true } });
    const { result, console } = await bootWith({ server });
    expect(result.kind === 'blocked' && result.reason).toBe('support');
    expect(logged(console.error)).toContain('MSR: no caller selected');
    const storage = new MemoryStorage();
    ready((await bootWith({ server, storage, search: '?caller=rep42' })).result);
    // The caller is kept for the session: a reload stays in.
    ready((await bootWith({ server, storage, path: '/aem/milestone/entry' })).result);
  });

  it('shows the trap with the findings logged, by file:line:col, when the documents cannot be read', async () => {
    const broken = await bootWith({ server: fakeServer({ packs: { 'join-now': 'broken' } }) });
    expect(broken.result.kind === 'failed' && broken.result.reason).toBe('documents');
    expect(logged(broken.console.error)).toContain('documents failed to load');
    // A truncated document: the first reading (JSON.parse) fails, the full check names the place.
    const clean = projectPack('join-now');
    const truncated = { ...clean, files: clean.files.map((f) => (f.path === 'flows/modules/triage.json' ? { ...f, text: f.text.slice(0, 200) } : f)) };
    const failing = await bootWith({ server: fakeServer({ packs: { 'join-now': truncated } }) });
    expect(failing.result.kind).toBe('failed');
    expect(logged(failing.console.error)).toMatch(/flows\/modules\/triage\.json:\d+:\d+ error malformed JSON/);
  });

  it('checks formats and references once the applicant is past the first screen: a clean pack has no findings, a finding is logged for the trap', async () => {
    const clean = ready((await bootWith({ server: fakeServer({ config: SAFE_CONFIG }) })).result);
    expect(await clean.verifyDocuments()).toEqual([]);
    const pack = projectPack('join-now');
    const edit = (from: string, to: string) => ({ ...pack, files: pack.files.map((f) => (f.path === 'flows/modules/triage.json' ? { ...f, text: f.text.replace(from, to) } : f)) });
    for (const [edited, check] of [
      [edit('"start": "military-service"', '"start": "military-service", "colour": "red"'), 'format'],
      [edit('"start": "military-service"', '"start": "no-such-step"'), 'broken-reference'],
    ] as const) {
      const booted = await bootWith({ server: fakeServer({ packs: { 'join-now': edited } }) });
      const app = ready(booted.result);
      const findings = await app.verifyDocuments();
      expect(findings[0]).toMatchObject({ file: 'flows/modules/triage.json', check });
      expect(findings[0]?.line).toBeGreaterThan(1);
      expect(logged(booted.console.error)).toMatch(/documents failed their check: \d+ finding\(s\); first: flows\/modules\/triage\.json:\d+:\d+/);
    }
  });

  it("checks config.json's URLs with the documents, as lint and the build check public/config.json (issue 13)", async () => {
    // DEV_CONFIG's http://muster.test service URLs are refused too: not https, and no allowed host.
    expect((await ready((await bootWith()).result).verifyDocuments()).map((d) => `${d.file} ${d.pointer} ${d.check}`)).toContain('config.json /apiBaseUrl unsafe-url');
    const booted = await bootWith({ server: fakeServer({ config: { ...SAFE_CONFIG, homeUrl: 'javascript:alert(document.cookie)', destinations: { pilot: 'https://evil.example/' } } }) });
    const findings = await ready(booted.result).verifyDocuments();
    expect(findings.map((d) => `${d.file}:${d.line}:${d.col} ${d.pointer} ${d.check}`)).toEqual([
      expect.stringMatching(/^config\.json:\d+:\d+ \/homeUrl unsafe-url$/),
      expect.stringMatching(/^config\.json:\d+:\d+ \/destinations\/pilot unsafe-url$/),
    ]);
    expect(findings[0]?.message).toMatch(/javascript: URLs are not allowed \(it runs code\)/);
    expect(findings[1]?.message).toMatch(/host "evil\.example" is not one of config\.json's "allowedHosts" \(muster\.test\)/);
    expect(logged(booted.console.error)).toMatch(/documents failed their check: 2 finding\(s\); first: config\.json:\d+:\d+/);
  });

  it('shows the trap when config.json is missing', async () => {
    const { result } = await bootWith({ server: fakeServer({ config: 'missing' }) });
    expect(result.kind === 'failed' && result.reason).toBe('config');
  });

  it('redirects once when the referrer does not match (SESS-10)', async () => {
    const server = fakeServer({ config: { ...DEV_CONFIG, referrer: { expected: 'https://provider.example/' } } });
    const storage = new MemoryStorage();
    const first = await bootWith({ server, storage, referrer: 'https://elsewhere.example/', search: '?product=join-now' });
    expect(first.result.kind).toBe('redirected');
    expect(first.leave).toHaveBeenCalledWith(`${ORIGIN}/join/get-started/?product=join-now`);
    const second = await bootWith({ server, storage, referrer: 'https://elsewhere.example/', search: '?product=join-now' });
    expect(second.result.kind).toBe('ready');
  });
});

describe('demo mode and the panel override', () => {
  it('turns demo mode on by config, or outside production by demo=1 (PROD-11)', async () => {
    expect(ready((await bootWith({ search: '?demo=1' })).result).demo).toBe(true);
    expect(ready((await bootWith({ server: fakeServer({ config: PROD_CONFIG }), search: '?demo=1' })).result).demo).toBe(false);
    expect(ready((await bootWith({ server: fakeServer({ config: { ...PROD_CONFIG, demo: true } }) })).result).demo).toBe(true);
    const on = ready((await bootWith({ search: '?demo=1' })).result);
    expect(on.content.text('app.demo.banner')).not.toBe('');
  });

  it('starts at the panel query parameter outside production only (ROUTE-07)', async () => {
    const dev = ready((await bootWith({ search: '?panel=current-military-status' })).result);
    expect(dev.store.view.step).toBe('current-military-status');
    expect(dev.testRoutes).toBe(true);
    const prod = ready((await bootWith({ server: fakeServer({ config: PROD_CONFIG }), search: '?panel=current-military-status' })).result);
    expect(current(prod.flow, prod.store.state).module).toBe('entry-page');
    expect(prod.testRoutes).toBe(false);
  });

  it('loads config.json and the pack and nothing else before the first screen', async () => {
    const { server } = await bootWith();
    expect(server.requests.map((r) => r.replace(/^.*get-started\//, ''))).toEqual(['packs/join-now.json', 'config.json']);
  });
});
