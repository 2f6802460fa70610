/** Test helpers for the app shell: the project's packs, an in-memory session storage, a fake fetch, boot. */
import path from 'node:path';
import { vi } from 'vitest';
import { buildPack, type ProductPack } from '../../src/engine/pack';
import { loadProject, readProjectSources } from '../../tools/lib/project';
import { boot, type BootEnv, type BootResult } from '../../src/app/boot';
import { preloadScreen } from '../../src/app/StepHost';
import type { SourceFile } from '../../src/engine/loader';
import type { AppState, JsonObject } from '../../src/engine/state';
import type { CommandContext } from '../../src/services/commands';
import { SessionStore } from '../../src/app/storage';

export const ROOT = path.resolve(__dirname, '../..');
export const ORIGIN = 'http://muster.test';
export const BASE = '/join/get-started/';

let sources: SourceFile[] | undefined;
export function projectSources(): SourceFile[] {
  sources ??= readProjectSources();
  return sources;
}

const packs = new Map<string, ProductPack>();
export function projectPack(productId = 'join-now', edit?: (files: SourceFile[]) => SourceFile[]): ProductPack {
  if (!edit && packs.has(productId)) return packs.get(productId) as ProductPack;
  const src = edit ? edit(projectSources()) : projectSources();
  const pack = buildPack(loadProject(src), src, productId);
  if (!edit) packs.set(productId, pack);
  return pack;
}

/** An in-memory Storage; `fail` makes every call throw (private browsing). */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  constructor(public fail: false | 'all' | 'write' = false) {}
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    if (this.fail === 'all') throw new DOMException('denied', 'SecurityError');
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    if (this.fail === 'all') throw new DOMException('denied', 'SecurityError');
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    if (this.fail) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, value);
  }
  /** Everything stored, as one string (to look for personal data). */
  dump(): string {
    return [...this.items.entries()].map(([k, v]) => `${k}=${v}`).join('\n');
  }
}

export interface FakeServer {
  fetch: typeof fetch;
  requests: string[];
}

export const DEV_CONFIG = { environment: 'development', apiBaseUrl: `${ORIGIN}/api/`, contentBaseUrl: `${ORIGIN}/content/`, sandbox: false, brand: 'muster', demo: false };

/** Serves config.json and packs/<product>.json (404 for unknown products). */
export function fakeServer(options: { config?: object | 'missing'; packs?: Record<string, ProductPack | 'broken'> } = {}): FakeServer {
  const requests: string[] = [];
  const fetcher = vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
    const url = String(input);
    requests.push(url);
    if (url.endsWith('config.json')) {
      if (options.config === 'missing') return new Response('not found', { status: 404 });
      return Response.json(options.config ?? DEV_CONFIG);
    }
    const m = /packs\/([^/]+)\.json$/.exec(url);
    if (m && m[1]) {
      const id = decodeURIComponent(m[1]);
      const given = options.packs?.[id];
      if (given === 'broken') return new Response('{"productId": "x", "files": [', { status: 200 });
      if (given) return Response.json(given);
      if (id === 'join-now') return Response.json(projectPack('join-now'));
      return Response.json({ error: `no product ${id}` }, { status: 404 });
    }
    return new Response('not found', { status: 404 });
  });
  return { fetch: fetcher as unknown as typeof fetch, requests };
}

export interface BootOptions {
  path?: string;
  search?: string;
  storage?: MemoryStorage;
  server?: FakeServer;
  referrer?: string;
  today?: string;
}

export interface Booted {
  result: BootResult;
  storage: MemoryStorage;
  leave: ReturnType<typeof vi.fn<(url: string) => void>>;
  console: { info: ReturnType<typeof vi.fn>; warn: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn>; debug: ReturnType<typeof vi.fn> };
  server: FakeServer;
  env: BootEnv;
}

export async function bootWith(options: BootOptions = {}): Promise<Booted> {
  const storage = options.storage ?? new MemoryStorage();
  const server = options.server ?? fakeServer();
  const leave = vi.fn<(url: string) => void>();
  const out = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
  const pathname = `/join/get-started${options.path ?? '/'}`;
  const search = options.search ?? '';
  const env: BootEnv = {
    baseUrl: BASE,
    location: { pathname, search, origin: ORIGIN, href: `${ORIGIN}${pathname}${search}` },
    referrer: options.referrer ?? '',
    storage: () => storage,
    fetch: server.fetch,
    today: () => options.today ?? '2026-11-22',
    leave,
    console: out,
    autoAdvanceMs: 0,
    // As src/main.tsx: the first screen's code (a question, a form's first paint) has loaded when boot is ready.
    firstScreen: preloadScreen,
  };
  const result = await boot(env);
  return { result, storage, leave, console: out, server, env };
}

/** Everything a console spy was called with, as text. */
export function logged(spy: { mock: { calls: unknown[][] } }): string {
  return spy.mock.calls.map((c) => c.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' ')).join('\n');
}

/**
 * A command's context on join-now's basic-info step (position 2: the next module is
 * sponsor-search, so the lifecycle rules give the base status, SUB-04), with a session in memory
 * and telemetry spies; `state` goes on top. The command-runner tests share it.
 */
export function commandContext(
  parts: { flow: CommandContext['flow']; config: CommandContext['config']; services: CommandContext['services'] },
  command: string,
  state: AppState = {},
  args: JsonObject = {},
  storage = new MemoryStorage(),
): CommandContext & { session: SessionStore; leave: ReturnType<typeof vi.fn<(url: string) => void>>; storage: MemoryStorage } {
  return {
    command,
    args,
    state: { session: { productId: 'join-now' }, flow: { position: 2, module: 'basic-info', step: 'basic-info-panel', variant: 'self' }, ...state },
    ...parts,
    today: '2026-11-22',
    session: new SessionStore(storage, { log: vi.fn() }),
    telemetry: { log: vi.fn(), track: vi.fn() },
    leave: vi.fn<(url: string) => void>(),
    storage,
  };
}
