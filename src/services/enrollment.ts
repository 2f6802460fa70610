/**
 * The enrollment service (doc 2 §4, §7; SUB-10..SUB-16, SUB-26..SUB-30): the prospect's
 * lifecycle statuses.
 *
 * - `create` and `modified-create` POST enrollment/customers (SUB-11, SUB-12); `update`,
 *   `redirect`, `detour`, `complete` and `abandon` PUT enrollment/customers/{customerId}.
 * - Nothing is sent for a non-create status without a customer id, nor after `abandon`
 *   (SUB-10): `send` answers `{ skipped }` instead.
 * - Every request carries the SUB-13 headers: Accept JSON, the enterprise client id, the fixed
 *   service-token header, and `jwtkey` / `customerId` when known. The token an answer returns is
 *   kept as the default `jwtkey` header (SUB-29) and cleared on abandon; the commands clear it on
 *   an error that reaches the error route (SUB-30).
 * - A 202 on an update with status `complete` is polled: GET enrollment/polling/{id} with the
 *   `guid` and `jwtkey` headers every 500 ms; 202 keeps waiting, anything else is the answer;
 *   after 15000 ms the answer is 40011 'Maximum polling time exceeded.' (SUB-26, SUB-27). The
 *   polling id is the 202 body's `pollingId`, else the last segment of its Location header,
 *   else the customer id (SUB-28).
 */
import type { AxiosInstance } from 'axios';
import { abortableDelay, createClient } from './http';
import { readEnrollmentAnswer, planSend, polled, pollingTimeoutAnswer, type EnrollmentAnswer } from '../engine/lifecycle';
import { POLICIES } from './endpoints';

// The pure decisions live in the engine (shared with simulate); re-exported for the service's callers.
export { LIFECYCLE_STATUSES, planSend, POLLING_TIMEOUT_CODE, POLLING_TIMEOUT_MESSAGE, type EnrollmentAnswer, type LifecycleStatus, type SendPlan } from '../engine/lifecycle';

export const POLL_INTERVAL_MS = 500;
export const POLL_LIMIT_MS = 15_000;

/**
 * The SUB-13 fixed headers. Their names and values are not shown in the spec: Muster sends the
 * application id the address service also uses (docs/decisions.md, 'Lifecycle and outcomes').
 */
export const ENROLLMENT_HEADERS: Readonly<Record<string, string>> = {
  'x-enterprise-client-id': 'ent-eligibility-modular',
  'x-service-token': 'ent-eligibility-modular',
};

/** The token kept as the default `jwtkey` header (SUB-29). */
export interface TokenHolder {
  get(): string | undefined;
  set(token: string): void;
  clear(): void;
}

export function memoryTokens(initial?: string): TokenHolder {
  let token = initial;
  return {
    get: () => token,
    set: (t) => {
      token = t;
    },
    clear: () => {
      token = undefined;
    },
  };
}

/** A pause between polls that ends early, rejected, when the signal aborts. */
function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return abortableDelay(ms, signal, () => signal?.reason);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
}

/** The answer's body as the commands read it: src/engine/lifecycle.ts readEnrollmentAnswer, which simulate also uses. */
const answerOf = readEnrollmentAnswer;

function pollingIdOf(body: unknown, location: unknown, customerId: string): string {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const data = (typeof b.data === 'object' && b.data !== null ? b.data : {}) as Record<string, unknown>;
  const fromLocation = typeof location === 'string' ? location.split('?')[0]?.split('/').filter(Boolean).pop() : undefined;
  return str(b.pollingId) ?? str(data.pollingId) ?? fromLocation ?? customerId;
}

export interface EnrollmentService {
  /** Sends a lifecycle status with the prospect; `{ skipped }` when nothing may be sent (SUB-10). */
  send(status: string, payload: object, known: { customerId?: string; lastStatus?: string }, signal?: AbortSignal): Promise<EnrollmentAnswer | { skipped: string }>;
  /** POST enrollment/customers. */
  create(payload: object, signal?: AbortSignal): Promise<EnrollmentAnswer>;
  /** PUT enrollment/customers/{customerId}; `jwtKey` replaces the held token for this call. */
  update(customerId: string, payload: object, jwtKey?: string, signal?: AbortSignal): Promise<EnrollmentAnswer>;
  /** The default `jwtkey` header. */
  tokens: TokenHolder;
}

export interface EnrollmentOptions {
  client?: AxiosInstance;
  tokens?: TokenHolder;
  /** Waits between polls; rejects when `signal` aborts (the command was given up). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

export function createEnrollmentService(apiBaseUrl: string, options: EnrollmentOptions = {}): EnrollmentService {
  // POLICIES.enrollment: 15000 ms (CONST-01), never retried (a write sent twice may apply twice).
  const client = options.client ?? createClient(apiBaseUrl, POLICIES.enrollment);
  const tokens = options.tokens ?? memoryTokens();
  const sleep = options.sleep ?? abortableSleep;
  const now = options.now ?? (() => Date.now());
  let abandoned = false;

  const headers = (customerId?: string, jwtKey?: string): Record<string, string> => {
    const token = jwtKey ?? tokens.get();
    return { ...ENROLLMENT_HEADERS, ...(token ? { jwtkey: token } : {}), ...(customerId ? { customerId } : {}) };
  };

  /** SUB-29: keep the returned token after a success. */
  const keep = (answer: EnrollmentAnswer): EnrollmentAnswer => {
    if (answer.status >= 200 && answer.status < 300 && answer.jwtKey) tokens.set(answer.jwtKey);
    return answer;
  };

  const poll = async (pollingId: string, customerId: string, signal?: AbortSignal): Promise<EnrollmentAnswer> => {
    const started = now();
    for (;;) {
      if (now() - started >= POLL_LIMIT_MS) break;
      await sleep(POLL_INTERVAL_MS, signal);
      const token = tokens.get();
      const r = await client.get(`enrollment/polling/${encodeURIComponent(pollingId)}`, { signal, headers: { ...ENROLLMENT_HEADERS, guid: customerId, ...(token ? { jwtkey: token } : {}) } });
      if (r.status !== 202) return answerOf(r.status, r.data);
    }
    return pollingTimeoutAnswer();
  };

  const put = async (customerId: string, payload: object, jwtKey?: string, signal?: AbortSignal): Promise<EnrollmentAnswer> => {
    const r = await client.put(`enrollment/customers/${encodeURIComponent(customerId)}`, payload, { signal, headers: headers(customerId, jwtKey) });
    const status = (payload as { status?: unknown }).status;
    if (polled('PUT', status, r.status)) {
      return poll(pollingIdOf(r.data, (r.headers as Record<string, unknown> | undefined)?.location, customerId), customerId, signal);
    }
    return answerOf(r.status, r.data);
  };

  const create = async (payload: object, signal?: AbortSignal): Promise<EnrollmentAnswer> => {
    const r = await client.post('enrollment/customers', payload, { signal, headers: headers() });
    return answerOf(r.status, r.data, true);
  };

  return {
    tokens,
    async send(status, payload, known, signal) {
      const plan = planSend(status, { ...known, ...(abandoned ? { lastStatus: 'abandon' } : {}) });
      if ('skipped' in plan) return { skipped: plan.skipped };
      try {
        return keep(plan.method === 'POST' ? await create(payload, signal) : await put(plan.customerId, payload, undefined, signal));
      } finally {
        if (status === 'abandon') {
          abandoned = true;
          tokens.clear();
        }
      }
    },
    create: async (payload, signal) => keep(await create(payload, signal)),
    update: async (customerId, payload, jwtKey, signal) => keep(await put(customerId, payload, jwtKey, signal)),
  };
}
