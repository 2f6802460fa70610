/**
 * The provider's services played in Node, behind Playwright's route interception (issue 13's
 * fault suite): the page runs with the sandbox off (config.json `"sandbox": false`, as in
 * production), so every request it makes (config, pack, chunks, content, reference data,
 * enrollment, sponsors, addresses, logging) reaches the network, where `context.route` sees it.
 * The answers come from the sandbox's own msw handlers (src/sandbox/handlers.ts, the personas of
 * README), resolved in Node with msw's `getResponse`; the app's own files come from the server.
 * A `fault` hook can answer any request otherwise: hang, HTTP 500, network error, a wrong body.
 */
import type { BrowserContext, Request as PwRequest, Route } from 'playwright-core';
import { getResponse } from 'msw';
import { createSandboxHandlers } from '../../src/sandbox/handlers';
import { fragmentFromContent } from '../../src/sandbox/fragments';
import { createContent, contentSource } from '../../src/ui/content';
import type { DocumentSet } from '../../src/engine/loader';

export type Fault = 'hang' | 'http500' | 'network' | 'malformed';
export const FAULTS: readonly Fault[] = ['hang', 'http500', 'network', 'malformed'];

/** What a request is: the page's own files by name (a chunk by its name without the hash), a service call by method and path. */
export function requestKey(request: Pick<PwRequest, 'url' | 'method'>): string {
  const url = new URL(request.url());
  const p = url.pathname.replace(/^\/join\/get-started\//, '');
  const chunk = /^assets\/(.+)-[A-Za-z0-9_-]{8}\.js$/.exec(p);
  if (chunk) return `chunk ${chunk[1] as string}`;
  if (p === 'config.json' || p.startsWith('packs/')) return p;
  const api = /^api\/(.*)$/.exec(p);
  if (api) {
    const path = (api[1] as string)
      .replace(/^(enrollment\/customers)\/[^/]+/, '$1/{id}')
      .replace(/^(enrollment\/polling)\/[^/]+/, '$1/{id}')
      .replace(/^(member-eligibility\/sponsors)\/[^/]+/, '$1/{id}')
      .replace(/^(domain-values\/.*?)\/(countries\/)[A-Z]+\//, '$1/$2{country}/');
    return `${request.method()} api/${path}`;
  }
  const content = /^content\/(.*\/)?objects\/.+$/.exec(p);
  if (content) return `${request.method()} content/${content[1] ?? ''}objects/{key}`;
  return `${request.method()} ${p === '' || !p.includes('.') ? '(page)' : p}`;
}

export interface Provider {
  /** Every request the page made, by key, in order of first sight. */
  seen: string[];
  /** Requests under a fault that were answered so (or left hanging). */
  faulted: string[];
  /** When the first faulted request was made (Date.now()). */
  firstFaultAt?: number;
}

/**
 * Plays the provider for a browser context. `fault(key)` chooses a fault for a request (or
 * undefined: the ordinary answer). The handlers keep their state (customers, sponsors) per context.
 */
export async function playProvider(
  context: BrowserContext,
  options: {
    origin: string;
    docs: DocumentSet;
    fault?: (key: string, request: PwRequest) => Fault | undefined;
    /** Answers a request itself (the differential suite's scripted answers); undefined: the sandbox's handlers answer. */
    answer?: (key: string, request: PwRequest) => { status: number; body?: unknown } | undefined;
  },
): Promise<Provider> {
  const content = createContent(contentSource(options.docs.content, options.docs.demoContent, false));
  const base = `${options.origin}/join/get-started/`;
  const handlers = createSandboxHandlers({
    apiBaseUrl: `${base}api/`,
    contentBaseUrl: `${base}content/`,
    loggingUrl: `${base}api/logging/messages`,
    origin: options.origin,
    fragment: (key) => fragmentFromContent(content, key),
    latencyMs: 20,
  });
  const provider: Provider = { seen: [], faulted: [] };
  await context.route(
    (url) => url.origin === options.origin,
    async (route: Route) => {
      const request = route.request();
      const key = requestKey(request);
      if (!provider.seen.includes(key)) provider.seen.push(key);
      const fault = options.fault?.(key, request);
      if (fault) {
        provider.faulted.push(`${key} ${fault}`);
        provider.firstFaultAt ??= Date.now();
        return answerFault(route, key, fault);
      }
      const scripted = options.answer?.(key, request);
      if (scripted) return route.fulfill({ status: scripted.status, contentType: 'application/json', body: scripted.body === undefined ? '' : JSON.stringify(scripted.body) });
      if (key.includes(' api/') || key.includes(' content/')) {
        const body = request.postDataBuffer();
        const answer = await getResponse(handlers, new Request(request.url(), { method: request.method(), headers: without(request.headers(), ['host', 'content-length', 'connection']), ...(body ? { body: new Uint8Array(body) } : {}) }));
        if (!answer) return route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"no such service"}' });
        if (answer.type === 'error') return route.abort('failed');
        return route.fulfill({ status: answer.status, headers: Object.fromEntries(answer.headers), body: Buffer.from(await answer.arrayBuffer()) });
      }
      return route.continue();
    },
  );
  return provider;
}

function without(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([n]) => !names.includes(n)));
}

/**
 * The four faults. `malformed` is the wrong body for what the request expects: a chunk served as
 * text/plain (a module script's MIME type is checked strictly), config.json and the pack as a
 * JSON object without their fields, a service call as a 200 JSON object lacking every field read.
 */
async function answerFault(route: Route, key: string, fault: Fault): Promise<void> {
  switch (fault) {
    case 'hang':
      return; // never answered: the page's own timeout must act
    case 'network':
      return route.abort('failed');
    case 'http500':
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"fault suite: internal error"}' });
    case 'malformed':
      if (key.startsWith('chunk ')) return route.fulfill({ status: 200, contentType: 'text/plain', body: 'export default 1;' });
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"unexpected":true}' });
  }
}
