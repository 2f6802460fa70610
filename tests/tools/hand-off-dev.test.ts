/**
 * The dev server's side of issues 20 and 22 (tools/vite-plugin-hand-off-pages.ts), driven through
 * the plugin's own hooks with a project laid out in a temporary folder: the hand-off pages follow
 * public/config.json and flows/products as they are on each request, and the headers Vite adds.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plugin, ViteDevServer } from 'vite';
import { handOffPages } from '../../tools/vite-plugin-hand-off-pages';
import { HEADERS_WITHOUT_CSP, STRICT_CSP, withInlineHashes } from '../../tools/hosting';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

let root: string;
let middleware: Middleware;
let plugin: Plugin;

function writeConfig(config: object): void {
  writeFileSync(path.join(root, 'public/config.json'), JSON.stringify(config));
}

/** One request through the plugin's middleware: what it answered, or 'next' when it passed the request on. */
function call(url: string, method = 'GET'): { passed: boolean; status: number; headers: Record<string, string>; body: string } {
  const headers: Record<string, string> = {};
  let body = '';
  let passed = false;
  const res = {
    statusCode: 200,
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    end: (chunk?: string) => {
      body = chunk ?? '';
    },
  };
  middleware({ url, method } as IncomingMessage, res as unknown as ServerResponse, () => {
    passed = true;
  });
  return { passed, status: res.statusCode, headers, body };
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'muster-dev-'));
  mkdirSync(path.join(root, 'public'));
  mkdirSync(path.join(root, 'flows/products'), { recursive: true });
  writeConfig({ environment: 'development', sandbox: true, joinStartUrl: '/join/start/', destinations: { proofing: '/my/proofing/' } });
  writeFileSync(path.join(root, 'flows/products/card.json'), JSON.stringify({ id: 'card', destinationURL: '/cards/apply' }));
  plugin = handOffPages({ root });
  const uses: Middleware[] = [];
  const server = { middlewares: { use: (fn: Middleware) => uses.push(fn) } } as unknown as ViteDevServer;
  (plugin.configureServer as (s: ViteDevServer) => void)(server);
  middleware = uses[0] as Middleware;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the dev server (npm start)', () => {
  it('answers the pages config.json and the products name with the hand-off page and every hosting header', () => {
    const answer = call('/cards/apply?step=1&x=%3Cb%3E');
    expect(answer.passed).toBe(false);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<h1>Sandbox: you have left the sign-up</h1>');
    expect(answer.body).toContain('<tr><td>x</td><td>&#60;b&#62;</td></tr>');
    expect(answer.headers['content-security-policy']).toBe(withInlineHashes(STRICT_CSP, answer.body));
    for (const [name, value] of Object.entries(HEADERS_WITHOUT_CSP)) expect(answer.headers[name.toLowerCase()], name).toBe(value);
    expect(call('/join/start?productId=p').status).toBe(200);
    expect(call('/my/proofing/').passed).toBe(false);
  });

  it('passes on what is not a hand-off: the app, Vite, other pages, other methods', () => {
    for (const url of ['/join/get-started/', '/join/get-started/src/main.tsx', '/@vite/client', '/elsewhere/', '/']) expect(call(url).passed, url).toBe(true);
    expect(call('/cards/apply', 'POST').passed).toBe(true);
  });

  it('follows public/config.json and the products as they are now: off in production and with the sandbox off', () => {
    try {
      writeConfig({ environment: 'production', sandbox: true, joinStartUrl: '/join/start/' });
      expect(call('/cards/apply').passed).toBe(true);
      writeConfig({ environment: 'development', sandbox: false, joinStartUrl: '/join/start/' });
      expect(call('/join/start/').passed).toBe(true);
      writeConfig({ environment: 'development', sandbox: true, joinStartUrl: '/join/begin/' });
      expect(call('/join/begin/').passed).toBe(false);
      writeFileSync(path.join(root, 'flows/products/loan.json'), JSON.stringify({ id: 'loan', destinationURL: { path: '/loans/apply', query: { a: 'b' } } }));
      expect(call('/loans/apply?a=b').body).toContain('<li>product loan (destinationURL)</li>');
    } finally {
      writeConfig({ environment: 'development', sandbox: true, joinStartUrl: '/join/start/', destinations: { proofing: '/my/proofing/' } });
    }
  });

  it('adds the hosting headers that need no CSP to what Vite serves', () => {
    const config = (plugin.config as () => { server: { headers: Record<string, string> } })();
    expect(config.server.headers).toEqual(HEADERS_WITHOUT_CSP);
    expect(Object.keys(config.server.headers)).toEqual(['Referrer-Policy', 'X-Content-Type-Options', 'Permissions-Policy', 'Cross-Origin-Opener-Policy']);
  });
});
