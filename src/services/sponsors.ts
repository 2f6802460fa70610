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
import { createClient } from './http';
import { sponsorAnswerOf as answerOf, type SponsorAnswer } from '../engine/sponsor-outcomes';
import { POLICIES } from './endpoints';

export type { SponsorAnswer };

export interface SponsorService {
  search(envelope: object, signal?: AbortSignal): Promise<SponsorAnswer>;
  create(envelope: object, signal?: AbortSignal): Promise<SponsorAnswer>;
  update(sponsorCustId: string, body: object, signal?: AbortSignal): Promise<SponsorAnswer>;
  /** SPON-31/SPON-32: the prospect's sponsor, with the prospect's headers (customerId, jwtkey). */
  updateInFlow(customerId: string, body: object, jwtKey: string | undefined, signal?: AbortSignal): Promise<SponsorAnswer>;
}

export function createSponsorService(apiBaseUrl: string, client: AxiosInstance = createClient(apiBaseUrl, POLICIES.sponsors)): SponsorService {
  return {
    async search(envelope, signal) {
      const r = await client.post('member-eligibility/sponsors', envelope, { signal });
      return answerOf(r.status, r.data, true);
    },
    async create(envelope, signal) {
      const r = await client.post('member-eligibility/sponsors', envelope, { signal });
      return answerOf(r.status, r.data, true);
    },
    async update(sponsorCustId, body, signal) {
      const r = await client.put(`member-eligibility/sponsors/${encodeURIComponent(sponsorCustId)}`, body, { signal });
      return answerOf(r.status, r.data);
    },
    async updateInFlow(customerId, body, jwtKey, signal) {
      const r = await client.put(`enrollment/customers/${encodeURIComponent(customerId)}/sponsor`, body, { signal, headers: { customerId, ...(jwtKey ? { jwtkey: jwtKey } : {}) } });
      return answerOf(r.status, r.data);
    },
  };
}
