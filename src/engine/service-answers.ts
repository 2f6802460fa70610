/**
 * How a service's answer body is read, shared by the browser's service calls (src/services) and
 * `npm run simulate` (which is given a status and a body), so the two read an answer alike:
 * the error codes of a body, and the rule that a 2xx whose body is not what the call reads is a
 * failure, never an ordinary outcome (issue 10, Failures). Pure: no network.
 */

/** The marker of a 2xx answer whose body is not what the call reads. */
export const MALFORMED = 'MALFORMED_BODY';

/** Error codes of an answer body: `codes`, `data.codes`, or `errors[].errorCode`. */
export function codesOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const b = body as { codes?: unknown; data?: { codes?: unknown }; errors?: unknown };
  const list = Array.isArray(b.codes) ? b.codes : Array.isArray(b.data?.codes) ? b.data.codes : Array.isArray(b.errors) ? b.errors.map((e) => (e as { errorCode?: unknown } | null)?.errorCode) : [];
  return list.filter((c): c is string | number => typeof c === 'string' || typeof c === 'number').map(String);
}

/**
 * A 2xx answer whose body is not what the call reads (not JSON, not an object, a create without
 * the id it returns). The services throw it; the commands report it with its status and the
 * codes `MALFORMED_BODY` and the reason, and the error route follows.
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

/** A malformed answer as a failure: its status, and the codes `MALFORMED_BODY` and why. */
export function malformedFailure(err: MalformedAnswerError): { status: number; codes: string[]; message: string } {
  return { status: err.status, codes: [MALFORMED, err.why], message: err.message };
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

/** Throws MalformedAnswerError for a 2xx (other than 204) whose body is not a JSON object, or lacks what `lacks` names. */
export function checkBody(status: number, body: unknown, lacks?: () => string | undefined): void {
  if (status < 200 || status >= 300 || status === 204) return;
  const why = malformedBody(body) ?? lacks?.();
  if (why !== undefined) throw new MalformedAnswerError(status, why);
}

/** The object an answer's fields are read from: `data` when the body has one, else the body. */
export function dataOf(body: unknown): Record<string, unknown> {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return (typeof b.data === 'object' && b.data !== null ? b.data : b) as Record<string, unknown>;
}

/** `STATUS_<n>` or `NO_RESPONSE`, then each code, pipe-joined (doc 1 §8). */
export function encodeFailure(prefix: string, failure: { status?: number | undefined; codes: string[] }): string {
  return [prefix, failure.status !== undefined ? `STATUS_${failure.status}` : 'NO_RESPONSE', ...failure.codes].join('|');
}
