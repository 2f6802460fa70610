/**
 * The enrollment service (doc 2 §7): create the prospect (POST enrollment/customers), and
 * update, abandon, detour, redirect or complete it (PUT enrollment/customers/{customerId}).
 * A 202 on an update is polled (GET enrollment/polling/{id}) every 500 ms for up to 15000 ms.
 */
import type { AxiosInstance } from 'axios';
import { codesOf, createClient } from './http';
import { TIMEOUTS } from './endpoints';

export const POLL_INTERVAL_MS = 500;
export const POLL_LIMIT_MS = 15_000;
export const POLLING_TIMEOUT_CODE = '40011';

export interface EnrollmentAnswer {
  status: number;
  customerId?: string;
  jwtKey?: string;
  memberFoundJwtKey?: string;
  codes: string[];
  /** A member number in a 200 answer (the join-opportunity pilot, SUB-20). */
  memberNumber?: string;
  registrationToken?: string;
  productUrl?: string;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function answerOf(status: number, body: unknown): EnrollmentAnswer {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const data = (typeof b.data === 'object' && b.data !== null ? b.data : b) as Record<string, unknown>;
  const out: EnrollmentAnswer = { status, codes: codesOf(body) };
  for (const key of ['customerId', 'jwtKey', 'memberFoundJwtKey', 'memberNumber', 'registrationToken', 'productUrl'] as const) {
    const v = str(data[key]) ?? str(b[key]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

export interface EnrollmentService {
  create(payload: object): Promise<EnrollmentAnswer>;
  update(customerId: string, payload: object, jwtKey: string | undefined): Promise<EnrollmentAnswer>;
}

export function createEnrollmentService(apiBaseUrl: string, client: AxiosInstance = createClient(apiBaseUrl, TIMEOUTS.enrollment), sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))): EnrollmentService {
  const headers = (customerId?: string, jwtKey?: string): Record<string, string> => ({
    ...(customerId ? { customerId } : {}),
    ...(jwtKey ? { jwtkey: jwtKey } : {}),
  });
  const poll = async (pollingId: string, customerId: string, jwtKey: string | undefined): Promise<EnrollmentAnswer> => {
    const started = Date.now();
    while (Date.now() - started < POLL_LIMIT_MS) {
      await sleep(POLL_INTERVAL_MS);
      const r = await client.get(`enrollment/polling/${encodeURIComponent(pollingId)}`, { headers: { guid: customerId, ...(jwtKey ? { jwtkey: jwtKey } : {}) } });
      if (r.status !== 202) return answerOf(r.status, r.data);
    }
    return { status: 408, codes: [POLLING_TIMEOUT_CODE] };
  };
  return {
    async create(payload) {
      const r = await client.post('enrollment/customers', payload, { headers: headers() });
      return answerOf(r.status, r.data);
    },
    async update(customerId, payload, jwtKey) {
      const r = await client.put(`enrollment/customers/${encodeURIComponent(customerId)}`, payload, { headers: headers(customerId, jwtKey) });
      if (r.status === 202) {
        const pollingId = str((r.data as { pollingId?: unknown } | undefined)?.pollingId) ?? customerId;
        return poll(pollingId, customerId, jwtKey);
      }
      return answerOf(r.status, r.data);
    },
  };
}
