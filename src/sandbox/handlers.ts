/**
 * The sandbox: msw handlers that play the provider's services the flow reaches (doc 2 §7),
 * with realistic answers, for `npm start`, demos and tests (the same handlers run in the
 * browser worker and, in tests, in msw/node). Personas choose the answer:
 *
 *   enrollment   last name "Failure" → 500; "Member" → 200 with code 50015 (a member found);
 *                "Proofing" → 200 with code 50012; otherwise 201 (create) or 200 (update)
 *   sponsors     sponsor last name "Notfound" → 404; "Ineligible" → 200 with code 50016;
 *                "Mismatch" → 400 with code 51028; "Error" → 500; otherwise found and eligible
 *   addresses    street line containing "Mismatch" → 400 with code 17615 (ZIP mismatch);
 *                "Suggest" → 400 with code 19501 and a standardised address; "Boxed" → 400
 *                with 19501 and a P.O. Box as the standardised address (dropped for a physical
 *                address, ADDR-21); "Unmatched" → 400 with 19502 and no address; "Failure" → 500;
 *                otherwise 200 valid
 *   content      key starting "fail" → 500; otherwise 200 { data: fragment }
 *   logging      204
 *   reference    the 14 domain-values lists (reference-handlers.ts: Antarctica's provinces fail
 *                once; POST sandbox/reference-failures makes a list fail)
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { JsonValue } from '../rules/index';
import { createReferenceHandlers } from './reference-handlers';

export interface SandboxOptions {
  apiBaseUrl: string;
  contentBaseUrl: string;
  loggingUrl: string;
  /** The page origin that relative base URLs resolve against. */
  origin: string;
  /** The content fragment for a key (the sandbox serves the app's own copy in the service's shape). */
  fragment?: (key: string) => JsonValue | undefined;
  /** Simulated service latency; default 150 ms. */
  latencyMs?: number;
}

function resolve(base: string, origin: string, path: string): string {
  return new URL(path, new URL(base, origin)).href;
}

function hex(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += Math.floor(Math.random() * 16).toString(16);
  return out;
}

function lastNameOf(body: unknown, ...path: string[]): string {
  let node: unknown = body;
  for (const p of path) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[p] : undefined;
  return typeof node === 'string' ? node : '';
}

async function json(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

export function createSandboxHandlers(options: SandboxOptions): HttpHandler[] {
  const api = (path: string): string => resolve(options.apiBaseUrl, options.origin, path);
  const content = (path: string): string => resolve(options.contentBaseUrl, options.origin, path);
  const wait = (): Promise<void> => delay(options.latencyMs ?? 150);

  const enrollmentAnswer = (body: unknown, created: boolean): Response => {
    const last = lastNameOf(body, 'potentialCustomer', 'basicInfo', 'indivLastNm');
    if (last === 'Failure') return HttpResponse.json({ errors: [{ errorCode: '999999', message: 'Error submitting to service. Try again.' }] }, { status: 500 });
    const tokens = { jwtKey: `jwt-${hex(24)}`, memberFoundJwtKey: `mf-${hex(24)}` };
    if (last === 'Member') return HttpResponse.json({ data: { ...tokens, codes: ['50015'] } }, { status: 200 });
    if (last === 'Proofing') return HttpResponse.json({ data: { ...tokens, codes: ['50012'] } }, { status: 200 });
    if (created) return HttpResponse.json({ data: { customerId: `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`, ...tokens } }, { status: 201 });
    return HttpResponse.json({ data: tokens }, { status: 200 });
  };

  const sponsorAnswer = (body: unknown): Response => {
    const last = lastNameOf(body, 'sponsor', 'sponsorLastNm');
    const status = lastNameOf(body, 'status');
    if (last === 'Notfound') return HttpResponse.json({ message: 'sponsor not found' }, { status: 404 });
    if (last === 'Ineligible') return HttpResponse.json({ data: { codes: ['50016'] } }, { status: 200 });
    if (last === 'Mismatch') return HttpResponse.json({ data: { codes: ['51028'] } }, { status: 400 });
    if (last === 'Error') return HttpResponse.json({ message: 'internal error' }, { status: 500 });
    return HttpResponse.json({ data: { codes: [], sponsorCustId: `S${hex(9)}`, sponsorPartyIdTypeCd: status === 'create' ? 'NEW' : 'MBR' } }, { status: status === 'create' ? 201 : 200 });
  };

  /** A line as the postal standard writes it: capitals, usual suffix abbreviations, no punctuation. */
  const standardLine = (line: string): string =>
    line
      .toUpperCase()
      .replace(/[.,]/g, '')
      .replace(/\bSTREET\b/g, 'ST')
      .replace(/\bAVENUE\b/g, 'AVE')
      .replace(/\bROAD\b/g, 'RD')
      .replace(/\bDRIVE\b/g, 'DR')
      .replace(/\s+/g, ' ')
      .trim();

  const addressAnswer = (body: unknown): Response => {
    const line = lastNameOf(body, 'addrLineTxt');
    const claim = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const standardized = (addrLineTxt: string): Record<string, unknown> => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(claim)) out[k] = typeof v === 'string' && k !== 'addrTypeCd' && k !== 'countryCd' ? v.toUpperCase() : v;
      out.addrLineTxt = addrLineTxt;
      if (claim.addrTypeCd === 'D' || claim.addrTypeCd === 'O') out.zipSupplCd = '1234';
      return out;
    };
    if (line.includes('Failure')) return HttpResponse.json({ message: 'address service unavailable' }, { status: 500 });
    if (line.includes('Mismatch')) return HttpResponse.json({ data: { codes: ['17615'] } }, { status: 400 });
    if (line.includes('Unmatched')) return HttpResponse.json({ data: { codes: ['19502'] } }, { status: 400 });
    if (line.includes('Boxed')) return HttpResponse.json({ data: { codes: ['19501'], standardizedAddress: standardized('PO BOX 100') } }, { status: 400 });
    if (line.includes('Suggest')) return HttpResponse.json({ data: { codes: ['19501'], standardizedAddress: standardized(standardLine(line)) } }, { status: 400 });
    return HttpResponse.json({ data: { codes: [] } }, { status: 200 });
  };

  const fragmentAnswer = (key: string): Response => {
    if (key.startsWith('fail')) return HttpResponse.json({ message: 'content service unavailable' }, { status: 500 });
    const data = options.fragment?.(key);
    if (data === undefined) return HttpResponse.json({ message: `no object ${key}` }, { status: 404 });
    return HttpResponse.json({ data });
  };

  return [
    http.post(api('enrollment/customers'), async ({ request }) => {
      await wait();
      return enrollmentAnswer(await json(request), true);
    }),
    http.put(api('enrollment/customers/:customerId'), async ({ request }) => {
      await wait();
      return enrollmentAnswer(await json(request), false);
    }),
    http.get(api('enrollment/polling/:pollingId'), async () => {
      await wait();
      return HttpResponse.json({ data: {} }, { status: 200 });
    }),
    http.post(api('member-eligibility/sponsors'), async ({ request }) => {
      await wait();
      return sponsorAnswer(await json(request));
    }),
    http.put(api('member-eligibility/sponsors/:sponsorCustId'), async ({ request }) => {
      await wait();
      return sponsorAnswer(await json(request));
    }),
    http.post(api('validations/address'), async ({ request }) => {
      await wait();
      return addressAnswer(await json(request));
    }),
    http.get(content('public/objects/:key'), async ({ params }) => {
      await wait();
      return fragmentAnswer(String(params.key));
    }),
    http.get(content('objects/:key'), async ({ params }) => {
      await wait();
      return fragmentAnswer(String(params.key));
    }),
    http.post(content('public/objects/:key'), async ({ params }) => {
      await wait();
      return fragmentAnswer(String(params.key));
    }),
    http.post(new URL(options.loggingUrl, options.origin).href, () => new HttpResponse(null, { status: 204 })),
    ...createReferenceHandlers(api, wait).handlers,
  ];
}
