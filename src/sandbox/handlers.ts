/**
 * The sandbox: msw handlers that play the provider's services the flow reaches (doc 2 §7),
 * with realistic answers, for `npm start`, demos and tests (the same handlers run in the
 * browser worker and, in tests, in msw/node). Personas choose the answer:
 *
 *   enrollment   stateful (enrollment-handlers.ts): customers, their statuses and tokens, polling
 *                202 then 200; last name "Failure" → 500 with 999999; "Blocked" → 50017;
 *                "Fraud" → 70000; "Pilot" → the create answers 50006 with a member number; on
 *                complete "Member" → 50015, "Proofing" → 50012, "Mixed" → 50015 and 50003, "Slow" → polling never ends
 *   sponsors     by the sponsor's last name (sponsorPersona below; README's persona table): found
 *                and eligible, "Notfound" (404, then created), "Ineligible" (codes 50016, a
 *                spouse 50026), "Mismatch" (51028; an update answers another party type),
 *                "Codes" (400 with 50013), "Error" (500), "Refused" (403), "Offline" (no
 *                answer), "Malformed" (a 200 that is not JSON); "A-B-C" plays A on the search,
 *                B on the create, C on the update. Created and found sponsors are remembered by
 *                their sponsorCustId, so an update (which carries no name) plays its persona.
 *   addresses    street line containing "Mismatch" → 400 with code 17615 (ZIP mismatch);
 *                "Suggest" → 400 with code 19501 and a standardised address; "Boxed" → 400
 *                with 19501 and a P.O. Box as the standardised address (dropped for a physical
 *                address, ADDR-21); "Unmatched" → 400 with 19502 and no address; "Failure" → 500;
 *                otherwise 200 valid
 *   content      key starting "fail" → 500; otherwise 200 { data: fragment }; the content mapper
 *                with the eight disclaimers (content-mapper.ts; POST sandbox/content-mapper-failures
 *                fails the next requests)
 *   logging      204, the batch recorded: GET sandbox/telemetry shows the logs and the analytics
 *                events (telemetry-handlers.ts)
 *   reference    the 14 domain-values lists (reference-handlers.ts: Antarctica's provinces fail
 *                once; POST sandbox/reference-failures makes a list fail)
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { JsonValue } from '../rules/index';
import { createReferenceHandlers } from './reference-handlers';
import { createEnrollmentHandlers } from './enrollment-handlers';
import { createTelemetryHandlers } from './telemetry-handlers';
import { createContentMapperHandlers } from './content-mapper';
import { json, read } from './requests';

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

/**
 * The sponsor persona a call plays: the last name, or for a hyphenated one ("Notfound-Created-
 * Mismatch") its first part on the search, its second on the create, its third on the update.
 * "Notfound" on a create or update is a sponsor that is created or updated.
 */
export function sponsorPersona(lastName: string, call: 'search' | 'create' | 'update'): string {
  const parts = lastName.split('-');
  if (parts.length === 1) return lastName;
  return parts[call === 'search' ? 0 : call === 'create' ? 1 : 2] ?? '';
}

export function createSandboxHandlers(options: SandboxOptions): HttpHandler[] {
  const api = (path: string): string => resolve(options.apiBaseUrl, options.origin, path);
  const content = (path: string): string => resolve(options.contentBaseUrl, options.origin, path);
  const wait = (): Promise<void> => delay(options.latencyMs ?? 150);

  /** Sponsors found or created in this sandbox: sponsorCustId → the sponsor's last name (its persona). */
  const sponsorsByCustId = new Map<string, string>();
  const sponsorAnswer = (body: unknown, call: 'search' | 'create' | 'update', custId?: string): Response => {
    const sponsor = (typeof body === 'object' && body !== null ? (body as Record<string, unknown>).sponsor : undefined) as Record<string, unknown> | undefined;
    const last = call === 'update' ? (sponsorsByCustId.get(custId ?? '') ?? '') : read(body, 'sponsor', 'sponsorLastNm');
    const persona = sponsorPersona(last, call);
    const spouse = sponsor?.sponsorRelationshipType === 'S';
    const typeKey = Object.keys(sponsor ?? {}).find((k) => /^sponsor.+PartyIdTypeCd$/.test(k)) ?? 'sponsorPartyIdTypeCd';
    const sentType = typeof sponsor?.[typeKey] === 'string' ? (sponsor[typeKey] as string) : 'MBR';
    if (persona === 'Offline') return HttpResponse.error();
    if (persona === 'Malformed') return new HttpResponse('<html>maintenance</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    if (persona === 'Error') return HttpResponse.json({ message: 'internal error' }, { status: 500 });
    if (persona === 'Refused') return HttpResponse.json({ errors: [{ errorCode: '50081', message: 'validation failure' }] }, { status: 403 });
    if (persona === 'Codes') return HttpResponse.json({ data: { codes: ['50013'] } }, { status: 400 });
    if (persona === 'Notfound' && call === 'search') return HttpResponse.json({ message: 'sponsor not found' }, { status: 404 });
    if (persona === 'Ineligible') return HttpResponse.json({ data: { codes: [spouse ? '50026' : '50016'] } }, { status: 200 });
    if (persona === 'Mismatch' && call !== 'update') return HttpResponse.json({ data: { codes: ['51028'] } }, { status: 400 });
    const id = custId ?? `S${hex(9)}`;
    sponsorsByCustId.set(id, last);
    // An update of a "Mismatch" sponsor answers another party type than the one sent (SPON-06).
    const type = persona === 'Mismatch' ? (sentType === 'MBR' ? 'NMB' : 'MBR') : sentType;
    // ROUTE-17: "Military" and "Civilian" sponsors say whether they serve or served (sponsorMilitaryInd); others do not say.
    const military = persona === 'Military' ? { sponsorMilitaryInd: 'Y' } : persona === 'Civilian' ? { sponsorMilitaryInd: 'N' } : {};
    return HttpResponse.json({ data: { codes: [], sponsorCustId: id, [typeKey]: type, ...(call === 'search' ? military : {}) } }, { status: call === 'create' ? 201 : 200 });
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
    const line = read(body, 'addrLineTxt');
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
    ...createEnrollmentHandlers(api, wait).handlers,
    ...createContentMapperHandlers(api, wait),
    http.post(api('member-eligibility/sponsors'), async ({ request }) => {
      await wait();
      const body = await json(request);
      return sponsorAnswer(body, read(body, 'status') === 'create' ? 'create' : 'search');
    }),
    http.put(api('member-eligibility/sponsors/:sponsorCustId'), async ({ request, params }) => {
      await wait();
      return sponsorAnswer(await json(request), 'update', String(params.sponsorCustId));
    }),
    // SPON-31: the prospect's sponsor, in the flow.
    http.put(api('enrollment/customers/:customerId/sponsor'), async () => {
      await wait();
      return HttpResponse.json({ data: { codes: [] } }, { status: 200 });
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
    ...createTelemetryHandlers(new URL(options.loggingUrl, options.origin).href, api).handlers,
    ...createReferenceHandlers(api, wait).handlers,
  ];
}
