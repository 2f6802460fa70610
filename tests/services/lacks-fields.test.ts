/**
 * Issue 13 ("Malformed answers from services go to the error route, never to an ordinary
 * outcome"): a 2xx JSON object with none of the fields a call reads (no `data` envelope, no codes,
 * no errors, nothing the call reads at the top) is MalformedAnswerError ('no data'), for every
 * call; before, an address answered so was valid, and an update, a poll or a sponsor update was
 * done. The fault suite (tests/e2e/faults.e2e.test.ts) found these; this pins them per call.
 */
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEnrollmentService } from '../../src/services/enrollment';
import { createSponsorService } from '../../src/services/sponsors';
import { createAddressService } from '../../src/services/addresses';
import { lacksFields, MalformedAnswerError } from '../../src/services/http';

const API = 'http://muster.test/api/';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const lacking = () => HttpResponse.json({ unexpected: true }, { status: 200 });

async function malformed(call: () => Promise<unknown>): Promise<string> {
  const err = await call().then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(MalformedAnswerError);
  return (err as MalformedAnswerError).why;
}

describe('a 2xx lacking every field read is malformed', () => {
  it('address validation (was: valid)', async () => {
    server.use(http.post(`${API}validations/address`, lacking));
    await expect(malformed(() => createAddressService(API).validate({}, {}))).resolves.toBe('no data');
  });

  it('an enrollment update (was: done)', async () => {
    server.use(http.put(`${API}enrollment/customers/c-1`, lacking));
    await expect(malformed(() => createEnrollmentService(API).update('c-1', { status: 'update' }, 'jwt'))).resolves.toBe('no data');
  });

  it("a complete's poll (was: done)", async () => {
    server.use(
      http.put(`${API}enrollment/customers/c-1`, () => HttpResponse.json({ pollingId: 'p-1' }, { status: 202 })),
      http.get(`${API}enrollment/polling/p-1`, lacking),
    );
    await expect(malformed(() => createEnrollmentService(API, { sleep: async () => {} }).update('c-1', { status: 'complete' }, 'jwt'))).resolves.toBe('no data');
  });

  it('a sponsor update (was: updated)', async () => {
    server.use(http.put(`${API}member-eligibility/sponsors/S1`, lacking));
    await expect(malformed(() => createSponsorService(API).update('S1', {}))).resolves.toBe('no data');
  });

  it('the envelope, codes, errors or a field read at the top are enough', () => {
    expect(lacksFields({ data: {} })).toBeUndefined();
    expect(lacksFields({ codes: [] })).toBeUndefined();
    expect(lacksFields({ errors: [] })).toBeUndefined();
    expect(lacksFields({ customerId: 'c' }, ['customerId'])).toBeUndefined();
    expect(lacksFields({ unexpected: true }, ['customerId'])).toBe('no data');
    expect(lacksFields({ data: null })).toBe('no data');
  });
});
