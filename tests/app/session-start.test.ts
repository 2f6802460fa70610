/**
 * Session start (issue 11, doc 1 §4): the entry version (SESS-06), a saved session brought back
 * into changed documents (docs/decisions.md, "Session start (issue 11)"), prefill (PAY-36,
 * SESS-03, FLOW-11), through the real boot.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTelemetryCore } from '../../src/ui/telemetry';
import { SESSION_NAMESPACE } from '../../src/app/storage';
import { getPath } from '../../src/engine/state';
import type { SourceFile } from '../../src/engine/loader';
import type { AppInstance, BootResult } from '../../src/app/boot';
import { bootWith, fakeServer, logged, MemoryStorage, ORIGIN, projectPack } from './helpers';

function ready(result: BootResult): AppInstance {
  if (result.kind !== 'ready') throw new Error(`expected ready, got ${result.kind}${'reason' in result ? ` (${result.reason})` : ''}`);
  return result.app;
}

function stored(storage: MemoryStorage): Record<string, unknown> {
  return JSON.parse(storage.getItem(SESSION_NAMESPACE) ?? '{}') as Record<string, unknown>;
}

function editFile(file: string, edit: (text: string) => string): (files: SourceFile[]) => SourceFile[] {
  return (files) => files.map((f) => (f.path === file ? { ...f, text: edit(f.text) } : f));
}

const JOIN_NOW = 'flows/products/join-now.json';
const withVersions = (list: string[]) => editFile(JOIN_NOW, (t) => t.replace('"destinationURL"', `"versions": ${JSON.stringify(list)},\n  "destinationURL"`));

// Log lines are checked synchronously: load telemetry's working part first.
beforeAll(() => loadTelemetryCore());

describe('the entry version (SESS-06, SESS-07)', () => {
  it('accepts a version the product declares and refuses any other with the version page, whose link drops only the version', async () => {
    const server = fakeServer({ packs: { 'join-now': projectPack('join-now', withVersions(['1', '2'])) } });
    const good = ready((await bootWith({ server, search: '?product=join-now&version=1' })).result);
    expect(getPath(good.store.state, 'session.version')).toBe('1');
    const bad = await bootWith({ server, search: '?product=join-now&version=3&promotion_code=SPRING' });
    expect(bad.result.kind).toBe('blocked');
    if (bad.result.kind !== 'blocked' || bad.result.reason !== 'version') throw new Error('expected the version page');
    expect(bad.result.restartUrl).toBe(`${ORIGIN}/join/get-started/?product=join-now&promotion_code=SPRING`);
    expect(bad.result.content.text('app.blocked.version.heading')).toBe('This link has expired');
    expect(logged(bad.console.warn)).toContain('unknown version');
    // The refused entry starts nothing: no session was written.
    expect(stored(bad.storage).productId).toBeUndefined();
  });

  it('a product that declares no versions has the version "1" only', async () => {
    expect(ready((await bootWith({ search: '?version=1' })).result).store.view.module).toBe('entry-page');
    expect((await bootWith({ search: '?version=2' })).result.kind).toBe('blocked');
  });

  it('ignores the URL version of a resumed session (the stored product is restored, SESS-03)', async () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_NAMESPACE, JSON.stringify({ productId: 'join-now', moduleSequenceId: 'default', modulePositionIndex: 1, potentialCustomerGuid: 'g', jwtKey: 'j' }));
    expect(ready((await bootWith({ storage, search: '?action=resume&version=9' })).result).store.view.module).toBe('triage');
  });

  it("a saved session carries the product document's current version, the last it declares", async () => {
    const server = fakeServer({ packs: { 'join-now': projectPack('join-now', withVersions(['1', '2'])) } });
    const { storage } = await bootWith({ server });
    expect((stored(storage).flowState as { version?: string }).version).toBe('2');
  });
});

describe('a saved session brought back into changed documents', () => {
  /** A session on triage's current-military-status, saved under version 1, with `military-service` before it in the history. */
  async function savedOnSecondQuestion(): Promise<MemoryStorage> {
    const storage = new MemoryStorage();
    const server = fakeServer({ packs: { 'join-now': projectPack('join-now', withVersions(['1'])) } });
    const first = ready((await bootWith({ storage, server, search: '?panel=military-service' })).result);
    first.store.answer('yes');
    expect(first.store.view.step).toBe('current-military-status');
    first.store.flushChanges();
    return storage;
  }

  function editSnapshot(storage: MemoryStorage, edit: (flow: Record<string, unknown>) => void): void {
    const all = stored(storage) as { flowState: { state: { flow: Record<string, unknown> } } };
    edit(all.flowState.state.flow);
    storage.setItem(SESSION_NAMESPACE, JSON.stringify(all));
  }

  it('lands on the same step when it still exists, also when a module was inserted before it (version 2)', async () => {
    const storage = await savedOnSecondQuestion();
    // Version 2 puts the occupation module before triage: triage moved from position 1 to 2.
    const v2 = projectPack('join-now', (files) => withVersions(['1', '2'])(editFile(JOIN_NOW, (t) => t.replace('"entry-page", "triage",', '"entry-page", "occupation", "triage",'))(files)));
    const server = fakeServer({ packs: { 'join-now': v2 } });
    const { result, console } = await bootWith({ storage, server, path: '/current-military-status/self' });
    const app = ready(result);
    expect(app.store.view.step).toBe('current-military-status');
    expect(app.store.view.position).toBe(2);
    expect(logged(console.info)).toContain('session restored into changed documents');
    // Back reaches the relocated first question.
    expect(app.store.previous()).toBe(true);
    expect(app.store.view.step).toBe('military-service');
    expect(app.store.view.position).toBe(2);
  });

  it('lands on the start of its module when the step no longer exists, never on the trap; Back keeps only steps that exist', async () => {
    const storage = await savedOnSecondQuestion();
    editSnapshot(storage, (flow) => {
      flow.step = 'a-step-version-2-removed';
      (flow.history as unknown[]).splice(1, 0, { position: 1, module: 'triage', step: 'another-removed-step', variant: 'self' });
    });
    const { result, console } = await bootWith({ storage, path: '/a-step-version-2-removed/self' });
    const app = ready(result);
    expect(app.store.view.kind).toBe('panel');
    expect(app.store.view.module).toBe('triage');
    expect(app.store.view.step).toBe('military-service');
    expect(getPath(app.store.state, 'error.hasError')).toBeUndefined();
    expect(getPath(app.store.state, 'triage.militaryService')).toBe('yes');
    expect(logged(console.info)).toContain('module-start');
    const steps = (getPath(app.store.state, 'flow.history') as { step: string }[]).map((h) => h.step);
    expect(steps).not.toContain('another-removed-step');
  });

  it('lands on the start of the module now at its position when its module is gone', async () => {
    const storage = await savedOnSecondQuestion();
    editSnapshot(storage, (flow) => {
      flow.module = 'a-module-version-2-removed';
      flow.history = [];
    });
    const app = ready((await bootWith({ storage, path: '/current-military-status/self' })).result);
    expect(app.store.view.module).toBe('triage');
    expect(app.store.view.step).toBe('military-service');
  });

  it('an entry with action=resume and a complete stored session lands on the saved step (SESS-03)', async () => {
    const storage = await savedOnSecondQuestion();
    const all = stored(storage);
    storage.setItem(SESSION_NAMESPACE, JSON.stringify({ ...all, potentialCustomerGuid: 'g-1', jwtKey: 'j-1' }));
    const app = ready((await bootWith({ storage, search: '?action=resume' })).result);
    expect(app.store.view.step).toBe('current-military-status');
    expect(stored(storage).jwtKey).toBe('j-1');
  });
});

describe('prefill (PAY-36, SESS-03, FLOW-11)', () => {
  const keys = { productId: 'join-now', moduleSequenceId: 'default', modulePositionIndex: 1, potentialCustomerGuid: 'g-1', jwtKey: 'j-1' };
  const details = [
    { key: 'firstName', value: 'Ada' },
    { key: 'lastName', value: 'Lovelace' },
    { key: 'phone', value: '(555) 010-4477' },
    { key: 'email', value: 'ada@example.test' },
    { key: 'ssn', value: '123456789' },
    { key: 'physicalAddress', value: { addressType: 'D', domesticAddress: '12 Main Street', domesticCity: 'Austin', domesticState: 'TX', domesticZipCode: '78701', colour: 'red' } },
    { key: 'mailingAddress', value: JSON.stringify({ addressType: 'O', apoAddress: 'PSC 1', apoZipCode: '09001' }) },
  ];

  it('maps the details into personalInfo and the addresses, keeps the status, and removes the details from storage', async () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_NAMESPACE, JSON.stringify({ ...keys, prefillStatus: 'success', prefillDetails: details }));
    const app = ready((await bootWith({ storage, search: '?action=prefill' })).result);
    expect(getPath(app.store.state, 'session.prefillStatus')).toBe('success');
    expect(getPath(app.store.state, 'eligibility.self.personalInfo')).toEqual({ firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '5550104477', emailAddress: 'ada@example.test' });
    expect(getPath(app.store.state, 'eligibility.self.address.physical')).toEqual({ addressType: 'D', domesticAddress: '12 Main Street', domesticCity: 'Austin', domesticState: 'TX', domesticZipCode: '78701' });
    expect(getPath(app.store.state, 'eligibility.self.address.mailing')).toEqual({ addressType: 'O', apoAddress: 'PSC 1', apoZipCode: '09001' });
    // Only the keys PAY-36 names: an SSN in the details is not read.
    expect(JSON.stringify(app.store.state)).not.toContain('123456789');
    app.store.flushChanges();
    const dump = storage.dump();
    for (const personal of ['Ada', 'Lovelace', '5550104477', 'ada@example.test', '12 Main Street']) expect(dump, personal).not.toContain(personal);
    expect(stored(storage).prefillDetails).toBeUndefined();
    expect(stored(storage).jwtKey).toBe('j-1');
  });

  it('reads the details given as one object, and ignores what is not a string', async () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_NAMESPACE, JSON.stringify({ ...keys, prefillStatus: 'success', prefillDetails: { firstName: 'Grace', lastName: 42, email: ['x'] } }));
    const app = ready((await bootWith({ storage, search: '?action=prefill' })).result);
    expect(getPath(app.store.state, 'eligibility.self.personalInfo')).toEqual({ firstName: 'Grace' });
  });

  it('without every resume key the namespace is cleared, prefill details included, and a new session starts (SESS-05)', async () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_NAMESPACE, JSON.stringify({ ...keys, jwtKey: '', prefillStatus: 'success', prefillDetails: details }));
    const app = ready((await bootWith({ storage, search: '?action=prefill' })).result);
    expect(getPath(app.store.state, 'eligibility.self.personalInfo')).toBeUndefined();
    expect(getPath(app.store.state, 'flow.position')).toBe(0);
    expect(stored(storage).prefillDetails).toBeUndefined();
  });

  it("a new session keeps only the key of a create whose answer never came, so Start again sends the same create (SESS-05; issue 22)", async () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_NAMESPACE, JSON.stringify({ productId: 'join-now', jwtKey: 'jwt-old', createKey: 'k-lost' }));
    await bootWith({ storage });
    expect(stored(storage).createKey).toBe('k-lost');
    expect(stored(storage).jwtKey).toBeUndefined();
  });

  /** A product no one has written, as a scratch document: it starts on prefill, at position 0 after a successful prefill and 1 otherwise (FLOW-11). */
  const scratch = (startOnPrefill: boolean) => (files: SourceFile[]): SourceFile[] => [
    ...files,
    {
      path: 'flows/products/scratch-prefill.json',
      text: JSON.stringify({
        $schema: '../../schemas/formats/product.schema.json',
        id: 'scratch-prefill',
        extends: 'join-now',
        modules: ['prefill-basic-info', 'basic-info', 'triage', 'member-found'],
        startOnPrefill,
        startPosition: [{ when: { '===': [{ var: 'session.prefillStatus' }, 'success'] }, index: 0 }, { index: 1 }],
      }),
    },
  ];

  it('a product that starts on prefill keeps position 0 or 1 on a prefill entry (FLOW-11), and the stored position on resume', async () => {
    for (const [startOnPrefill, action, status, module] of [
      [true, 'prefill', 'success', 'prefill-basic-info'],
      [true, 'prefill', 'failed', 'basic-info'],
      [true, 'resume', 'success', 'member-found'],
      [false, 'prefill', 'success', 'member-found'],
    ] as const) {
      const server = fakeServer({ packs: { 'scratch-prefill': projectPack('scratch-prefill', scratch(startOnPrefill)) } });
      const storage = new MemoryStorage();
      storage.setItem(SESSION_NAMESPACE, JSON.stringify({ ...keys, productId: 'scratch-prefill', modulePositionIndex: 3, prefillStatus: status, prefillDetails: details }));
      const app = ready((await bootWith({ storage, server, search: `?action=${action}` })).result);
      expect(app.store.view.module, `${String(startOnPrefill)} ${action} ${status}`).toBe(module);
      expect(getPath(app.store.state, 'eligibility.self.personalInfo.firstName')).toBe('Ada');
    }
  });
});

describe('the first requests (issue 11: the request chain)', () => {
  it("requests the first milestone's content as soon as boot knows its key, and hands it to the screen's first call once", async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ data: { heading: 'Remote' } }));
    try {
      const app = ready((await bootWith()).result);
      expect(app.store.view.kind).toBe('milestone');
      const key = app.store.view.content ?? app.store.view.step;
      expect(spy.mock.calls.map((c) => String(c[0]))).toEqual([`${ORIGIN}/content/public/objects/${key}`]);
      expect(app.takeFirstFragment('another-key')).toBeUndefined();
      // The screen's first anonymous call for that key takes it (src/app/StepHost.tsx), once.
      const first = app.takeFirstFragment(key);
      expect(first).toBeDefined();
      await expect(first).resolves.toEqual({ heading: 'Remote' });
      expect(app.takeFirstFragment(key)).toBeUndefined();
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('takes config.json and the pack from the requests index.html started, and fetches what they do not cover', async () => {
    const server = fakeServer();
    const early = { '/join/get-started/config.json': server.fetch('/join/get-started/config.json'), '/join/get-started/packs/join-now.json': server.fetch('/join/get-started/packs/join-now.json') };
    const before = server.requests.length;
    const storage = new MemoryStorage();
    const env = (await bootWith({ server, storage })).env;
    // A second boot with the early requests: nothing new is fetched for config.json and the pack.
    const { boot } = await import('../../src/app/boot');
    const n = server.requests.length;
    const result = await boot({ ...env, early });
    expect(result.kind).toBe('ready');
    expect(server.requests.length).toBe(n);
    expect(before).toBe(2);
    // Early requests for another product are not used: boot fetches the product it chose.
    const other = { '/join/get-started/packs/no-such-product.json': server.fetch('/join/get-started/packs/no-such-product.json') };
    const m = server.requests.length;
    expect((await boot({ ...env, early: other })).kind).toBe('ready');
    expect(server.requests.slice(m).map((r) => r.replace(/^.*get-started\//, ''))).toEqual(['packs/join-now.json', 'config.json']);
  });
});
