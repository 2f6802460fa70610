/**
 * Issue 4 "Blocking pages": a document that fails to load or check shows the trap, never a
 * blank screen, and the finding is logged with its file:line:col (production build, strict CSP).
 *
 * Two moments (src/app/load.ts): a document the first reading cannot read (malformed JSON)
 * ends on the trap before any screen; a document that reads but fails the full check (a broken
 * reference) ends on the trap once the applicant reaches the first panel, where that check runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser';
import { serveDist } from '../../tools/serve';
import { PROJECT_ROOT } from '../../tools/lib/project';
import { expectAccessible } from './driver';
import type { ProductPack } from '../../src/engine/pack';

const PRODUCTION = { environment: 'production', apiBaseUrl: '/join/get-started/api/', contentBaseUrl: '/join/get-started/content/', sandbox: true, brand: 'muster', demo: false, support: false, homeUrl: '/home/', joinStartUrl: '/join/start/' };
const dist = path.join(PROJECT_ROOT, 'dist');

function brokenPack(edit: (file: { path: string; text: string }) => string): ProductPack {
  const pack = JSON.parse(readFileSync(path.join(dist, 'packs/join-now.json'), 'utf8')) as ProductPack;
  return { ...pack, files: pack.files.map((f) => ({ ...f, text: edit(f) })) };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('broken documents end on the trap', () => {
  const cases: [string, ProductPack, 'at once' | 'on the first panel'][] = [
    ['a truncated module (malformed JSON)', brokenPack((f) => (f.path === 'flows/modules/triage.json' ? f.text.slice(0, 300) : f.text)), 'at once'],
    ['an edge to a step that does not exist', brokenPack((f) => (f.path === 'flows/modules/triage.json' ? f.text.replace('"to": "current-military-status"', '"to": "no-such-step"') : f.text)), 'on the first panel'],
  ];
  for (const [name, pack, when] of cases) {
    it(name, async () => {
      const { server, url } = await serveDist({
        root: dist,
        config: PRODUCTION,
        route: (pathname) => (pathname.endsWith('/packs/join-now.json') ? { status: 200, json: pack } : undefined),
      });
      const page = await browser.newPage();
      const logged: string[] = [];
      page.on('console', (m) => logged.push(m.text()));
      const requests: string[] = [];
      page.on('request', (r) => requests.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`));
      try {
        await page.goto(`${url}?product=join-now`);
        if (when === 'on the first panel') {
          await page.locator('[data-milestone="entry"] [data-action="primary"]').click();
          await page.locator('[data-screen="military-service"]').waitFor({ timeout: 20000 });
        }
        const trap = page.locator('[data-milestone="trap-door"]');
        await trap.waitFor({ timeout: 20000 });
        // The trap's own heading (content/en/shell.json app.trap.heading), not merely some text.
        await expect(trap.locator('h1').innerText()).resolves.toBe('Something went wrong');
        await expectAccessible(page, 'trap');
        // The finding is logged (to the console here, batched to the logging service in production).
        const trail = [...logged, ...requests].join('\n');
        expect(trail).toMatch(/flows\/modules\/triage\.json:\d+:\d+/);
      } finally {
        await page.close();
        server.close();
      }
    });
  }
});
