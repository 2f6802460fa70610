/**
 * The content mapper (CONT-01..CONT-07): the call through the one HTTP client against the
 * sandbox (msw/node), the eight disclaimer texts it serves, lists joined by a paragraph break
 * (CONT-06), up to 3 attempts, and on failure the error `disclaimers` with the flow going on
 * (the local copy stays).
 */
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxHandlers } from '../../src/sandbox/handlers';
import { SANDBOX_DISCLAIMERS } from '../../src/sandbox/content-mapper';
import { CONTENT_MAPPER_PATH, CONTENT_MAPPER_QUERY, fetchContentMapper } from '../../src/services/content-mapper';
import { mapperTexts } from '../../src/engine/content-mapper';
import { loadDisclaimers } from '../../src/app/disclaimers';
import { orderedDisclosures } from '../../src/ui/template/disclosures';
import { createContent } from '../../src/ui/content';
import { resolveProduct } from '../../src/engine/flow';
import type { ProductFlow } from '../../src/engine/formats.generated';
import type { RuntimeConfig } from '../../src/app/config';
import { loadProject } from '../../tools/lib/project';
import { ORIGIN } from './helpers';

const API = `${ORIGIN}/api/`;
const server = setupServer(...createSandboxHandlers({ apiBaseUrl: '/api/', contentBaseUrl: '/content/', loggingUrl: '/log', origin: ORIGIN, latencyMs: 0 }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const EIGHT = ['creditCardApproval', 'contactlessSymbols', 'visaTrademark', 'amex', 'onlineCompanies', 'memberEligibilityLong', 'generalAgency', 'nonDepositInvestment'].map((n) => `disclosures.${n}`);

describe('mapperTexts (src/engine/content-mapper.ts)', () => {
  it('reads content fragments by section name, joins lists with a paragraph break, skips experience fragments and discards what is not text', () => {
    const { texts, skipped } = mapperTexts({
      data: {
        sections: [
          { name: 'disclosures.a', type: 'contentFragment', fields: { disclosures: ['One.', 'Two.'] } },
          { name: 'disclosures.b', type: 'contentFragment', fields: { text: 'Plain.' } },
          { name: 'xf', type: 'experienceFragment', path: '/content/xf' },
          { name: 'disclosures.c', type: 'contentFragment', fields: { disclosures: { html: '<b>x</b>' } } },
          'nonsense',
        ],
      },
    });
    expect([...texts]).toEqual([['disclosures.a', 'One.\n\nTwo.'], ['disclosures.b', 'Plain.']]);
    expect(skipped).toEqual(['disclosures.c', '#4']);
  });

  it('refuses an answer without sections', () => {
    expect(() => mapperTexts({ data: {} })).toThrow(/sections/);
    expect(() => mapperTexts('<html>')).toThrow(/sections/);
  });
});

describe('fetchContentMapper against the sandbox', () => {
  it('GETs the mapper with its path query and reads all eight disclaimers (CONT-01, CONT-05)', async () => {
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => void seen.push(request.url));
    const { texts } = await fetchContentMapper(API);
    server.events.removeAllListeners();
    expect(seen).toHaveLength(1);
    const url = new URL(seen[0] as string);
    expect(url.pathname).toBe(`/api/${CONTENT_MAPPER_PATH}`);
    expect(url.searchParams.get('path')).toBe(CONTENT_MAPPER_QUERY.path);
    expect([...texts.keys()].sort()).toEqual([...EIGHT].sort());
    expect(texts.get('disclosures.generalAgency')).toBe((SANDBOX_DISCLAIMERS['disclosures.generalAgency'] as string[]).join('\n\n'));
  });

  it('tries 3 times, then fails', async () => {
    let calls = 0;
    server.use(http.get(`${API}${CONTENT_MAPPER_PATH}`, () => {
      calls++;
      return HttpResponse.json({ message: 'down' }, { status: 503 });
    }));
    await expect(fetchContentMapper(API, { retryDelayMs: 1 })).rejects.toMatchObject({ name: 'ContentMapperError', attempts: 3 });
    expect(calls).toBe(3);
  });

  it('a failure that passes on the second attempt is not a failure', async () => {
    await fetch(`${API}sandbox/content-mapper-failures`, { method: 'POST', body: JSON.stringify({ times: 1 }) });
    const { texts } = await fetchContentMapper(API, { retryDelayMs: 1 });
    expect(texts.size).toBe(8);
  });
});

describe('the products show the mapper\'s texts, or their local copy after the error `disclaimers` (CONT-07)', () => {
  const project = loadProject();
  const content = createContent(new Map([...project.content].map(([k, e]) => [k, e.text] as const)));
  const app = (log = vi.fn()) => ({ config: { apiBaseUrl: API } as RuntimeConfig, servicesReady: async () => undefined, telemetry: { log, track: vi.fn() } as never, log });

  it('the mapper\'s texts replace the local copy of the keys it names', async () => {
    const a = app();
    const texts = await loadDisclaimers(a);
    const card = orderedDisclosures(resolveProduct(project, '37') as ProductFlow, content, false, undefined, texts);
    const approval = card.find((i) => i.key === 'disclosures.creditCardApproval');
    expect(approval?.html).toBe(`<p>${SANDBOX_DISCLAIMERS['disclosures.creditCardApproval'] as string}</p>`);
    const long = card.find((i) => i.key === 'disclosures.memberEligibilityLong');
    expect(long?.html.match(/<p>/g)).toHaveLength(2);
    expect(a.log).not.toHaveBeenCalled();
  });

  it('on failure: logged with the error `disclaimers`, undefined texts, the local copy shown', async () => {
    await fetch(`${API}sandbox/content-mapper-failures`, { method: 'POST', body: JSON.stringify({ times: 3 }) });
    const a = app();
    const texts = await loadDisclaimers(a);
    expect(texts).toBeUndefined();
    expect(a.log).toHaveBeenCalledWith('error', 'CONTENT_MAPPER_ERROR', expect.objectContaining({ error: 'disclaimers', status: 503 }));
    const items = orderedDisclosures(resolveProduct(project, 'bank-cd') as ProductFlow, content, false, undefined, texts);
    expect(items.find((i) => i.key === 'disclosures.nonDepositInvestment')?.html).toContain(String(project.content.get('disclosures.nonDepositInvestment')?.text));
  });
});
