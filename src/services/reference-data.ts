/**
 * The reference-data service (doc 2 §7, REF-01..REF-22): GET a domain-values list under the
 * API base through the shared client (src/services/http.ts) with the reference policy
 * (POLICIES.reference: the generic timeout of CONST-01, up to 2 retries on a timeout or a
 * network error, REF-21). An answer with an error status is not retried (the field offers its
 * own Retry, docs/decisions.md "Reference data (issue 9)"), nor is a cancelled request
 * (AbortSignal: the field left the page, or its cascade parent changed). A 2xx whose body is not
 * a list is a failure (MALFORMED_BODY), never an empty field.
 */
import { isCancel, type AxiosInstance } from 'axios';
import type { OptionsRequest } from '../engine/option-sources';
import { attemptsOf, createClient, failureOf, MALFORMED, TIMEOUT_STATUS, type ServiceFailure } from './http';
import { POLICIES } from './endpoints';

/** REF-21 / CONST-01: reference retries. */
export const REFERENCE_RETRIES = POLICIES.reference.retries;

/** A list that could not be fetched: what the field shows and what FIELD_LOAD_ERROR records. */
export class ReferenceDataError extends Error {
  readonly failure: ServiceFailure;
  /** The attempts made (1 + retries). */
  readonly attempts: number;
  /** FIELD_LOAD_ERROR's reason: TIMEOUT, NO_RESPONSE, STATUS_<n> or MALFORMED_BODY. */
  readonly code: string;
  constructor(path: string, failure: ServiceFailure, attempts: number, malformed?: string) {
    super(`reference list ${path}: ${malformed !== undefined ? `${MALFORMED} (${malformed})` : failure.timeout ? 'timeout' : failure.status !== undefined ? `HTTP ${failure.status}` : failure.message}`);
    this.name = 'ReferenceDataError';
    this.failure = failure;
    this.attempts = attempts;
    this.code = malformed !== undefined ? MALFORMED : failure.timeout ? 'TIMEOUT' : failure.status !== undefined ? `STATUS_${failure.status}` : 'NO_RESPONSE';
  }
}

export interface ReferenceDataService {
  /** The answer's list (REF-01; src/engine/option-sources.ts reads its items). Rejects with ReferenceDataError, or the cancellation. */
  fetchList(request: Pick<OptionsRequest, 'path' | 'query'>, signal?: AbortSignal): Promise<unknown[]>;
}

export interface ReferenceDataOptions {
  /** A client of its own (its own policy); default the shared client with the reference policy. */
  client?: AxiosInstance;
  retries?: number;
  /** Pause before retry n (1-based); default 250 ms × n. */
  retryDelayMs?: (retry: number) => number;
  /** The client's timeout; default CONST-01's generic 10000 ms. */
  timeoutMs?: number;
}

export function createReferenceDataService(apiBaseUrl: string, options: ReferenceDataOptions = {}): ReferenceDataService {
  const client =
    options.client ??
    createClient(apiBaseUrl, {
      ...POLICIES.reference,
      ...(options.retries !== undefined ? { retries: options.retries } : {}),
      ...(options.retryDelayMs ? { delayMs: options.retryDelayMs } : {}),
      ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
    });
  return {
    async fetchList(request, signal) {
      let r;
      try {
        r = await client.get(request.path, { params: request.query, ...(signal ? { signal } : {}) });
      } catch (err) {
        if (isCancel(err) || signal?.aborted) throw err;
        throw new ReferenceDataError(request.path, failureOf(err), attemptsOf(err as { config?: { attempt?: number } }));
      }
      const attempts = attemptsOf(r);
      if (r.status < 200 || r.status >= 300) throw new ReferenceDataError(request.path, { status: r.status, codes: [], message: `HTTP ${r.status}`, timeout: r.status === TIMEOUT_STATUS }, attempts);
      const body: unknown = r.data;
      if (!Array.isArray(body)) throw new ReferenceDataError(request.path, { status: r.status, codes: [], message: MALFORMED, timeout: false }, attempts, typeof body === 'string' ? 'not JSON' : 'not a list');
      return body as unknown[];
    },
  };
}
