/**
 * The one command runner's seam (issue 19): every command's orchestration is a generator that
 * yields what it needs from the outside world — a request to a provider's service, a pause, the
 * clock — and is handed the answer. Who answers is the driver:
 *
 * - the browser's (src/services/transport.ts): the one HTTP client (axios, with each service's
 *   timeout and retry policy, cancellation by an AbortSignal), real timers, `Date.now()`;
 * - `npm run simulate`'s (src/engine/simulate.ts): the scripted `responses`, a clock that moves
 *   only when the walk pauses, and a list of every request made.
 *
 * So the decisions of a command (what it sends, in which order, how it reads each answer, what it
 * records and where the flow goes) are written once, and the browser and simulate walk the same
 * journey. Pure: no network, no timers.
 */
import type { JsonValue } from '../../rules/index';

/** The provider's services a command calls (doc 2 §7). Each has its own timeout and retry policy in the browser. */
export type ProviderService = 'enrollment' | 'sponsors' | 'addresses';

export interface ProviderRequest {
  service: ProviderService;
  method: 'GET' | 'POST' | 'PUT';
  /** Relative to the services' base URL (config.json `apiBaseUrl`), e.g. `enrollment/customers`. */
  path: string;
  body?: JsonValue;
  headers: Record<string, string>;
  /** What the request is in the prospect's lifecycle: a status sent with the prospect (SUB-01), or a poll (SUB-26). Not sent: read by simulate's request list and the differential test. */
  lifecycle?: { status: string } | 'poll';
}

/** How a request failed: the status when there was an answer the client refused, the codes, why; a timeout is 408 (ERR-28). */
export interface CallFailure {
  status?: number;
  codes: string[];
  message: string;
  timeout?: boolean;
  /** A 2xx whose body could not be read: why (MalformedAnswerError). */
  malformed?: string;
}

/** What a request came back with: an answer (any status: the command judges it), or no answer at all (a timeout, a network error). */
export type ProviderAnswer = { kind: 'answer'; status: number; body: unknown; location?: string } | ({ kind: 'failure' } & CallFailure);

/** A request, a pause, the clock, or a new unique id (an idempotency key: random in the browser, numbered in simulate). */
export type Effect = { kind: 'request'; request: ProviderRequest } | { kind: 'sleep'; ms: number } | { kind: 'now' } | { kind: 'id' };

/** A piece of orchestration: yields effects, receives their answers, returns T. */
export type Step<T> = Generator<Effect, T, unknown>;

export function* request(r: ProviderRequest): Step<ProviderAnswer> {
  return (yield { kind: 'request', request: r }) as ProviderAnswer;
}

export function* sleep(ms: number): Step<void> {
  yield { kind: 'sleep', ms };
}

export function* now(): Step<number> {
  return (yield { kind: 'now' }) as number;
}

export function* newId(): Step<string> {
  return (yield { kind: 'id' }) as string;
}

/** Who answers the effects. `perform` may throw (a cancelled request): the error is thrown into the step. */
export interface Driver {
  perform(effect: Effect, signal?: AbortSignal): Promise<unknown>;
}

/** Runs a step with a driver that answers asynchronously (the browser). */
export async function runAsync<T>(step: Step<T>, driver: Driver, signal?: AbortSignal): Promise<T> {
  let next = step.next();
  while (!next.done) {
    let answer: unknown;
    try {
      answer = await driver.perform(next.value, signal);
    } catch (err) {
      next = step.throw(err);
      continue;
    }
    next = step.next(answer);
  }
  return next.value;
}

/** Runs a step with a driver that answers at once (simulate). */
export function runSync<T>(step: Step<T>, perform: (effect: Effect) => unknown): T {
  let next = step.next();
  while (!next.done) {
    let answer: unknown;
    try {
      answer = perform(next.value);
    } catch (err) {
      next = step.throw(err);
      continue;
    }
    next = step.next(answer);
  }
  return next.value;
}

/**
 * A driver's own stop, never a command's outcome: simulate has no scripted answer left for a
 * request. The runner lets it through; the walk stops at the command.
 */
export class DriverStop extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DriverStop';
  }
}
