/**
 * The one HTTP client for the provider's services (doc 2 §7): axios with a service's policy
 * (src/services/endpoints.ts POLICIES: CONST-01's timeouts, REF-21's retries), cancellation by
 * the AbortSignal a caller passes, and the one shape every failure is reduced to (ERR-27,
 * ERR-28). Loaded lazily: the first question screen needs none of this (the content fragments
 * use fetch, src/services/fragments.ts).
 */
import axios, { CanceledError, isAxiosError, isCancel, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { absoluteBase, type RequestPolicy, type RetryOn } from './endpoints';
import { codesOf } from '../engine/lifecycle';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Which attempt this request is (1 = the first), set by the retry policy. */
    attempt?: number;
  }
}

/** ERR-28's suggested default: a timeout is reported with status 408. */
export const TIMEOUT_STATUS = 408;
/** The marker of a 2xx answer whose body is not what the call reads (issue 10, Failures). */
export const MALFORMED = 'MALFORMED_BODY';

/** How a request failed without an answer: the client's timeout, or no answer at all. Undefined for a cancellation or an answer. */
export function noAnswerKind(err: unknown): RetryOn | undefined {
  if (!isAxiosError(err) || isCancel(err) || err.response) return undefined;
  return err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT' ? 'timeout' : 'network';
}

function pause(ms: number, config: InternalAxiosRequestConfig): Promise<void> {
  const signal = config.signal as AbortSignal | undefined;
  return new Promise((resolve, reject) => {
    const cancelled = (): CanceledError<unknown> => new CanceledError(undefined, undefined, config);
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const abort = (): void => {
      clearTimeout(t);
      reject(cancelled());
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * An axios instance for one service: base URL, Accept JSON, the policy's timeout, every status
 * returned as an answer (the caller judges 201, 200 with codes, 404 …), and the policy's retries:
 * a request that timed out (or was answered 408) or got no answer is sent again while the
 * policy allows; a cancelled one never. A number is a timeout with no retries.
 */
export function createClient(baseURL: string, policy: RequestPolicy | number): AxiosInstance {
  const p: RequestPolicy = typeof policy === 'number' ? { timeout: policy, retries: 0, on: [], delayMs: () => 0 } : policy;
  const client = axios.create({
    baseURL: absoluteBase(baseURL),
    timeout: p.timeout,
    headers: { Accept: 'application/json' },
    // Every status is an answer the caller judges (201, 200 with codes, 404 for a sponsor...).
    validateStatus: () => true,
  });
  if (p.retries <= 0 || p.on.length === 0) return client;
  const again = (config: InternalAxiosRequestConfig, kind: RetryOn): boolean => (config.attempt ?? 1) <= p.retries && p.on.includes(kind) && !(config.signal as AbortSignal | undefined)?.aborted;
  const retry = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const attempt = config.attempt ?? 1;
    await pause(p.delayMs(attempt), config);
    return client.request({ ...config, attempt: attempt + 1 });
  };
  client.interceptors.response.use(
    (response) => (response.status === TIMEOUT_STATUS && again(response.config, 'timeout') ? retry(response.config) : response),
    (err: unknown) => {
      const kind = noAnswerKind(err);
      if (kind && isAxiosError(err) && err.config && again(err.config, kind)) return retry(err.config);
      return Promise.reject(err);
    },
  );
  return client;
}

/**
 * A 2xx answer whose body is not what the call reads (not JSON, not an object, a create without
 * the id it returns): a failure, never an ordinary outcome (issue 10, Failures). The services
 * throw it; failureOf reports it with its status and the codes `MALFORMED_BODY` and the reason.
 */
export class MalformedAnswerError extends Error {
  readonly status: number;
  readonly why: string;
  constructor(status: number, why: string) {
    super(`${MALFORMED}: ${why}`);
    this.name = 'MalformedAnswerError';
    this.status = status;
    this.why = why;
  }
}

/** Throws MalformedAnswerError for a 2xx (other than 204) whose body is not a JSON object, or lacks what `lacks` names. */
export function checkBody(status: number, body: unknown, lacks?: () => string | undefined): void {
  if (status < 200 || status >= 300 || status === 204) return;
  const why = malformedBody(body) ?? lacks?.();
  if (why !== undefined) throw new MalformedAnswerError(status, why);
}

/** The attempts a request made (1 + retries), from its answer's or error's config. */
export function attemptsOf(source: { config?: { attempt?: number } } | undefined): number {
  return source?.config?.attempt ?? 1;
}

export interface ServiceFailure {
  /** The HTTP status, when the service answered; 408 for a timeout (ERR-28). */
  status?: number;
  codes: string[];
  message: string;
  /** A timeout (ECONNABORTED, ETIMEDOUT, or status 408). */
  timeout: boolean;
  /** A 2xx whose body could not be read: why (MalformedAnswerError). */
  malformed?: string;
}

/** Error codes of an answer body: `codes`, `data.codes`, or `errors[].errorCode` (src/engine/lifecycle.ts, shared with simulate). */
export { codesOf };

/**
 * A thrown request error as a ServiceFailure (ERR-27): a timeout (ECONNABORTED, ETIMEDOUT, 408)
 * has the timeout status 408 (ERR-28); with an answer, its status and its errors list; without
 * one (a network error), no status: the generic NO_RESPONSE.
 */
export function failureOf(err: unknown): ServiceFailure {
  if (err instanceof MalformedAnswerError) return { status: err.status, codes: [MALFORMED, err.why], message: err.message, timeout: false, malformed: err.why };
  if (isAxiosError(err)) {
    const timeout = noAnswerKind(err) === 'timeout' || err.response?.status === TIMEOUT_STATUS;
    const status = err.response?.status ?? (timeout ? TIMEOUT_STATUS : undefined);
    return {
      ...(status !== undefined ? { status } : {}),
      codes: codesOf(err.response?.data),
      message: timeout ? 'TIMEOUT' : (err.code ?? err.message),
      timeout,
    };
  }
  return { codes: [], message: err instanceof Error ? err.message : String(err), timeout: false };
}

/**
 * Why a 2xx body cannot be read as the JSON object every call but reference data reads, or
 * undefined when it is one. axios hands a body that is not JSON over as its text.
 */
export function malformedBody(body: unknown): string | undefined {
  if (body === undefined || body === null || (typeof body === 'string' && body.trim() === '')) return 'empty body';
  if (typeof body === 'string') return 'not JSON';
  if (typeof body !== 'object' || Array.isArray(body)) return 'not a JSON object';
  return undefined;
}

/**
 * Issue 13: a 2xx JSON object with none of the fields a call reads (the provider's `data`
 * envelope, `codes`, `errors`, or one of `read` at the top) is malformed ('no data'), never an
 * ordinary outcome (an address taken as valid, an update or a poll taken as done).
 */
export function lacksFields(body: unknown, read: readonly string[] = []): string | undefined {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return (typeof b.data === 'object' && b.data !== null) || ['codes', 'errors', ...read].some((k) => b[k] !== undefined) ? undefined : 'no data';
}

/** `STATUS_<n>` or `NO_RESPONSE`, then each code, pipe-joined (doc 1 §8). */
export function encodeFailure(prefix: string, failure: Pick<ServiceFailure, 'status' | 'codes'>): string {
  return [prefix, failure.status !== undefined ? `STATUS_${failure.status}` : 'NO_RESPONSE', ...failure.codes].join('|');
}
