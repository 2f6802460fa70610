/**
 * The content mapper call (CONT-01, CONT-03, CONT-04, CONT-10; doc 1 §7, doc 2 §7):
 * `GET v1/enterprise/cms/public/content-services/content-mapper/mappings?path=…` under
 * config.json `apiBaseUrl` (the local sandbox in development, the provider's API host
 * otherwise), through the one HTTP client (src/services/http.ts) with the content policy (a
 * timeout retried once, CONT-09), up to 3 attempts in all (CONT-10's screen-level attempts).
 * The answer is read by src/engine/content-mapper.ts.
 */
import { createClient, failureOf, type ServiceFailure } from './http';
import { POLICIES } from './endpoints';
import { mapperTexts, type MapperTexts } from '../engine/content-mapper';

export const CONTENT_MAPPER_PATH = 'v1/enterprise/cms/public/content-services/content-mapper/mappings';
export const CONTENT_MAPPER_QUERY = { path: '/content/applications/enterprise/map-ent-eligibility-modular.contentmapper.json' } as const;
/** CONT-10 (adopted reading): up to 3 attempts. */
export const CONTENT_MAPPER_ATTEMPTS = 3;

export class ContentMapperError extends Error {
  readonly failure: ServiceFailure;
  readonly attempts: number;
  constructor(failure: ServiceFailure, attempts: number) {
    super(`content mapper: ${failure.timeout ? 'timeout' : failure.status !== undefined ? `HTTP ${failure.status}` : failure.message}`);
    this.name = 'ContentMapperError';
    this.failure = failure;
    this.attempts = attempts;
  }
}

export async function fetchContentMapper(apiBaseUrl: string, options: { retryDelayMs?: number } = {}): Promise<MapperTexts> {
  const client = createClient(apiBaseUrl, POLICIES.content);
  let last: ServiceFailure = { codes: [], message: 'no attempt', timeout: false };
  for (let attempt = 1; attempt <= CONTENT_MAPPER_ATTEMPTS; attempt++) {
    if (attempt > 1) await new Promise((r) => setTimeout(r, (options.retryDelayMs ?? 500) * (attempt - 1)));
    try {
      const r = await client.get(CONTENT_MAPPER_PATH, { params: CONTENT_MAPPER_QUERY });
      if (r.status >= 200 && r.status < 300) {
        try {
          return mapperTexts(r.data);
        } catch (err) {
          last = { status: r.status, codes: ['MALFORMED_BODY'], message: (err as Error).message, timeout: false, malformed: (err as Error).message };
          continue;
        }
      }
      last = { status: r.status, codes: [], message: `HTTP ${r.status}`, timeout: false };
    } catch (err) {
      last = failureOf(err);
    }
  }
  throw new ContentMapperError(last, CONTENT_MAPPER_ATTEMPTS);
}
