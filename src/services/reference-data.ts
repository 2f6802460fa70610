/**
 * The reference-data service (doc 2 §7, REF-01..REF-22): GET a domain-values list under the
 * API base, with the generic timeout (CONST-01) and the one retry policy of REF-21: up to 2
 * retries on a timeout or a network error (no answer). An answer with an error status is not
 * retried (the field offers its own Retry, docs/decisions.md "Reference data (issue 9)"), nor is a
 * cancelled request (AbortSignal: the field left the page, or its cascade parent changed).
 */
import { isCancel, type AxiosInstance } from 'axios';
import type { OptionsRequest } from '../engine/option-sources';
import { createClient, failureOf, type ServiceFailure } from './http';
import { TIMEOUTS } from './endpoints';

/** REF-21 / CONST-01: reference retries. */
export const REFERENCE_RETRIES = 2;

/** A list that could not be fetched: what the field shows and what FIELD_LOAD_ERROR records. */
export class ReferenceDataError extends Error {
  readonly failure: ServiceFailure;
  /** The attempts made (1 + retries). */
  readonly attempts: number;
  constructor(path: string, failure: ServiceFailure, attempts: number) {
    super(`reference list ${path}: ${failure.status !== undefined ? `HTTP ${failure.status}` : failure.timeout ? 'timeout' : failure.message}`);
    this.name = 'ReferenceDataError';
    this.failure = failure;
    this.attempts = attempts;
  }
}

export interface ReferenceDataService {
  /** The answer's body (a list, REF-01; src/engine/option-sources.ts checks it). Rejects with ReferenceDataError, or the cancellation. */
  fetchList(request: Pick<OptionsRequest, 'path' | 'query'>, signal?: AbortSignal): Promise<unknown>;
}

export interface ReferenceDataOptions {
  client?: AxiosInstance;
  retries?: number;
  /** Pause before retry n (1-based); default 250 ms × n. */
  retryDelayMs?: (retry: number) => number;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = (): void => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

export function createReferenceDataService(apiBaseUrl: string, options: ReferenceDataOptions = {}): ReferenceDataService {
  const client = options.client ?? createClient(apiBaseUrl, TIMEOUTS.generic);
  const retries = options.retries ?? REFERENCE_RETRIES;
  const delayOf = options.retryDelayMs ?? ((n: number) => 250 * n);
  return {
    async fetchList(request, signal) {
      for (let attempt = 1; ; attempt++) {
        try {
          const r = await client.get(request.path, { params: request.query, ...(signal ? { signal } : {}) });
          if (r.status >= 200 && r.status < 300) return r.data as unknown;
          // 408 is the server's timeout: retried like the client's own (REF-21); any other status is an answer.
          if (r.status !== 408 || attempt > retries) throw new ReferenceDataError(request.path, { status: r.status, codes: [], message: `HTTP ${r.status}`, timeout: r.status === 408 }, attempt);
        } catch (err) {
          if (err instanceof ReferenceDataError) throw err;
          if (isCancel(err) || signal?.aborted) throw err;
          const failure = failureOf(err);
          // No answer (a timeout or a network error): retried (REF-21).
          const retryable = failure.status === undefined || failure.timeout;
          if (!retryable || attempt > retries) throw new ReferenceDataError(request.path, failure, attempt);
        }
        await pause(delayOf(attempt), signal);
      }
    },
  };
}
