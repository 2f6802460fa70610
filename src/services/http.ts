/**
 * The one HTTP client for the provider's services (doc 2 §7): axios with a service's policy
 * (src/services/endpoints.ts POLICIES: CONST-01's timeouts, REF-21's retries), cancellation by
 * the AbortSignal a caller passes, and the one shape every failure is reduced to (ERR-27,
 * ERR-28). Loaded lazily: the first question screen needs none of this (the content fragments
 * use fetch, src/services/fragments.ts).
 */
import axios, { CanceledError, isAxiosError, isCancel, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { absoluteBase, type RequestPolicy, type RetryOn } from './endpoints';
import { checkBody, codesOf, encodeFailure, malformedBody, malformedFailure, MalformedAnswerError, MALFORMED } from '../engine/service-answers';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Which attempt this request is (1 = the first), set by the retry policy. */
    attempt?: number;
  }
}

/** ERR-28's suggested default: a timeout is reported with status 408. */
export const TIMEOUT_STATUS = 408;

/** How a request failed without an answer: the client's timeout, or no answer at all. Undefined for a cancellation or an answer. */
export function noAnswerKind(err: unknown): RetryOn | undefined {
  if (!isAxiosError(err) || isCancel(err) || err.response) return undefined;
  return err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT' ? 'timeout' : 'network';
}

/** Waits `ms`, or rejects with `cancelled()` as soon as `signal` aborts (at once when it already has). */
export function abortableDelay(ms: number, signal: AbortSignal | undefined, cancelled: () => unknown): Promise<void> {
  return new Promise((resolve, reject) => {
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

function pause(ms: number, config: InternalAxiosRequestConfig): Promise<void> {
  return abortableDelay(ms, config.signal as AbortSignal | undefined, () => new CanceledError(undefined, undefined, config));
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

/** How an answer body is read (src/engine/service-answers.ts, shared with simulate). */
export { checkBody, codesOf, encodeFailure, malformedBody, MalformedAnswerError, MALFORMED };

/**
 * A thrown request error as a ServiceFailure (ERR-27): a timeout (ECONNABORTED, ETIMEDOUT, 408)
 * has the timeout status 408 (ERR-28); with an answer, its status and its errors list; without
 * one (a network error), no status: the generic NO_RESPONSE.
 */
export function failureOf(err: unknown): ServiceFailure {
  if (err instanceof MalformedAnswerError) return { ...malformedFailure(err), timeout: false, malformed: err.why };
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
