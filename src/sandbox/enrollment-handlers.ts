/**
 * The sandbox's enrollment service (doc 2 §4, §7): a stateful provider. It keeps the customers
 * it created, the lifecycle statuses each was sent, in order, and its current token; a PUT must
 * carry the customer's latest token in `jwtkey` (the default header, SUB-29) or is refused (401).
 * A `complete` answers 202 and its polling answers 202 once, then 200 (SUB-26, SUB-27).
 *
 * Personas, by the applicant's last name (potentialCustomer.basicInfo.indivLastNm):
 *
 *   Failure    every call: 500 with code 999999 'Error submitting to service. Try again.' (ERR-42)
 *
 * These four answer the first send that carries the applicant's SSN (create or update: the
 * provider can only match a person once it has the number; in join-now, the module update at
 * the end of the SSN step), as the service would; every send before it is answered as usual:
 *   Flaky      500 with 999999 once per applicant (first name and birth date); the next one
 *              succeeds (Try again on the 999999 page sends it again, ERR-42)
 *   Blocked    200 with code 50017 (an error, SUB-18)
 *   Fraud      200 with code 70000, bot detected (a code no rule names: an error, ERR-43)
 *   Pilot      200 with code 50006 and a member number, registration token and product URL
 *              (the pilot outcome, SUB-20)
 *
 *   Member     complete: 200 with code 50015 (member found: continue, SUB-23)
 *   Proofing   complete: 200 with code 50012 (member found: the proofing page, SUB-23)
 *   Mixed      complete: 200 with codes 50015 and 50003 (member-found-error, SUB-23)
 *   Slow       complete: 202, and the polling never ends (40011 after 15 s, SUB-27)
 *   otherwise  create 201 with customerId, jwtKey, memberFoundJwtKey; update, redirect, detour,
 *              abandon 200 with new tokens; complete 202, then 200 on the second poll
 *
 * GET <apiBaseUrl>sandbox/enrollment lists the customers with their statuses (for tests and
 * authors); POST to it with {} forgets them.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { json, read } from './requests';

export interface SandboxCustomer {
  customerId: string;
  statuses: string[];
  jwtKey: string;
  memberFoundJwtKey: string;
  persona: string;
  /** A complete is being polled. */
  polling?: boolean;
  /** Polls left before the polling answers 200; -1 for never. */
  pollsLeft?: number;
}

function hex(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += Math.floor(Math.random() * 16).toString(16);
  return out;
}

const FAILURE = { errors: [{ errorCode: '999999', message: 'Error submitting to service. Try again.' }] };

/** The personas by code: the customers the sandbox keeps across a page reload carry a code, never the name typed. */
const PERSONAS = ['', 'Failure', 'Flaky', 'Blocked', 'Fraud', 'Pilot', 'Member', 'Proofing', 'Mixed', 'Slow'];
const KEPT = 'muster-sandbox-enrollment';

/**
 * In the browser the sandbox runs in the page, so a reload would forget its customers and answer
 * the prospect's next update with 404: it keeps them in the tab's session storage (ids, statuses,
 * tokens and a persona code; nothing the applicant typed). Elsewhere (Node) nothing is kept.
 */
function keptCustomers(): Map<string, SandboxCustomer> {
  const out = new Map<string, SandboxCustomer>();
  try {
    const raw = (globalThis as { sessionStorage?: Storage }).sessionStorage?.getItem(KEPT);
    for (const c of raw ? (JSON.parse(raw) as (Omit<SandboxCustomer, 'persona'> & { persona: number })[]) : []) out.set(c.customerId, { ...c, persona: PERSONAS[c.persona] ?? '' });
  } catch {
    // a sandbox without storage starts empty
  }
  return out;
}

function keep(customers: Map<string, SandboxCustomer>): void {
  try {
    const list = [...customers.values()].map((c) => ({ ...c, persona: Math.max(0, PERSONAS.indexOf(c.persona)) }));
    (globalThis as { sessionStorage?: Storage }).sessionStorage?.setItem(KEPT, JSON.stringify(list));
  } catch {
    // storage full or absent: the sandbox forgets on reload
  }
}

export function createEnrollmentHandlers(api: (path: string) => string, wait: () => Promise<void>): { handlers: HttpHandler[]; customers: Map<string, SandboxCustomer> } {
  const customers = keptCustomers();
  const tokens = (c: SandboxCustomer): { jwtKey: string; memberFoundJwtKey: string } => {
    c.jwtKey = `jwt-${hex(24)}`;
    c.memberFoundJwtKey = `mf-${hex(24)}`;
    return { jwtKey: c.jwtKey, memberFoundJwtKey: c.memberFoundJwtKey };
  };
  const personaOf = (body: unknown): string => read(body, 'potentialCustomer', 'basicInfo', 'indivLastNm');
  /** Flaky applicants whose first create failed (first name and birth date: never logged). */
  const flakyFailed = new Set<string>();

  /** Customers by the Idempotency-Key of the create that made them (issue 22). */
  const byKey = new Map<string, SandboxCustomer>();
  /** The answer of a persona that answers the first send carrying the SSN (above), if this is it. */
  const matched = (body: unknown): Response | undefined => {
    if (read(body, 'potentialCustomer', 'taxIdentification', 'socialSecurityNr') === '') return undefined;
    const persona = personaOf(body);
    if (persona === 'Flaky') {
      const who = `${read(body, 'potentialCustomer', 'basicInfo', 'indivFirstNm')}|${read(body, 'potentialCustomer', 'basicInfo', 'birthDt')}`;
      if (flakyFailed.has(who)) return undefined;
      flakyFailed.add(who);
      return HttpResponse.json(FAILURE, { status: 500 });
    }
    if (persona === 'Blocked') return HttpResponse.json({ data: { codes: ['50017'] } }, { status: 200 });
    if (persona === 'Fraud') return HttpResponse.json({ data: { codes: ['70000'] } }, { status: 200 });
    if (persona === 'Pilot') return HttpResponse.json({ data: { codes: ['50006'], memberNumber: '123456789', registrationToken: `reg-${hex(16)}`, productUrl: '/my/member-home' } }, { status: 200 });
    return undefined;
  };
  const create = (body: unknown, key: string | null): Response => {
    const persona = personaOf(body);
    if (persona === 'Failure') return HttpResponse.json(FAILURE, { status: 500 });
    const special = matched(body);
    if (special) return special;
    // Issue 22: a create sent again with the same Idempotency-Key (its answer was lost) is the customer it created, not a second one.
    const again = key ? byKey.get(key) : undefined;
    if (again) return HttpResponse.json({ data: { customerId: again.customerId, ...tokens(again) } }, { status: 201 });
    const c: SandboxCustomer = { customerId: `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`, statuses: [read(body, 'status') || 'create'], jwtKey: '', memberFoundJwtKey: '', persona };
    customers.set(c.customerId, c);
    if (key) byKey.set(key, c);
    return HttpResponse.json({ data: { customerId: c.customerId, ...tokens(c) } }, { status: 201 });
  };

  const completeAnswer = (c: SandboxCustomer): { status: number; body: Record<string, unknown> } => {
    const t = tokens(c);
    switch (c.persona) {
      case 'Member':
        return { status: 200, body: { data: { ...t, codes: ['50015'] } } };
      case 'Proofing':
        return { status: 200, body: { data: { ...t, codes: ['50012'] } } };
      case 'Mixed':
        return { status: 200, body: { data: { ...t, codes: ['50015', '50003'] } } };
      default:
        return { status: 200, body: { data: { ...t, codes: [] } } };
    }
  };

  const update = (customerId: string, body: unknown, jwtkey: string | null): Response => {
    const c = customers.get(customerId);
    if (!c) return HttpResponse.json({ errors: [{ errorCode: '404', message: `no customer ${customerId}` }] }, { status: 404 });
    if (personaOf(body) === 'Failure' || c.persona === 'Failure') return HttpResponse.json(FAILURE, { status: 500 });
    if (jwtkey !== c.jwtKey) return HttpResponse.json({ errors: [{ errorCode: '401', message: "jwtkey is not the customer's current token" }] }, { status: 401 });
    const status = read(body, 'status');
    const special = status === 'update' || status === 'complete' ? matched(body) : undefined;
    if (special) return special;
    c.statuses.push(status);
    if (status === 'complete') {
      c.polling = true;
      c.pollsLeft = c.persona === 'Slow' ? -1 : 1;
      return HttpResponse.json({ pollingId: `poll-${c.customerId}` }, { status: 202 });
    }
    return HttpResponse.json({ data: { ...tokens(c), codes: [] } }, { status: 200 });
  };

  const poll = (pollingId: string, guid: string | null, jwtkey: string | null): Response => {
    const c = guid ? customers.get(guid) : undefined;
    if (!c || pollingId !== `poll-${c.customerId}` || !c.polling) return HttpResponse.json({ errors: [{ errorCode: '404', message: 'no such polling' }] }, { status: 404 });
    if (jwtkey !== c.jwtKey) return HttpResponse.json({ errors: [{ errorCode: '401', message: "jwtkey is not the customer's current token" }] }, { status: 401 });
    if (c.pollsLeft === -1) return HttpResponse.json({ data: {} }, { status: 202 });
    if ((c.pollsLeft ?? 0) > 0) {
      c.pollsLeft = (c.pollsLeft ?? 0) - 1;
      return HttpResponse.json({ data: {} }, { status: 202 });
    }
    c.polling = false;
    const done = completeAnswer(c);
    return HttpResponse.json(done.body, { status: done.status });
  };

  const handlers: HttpHandler[] = [
    http.post(api('enrollment/customers'), async ({ request }) => {
      await wait();
      const answer = create(await json(request), request.headers.get('idempotency-key'));
      keep(customers);
      return answer;
    }),
    http.put(api('enrollment/customers/:customerId'), async ({ request, params }) => {
      await wait();
      const answer = update(String(params.customerId), await json(request), request.headers.get('jwtkey'));
      keep(customers);
      return answer;
    }),
    http.get(api('enrollment/polling/:pollingId'), async ({ request, params }) => {
      await wait();
      const answer = poll(String(params.pollingId), request.headers.get('guid'), request.headers.get('jwtkey'));
      keep(customers);
      return answer;
    }),
    http.get(api('sandbox/enrollment'), () => HttpResponse.json({ customers: [...customers.values()].map((c) => ({ customerId: c.customerId, persona: c.persona, statuses: c.statuses })) })),
    http.post(api('sandbox/enrollment'), () => {
      customers.clear();
        keep(customers);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, customers };
}
