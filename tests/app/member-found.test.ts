/**
 * The member-found module (flows/modules/member-found.json, FLOW-05's last module) run step by
 * step with the commands and arguments it names, against the sandbox (msw/node): the submit with
 * the base status, the completion with rule 5's status, then the member-found redirect by the
 * completion's codes (SUB-23).
 */
import { setupServer } from 'msw/node';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { flowFromPack } from '../../src/app/documents';
import { parseConfig } from '../../src/app/config';
import { SessionStore } from '../../src/app/storage';
import { commandRegistry, createServices, runCommand } from '../../src/services/commands';
import { createSandboxHandlers } from '../../src/sandbox/handlers';
import { getPath, setPath, type AppState, type JsonObject } from '../../src/engine/state';
import { MemoryStorage, ORIGIN, projectPack } from './helpers';

const statuses: string[] = [];
const recorder = http.all(`${ORIGIN}/api/enrollment/*`, async ({ request }) => {
  try {
    const body = (await request.clone().json()) as { status?: string };
    if (typeof body.status === 'string') statuses.push(body.status);
  } catch {
    /* no body */
  }
  return undefined;
});
const server = setupServer(recorder, ...createSandboxHandlers({ apiBaseUrl: '/api/', contentBaseUrl: '/content/', loggingUrl: '/log', origin: ORIGIN, latencyMs: 0 }));
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  statuses.length = 0;
});
afterAll(() => server.close());

const { flow } = flowFromPack(projectPack('join-now'));
const config = parseConfig({ environment: 'development', apiBaseUrl: `${ORIGIN}/api/`, contentBaseUrl: `${ORIGIN}/content/` });
const module = flow.modules.find((m) => m.name === 'member-found');

async function step(id: string, state: AppState, session: SessionStore) {
  const s = module?.graph.steps[id];
  if (!s?.command) throw new Error(`no command step ${id}`);
  const out = await runCommand(commandRegistry, {
    command: s.command,
    args: (s.args ?? {}) as JsonObject,
    state,
    flow,
    today: '2026-11-22',
    config,
    session,
    telemetry: { log: vi.fn(), track: vi.fn() },
    services: createServices(config),
    leave: vi.fn(),
  });
  if (out.kind !== 'result') throw new Error(JSON.stringify(out));
  let next = state;
  for (const [k, v] of Object.entries(out.result.patch ?? {})) next = setPath(next, k, v);
  return { outcome: out.result.outcome, state: next };
}

const applicant = (lastName: string): AppState => ({
  session: { productId: 'join-now' },
  config: { productId: 'join-now', initialStatus: 'modified-create' },
  triage: { militaryService: 'yes', currentMilitaryStatus: 'retired', militaryDischargeType: 'HON', variant: 'self' },
  eligibility: { self: { personalInfo: { firstName: 'Maria', lastName, dob: '1976-03-14', phoneNumber: '2105550148', countryOfCitizenship: '99' } } },
});

describe('member-found (FLOW-05, SUB-23)', () => {
  it('submits, completes, and a member found with 50015 continues to the hand-off', async () => {
    const session = new SessionStore(new MemoryStorage(), { log: vi.fn() });
    const submitted = await step('submit', applicant('Member'), session);
    expect(submitted.outcome).toBe('next');
    const completed = await step('complete', submitted.state, session);
    expect(completed.outcome).toBe('done');
    expect(getPath(completed.state, 'error.hasError')).not.toBe(true);
    expect(statuses).toEqual(['modified-create', 'complete']);
    expect(getPath(completed.state, 'individuals.memberFound.isFound')).toBe(true);
    expect((await step('member-found-redirect', completed.state, session)).outcome).toBe('continue');
  });

  it('no member found: the completion reports no codes, so the module goes straight to the hand-off', async () => {
    const session = new SessionStore(new MemoryStorage(), { log: vi.fn() });
    const submitted = await step('submit', applicant('Gonzalez'), session);
    const completed = await step('complete', submitted.state, session);
    expect(statuses).toEqual(['modified-create', 'complete']);
    expect(getPath(completed.state, 'individuals.memberFound.isFound')).toBe(false);
  });
});
