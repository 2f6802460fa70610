/**
 * The sponsor service (doc 2 §7, SPON-*): search or create (POST member-eligibility/sponsors,
 * SPON-28), update (PUT member-eligibility/sponsors/{sponsorCustId}, SPON-30) and the in-flow
 * update of the prospect's sponsor (PUT enrollment/customers/{customerId}/sponsor, SPON-31).
 * The answer's data carries codes, sponsorCustId and the sponsor's party id type (SPON-22).
 * The shared client with the sponsor policy (POLICIES.sponsors: 10000 ms, CONST-01; never
 * retried: the POST is also the create). A 2xx whose body is not a JSON object, or a search's or
 * create's 2xx with neither a sponsorCustId nor codes, throws MalformedAnswerError (the commands'
 * error route, SPON-10/SPON-11).
 */
import type { AxiosInstance } from 'axios';
import { checkBody, codesOf, createClient, lacksFields } from './http';
import { POLICIES } from './endpoints';

export interface SponsorAnswer {
  status: number;
  codes: string[];
  sponsorCustId?: string;
  partyIdTypeCd?: string;
  message?: string;
}

function answerOf(status: number, body: unknown, needsCustId = false): SponsorAnswer {
  checkBody(status, body, () => lacksFields(body, ['sponsorCustId', 'message']));
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const data = (typeof b.data === 'object' && b.data !== null ? b.data : b) as Record<string, unknown>;
  const out: SponsorAnswer = { status, codes: codesOf(body) };
  if (typeof data.sponsorCustId === 'string' && data.sponsorCustId !== '') out.sponsorCustId = data.sponsorCustId;
  const typeKey = Object.keys(data).find((k) => /^sponsor.*PartyIdTypeCd$/.test(k));
  const type = typeKey ? data[typeKey] : undefined;
  if (typeof type === 'string') out.partyIdTypeCd = type;
  if (typeof b.message === 'string') out.message = b.message;
  if (needsCustId) checkBody(status, body, () => (out.sponsorCustId === undefined && out.codes.length === 0 ? 'no sponsorCustId' : undefined));
  return out;
}

export interface SponsorService {
  search(envelope: object): Promise<SponsorAnswer>;
  create(envelope: object): Promise<SponsorAnswer>;
  update(sponsorCustId: string, body: object): Promise<SponsorAnswer>;
  /** SPON-31/SPON-32: the prospect's sponsor, with the prospect's headers (customerId, jwtkey). */
  updateInFlow(customerId: string, body: object, jwtKey: string | undefined): Promise<SponsorAnswer>;
}

export function createSponsorService(apiBaseUrl: string, client: AxiosInstance = createClient(apiBaseUrl, POLICIES.sponsors)): SponsorService {
  return {
    async search(envelope) {
      const r = await client.post('member-eligibility/sponsors', envelope);
      return answerOf(r.status, r.data, true);
    },
    async create(envelope) {
      const r = await client.post('member-eligibility/sponsors', envelope);
      return answerOf(r.status, r.data, true);
    },
    async update(sponsorCustId, body) {
      const r = await client.put(`member-eligibility/sponsors/${encodeURIComponent(sponsorCustId)}`, body);
      return answerOf(r.status, r.data);
    },
    async updateInFlow(customerId, body, jwtKey) {
      const r = await client.put(`enrollment/customers/${encodeURIComponent(customerId)}/sponsor`, body, { headers: { customerId, ...(jwtKey ? { jwtkey: jwtKey } : {}) } });
      return answerOf(r.status, r.data);
    },
  };
}
