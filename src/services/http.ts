/**
 * HTTP clients for the provider's services (doc 2 §7), with the timeouts of CONST-01, and the
 * one shape every failure is reduced to. Loaded lazily: the first question screen needs none
 * of this.
 */
import axios, { isAxiosError, type AxiosInstance } from 'axios';
import { absoluteBase } from './endpoints';
import { codesOf } from '../engine/lifecycle';

export function createClient(baseURL: string, timeout: number): AxiosInstance {
  return axios.create({
    baseURL: absoluteBase(baseURL),
    timeout,
    headers: { Accept: 'application/json' },
    // Every status is an answer the caller judges (201, 200 with codes, 404 for a sponsor...).
    validateStatus: () => true,
  });
}

export interface ServiceFailure {
  /** The HTTP status, when the service answered. */
  status?: number;
  codes: string[];
  message: string;
  /** A timeout (ECONNABORTED, or status 408). */
  timeout: boolean;
}

/** Error codes of an answer body: `codes`, `data.codes`, or `errors[].errorCode` (src/engine/lifecycle.ts, shared with simulate). */
export { codesOf };

/** A thrown request error (no answer) as a ServiceFailure. */
export function failureOf(err: unknown): ServiceFailure {
  if (isAxiosError(err)) {
    const status = err.response?.status;
    return {
      ...(status !== undefined ? { status } : {}),
      codes: codesOf(err.response?.data),
      message: err.code ?? err.message,
      timeout: err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT' || status === 408,
    };
  }
  return { codes: [], message: err instanceof Error ? err.message : String(err), timeout: false };
}

/** `STATUS_<n>` or `NO_RESPONSE`, then each code, pipe-joined (doc 1 §8). */
export function encodeFailure(prefix: string, failure: Pick<ServiceFailure, 'status' | 'codes'>): string {
  return [prefix, failure.status !== undefined ? `STATUS_${failure.status}` : 'NO_RESPONSE', ...failure.codes].join('|');
}
