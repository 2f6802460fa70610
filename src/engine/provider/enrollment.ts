/**
 * The enrollment service's calls (doc 2 §4, §7; SUB-10..SUB-16, SUB-26..SUB-28), as steps of the
 * one command runner (./io.ts): what a lifecycle status sends, with which headers, and how a 202
 * to a `complete` is polled.
 *
 * - `create` and `modified-create` POST enrollment/customers (SUB-11, SUB-12); `update`,
 *   `redirect`, `detour`, `complete` and `abandon` PUT enrollment/customers/{customerId}.
 * - Nothing is sent for a non-create status without a customer id, nor after `abandon` (SUB-10).
 * - Every request carries the SUB-13 headers: the enterprise client id, the fixed service-token
 *   header, and `jwtkey` / `customerId` when known (the held token, SUB-29).
 * - A 202 on an update with status `complete` is polled: GET enrollment/polling/{id} with the
 *   `guid` and `jwtkey` headers every 500 ms; 202 keeps waiting, anything else is the answer;
 *   after 15000 ms the answer is 40011 'Maximum polling time exceeded.' (SUB-26, SUB-27). The
 *   polling id is the 202 body's `pollingId`, else the last segment of its Location header, else
 *   the customer id (SUB-28).
 */
import { planSend, polled, pollingTimeoutAnswer, readEnrollmentAnswer, type EnrollmentAnswer } from '../lifecycle';
import { MalformedAnswerError, malformedFailure } from '../service-answers';
import type { JsonValue } from '../../rules/index';
import { now, request, sleep, type CallFailure, type ProviderAnswer, type Step } from './io';

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

/** The header a create carries its idempotency key in (the sandbox honours it; README "Hosting" names it for the provider). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type SendResult = { kind: 'sent'; answer: EnrollmentAnswer } | { kind: 'skipped'; why: string } | { kind: 'failed'; failure: CallFailure };

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
}

function pollingIdOf(body: unknown, location: string | undefined, customerId: string): string {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const data = (typeof b.data === 'object' && b.data !== null ? b.data : {}) as Record<string, unknown>;
  const fromLocation = location?.split('?')[0]?.split('/').filter(Boolean).pop();
  return str(b.pollingId) ?? str(data.pollingId) ?? fromLocation ?? customerId;
}

/** An answer read as the commands read it; a 2xx body it cannot read is a failure (MALFORMED_BODY). */
function read(a: Extract<ProviderAnswer, { kind: 'answer' }>, create = false): SendResult {
  try {
    return { kind: 'sent', answer: readEnrollmentAnswer(a.status, a.body, create) };
  } catch (err) {
    if (err instanceof MalformedAnswerError) return { kind: 'failed', failure: { ...malformedFailure(err), malformed: err.why } };
    throw err;
  }
}

function failed(a: Extract<ProviderAnswer, { kind: 'failure' }>): SendResult {
  const { kind: _kind, ...failure } = a;
  return { kind: 'failed', failure };
}

function* poll(pollingId: string, customerId: string, token: string | undefined): Step<SendResult> {
  const started = yield* now();
  for (;;) {
    if ((yield* now()) - started >= POLL_LIMIT_MS) break;
    yield* sleep(POLL_INTERVAL_MS);
    const a = yield* request({ service: 'enrollment', method: 'GET', path: `enrollment/polling/${encodeURIComponent(pollingId)}`, lifecycle: 'poll', headers: { ...ENROLLMENT_HEADERS, guid: customerId, ...(token ? { jwtkey: token } : {}) } });
    if (a.kind === 'failure') return failed(a);
    if (a.status !== 202) return read(a);
  }
  return { kind: 'sent', answer: pollingTimeoutAnswer() };
}

/**
 * Sends a lifecycle status with the prospect (SUB-10..SUB-16): `known` is what the session holds
 * (the customer id, the last status sent, the token).
 */
export function* sendStatus(
  status: string,
  payload: JsonValue,
  known: { customerId?: string | undefined; lastStatus?: string | undefined; token?: string | undefined; idempotencyKey?: string | undefined },
): Step<SendResult> {
  const plan = planSend(status, { ...(known.customerId ? { customerId: known.customerId } : {}), ...(known.lastStatus ? { lastStatus: known.lastStatus } : {}) });
  if ('skipped' in plan) return { kind: 'skipped', why: plan.skipped };
  const token = known.token;
  if (plan.method === 'POST') {
    // Issue 22: a create carries its Idempotency-Key, so one sent again after a lost answer creates no second customer.
    const key: Record<string, string> = known.idempotencyKey ? { [IDEMPOTENCY_HEADER]: known.idempotencyKey } : {};
    const a = yield* request({ service: 'enrollment', method: 'POST', path: plan.path, body: payload, lifecycle: { status }, headers: { ...ENROLLMENT_HEADERS, ...(token ? { jwtkey: token } : {}), ...key } });
    return a.kind === 'failure' ? failed(a) : read(a, true);
  }
  const a = yield* request({ service: 'enrollment', method: 'PUT', path: plan.path, body: payload, lifecycle: { status }, headers: { ...ENROLLMENT_HEADERS, ...(token ? { jwtkey: token } : {}), customerId: plan.customerId } });
  if (a.kind === 'failure') return failed(a);
  if (polled('PUT', status, a.status)) return yield* poll(pollingIdOf(a.body, a.location, plan.customerId), plan.customerId, token);
  return read(a);
}
