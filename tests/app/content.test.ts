// @vitest-environment jsdom
/** The content API (src/ui/content.ts): placeholders, demo overrides, and the HTML allow-list against the XSS corpora. */
import { describe, expect, it, vi } from 'vitest';
import { bundleSource, createContent, createContentFor, contentSource } from '../../src/ui/content';
import { sanitizeHtml } from '../../src/ui/sanitize';
import { flowFromPack } from '../../src/app/documents';
import type { Text } from '../../src/engine/formats.generated';
import { projectPack } from './helpers';
import { corpus } from '../corpora';

const source = (strings: Record<string, Text>) => bundleSource({ strings });

describe('text, list, html', () => {
  const log = vi.fn();
  const content = createContent(
    source({
      'a.plain': 'Call {phone} today.',
      'a.vars': 'Step {x} of {n}',
      'a.list': ['One {phone}', 'Two'],
      'a.html': { html: '<p>Call <strong>{phone}</strong>.</p><script>alert(1)</script>' },
      'a.unknown': 'Hello {nobody}.',
      'placeholders.phone': '1-800-555-0199',
      'a.escape': '<b>not bold</b> & more',
    }),
    { log },
    sanitizeHtml,
  );

  it('fills {name} placeholders from vars, else from placeholders.<name> (CONT-23, CONT-24)', () => {
    expect(content.text('a.plain')).toBe('Call 1-800-555-0199 today.');
    expect(content.text('a.plain', { phone: '555' })).toBe('Call 555 today.');
    expect(content.text('a.vars', { x: '2', n: '5' })).toBe('Step 2 of 5');
    expect(content.list('a.list')).toEqual(['One 1-800-555-0199', 'Two']);
    expect(content.text('a.unknown')).toBe('Hello {nobody}.');
  });

  it('sanitises HTML values and escapes plain ones; a phone number is kept whole in a span', () => {
    expect(content.html('a.html')).toBe('<p>Call <strong><span class="mu-phone">1-800-555-0199</span></strong>.</p>');
    expect(content.html('a.plain')).toBe('Call <span class="mu-phone">1-800-555-0199</span> today.');
    expect(content.html('a.escape')).toBe('&lt;b&gt;not bold&lt;/b&gt; &amp; more');
    expect(content.html('a.list')).toBe('<ul><li>One <span class="mu-phone">1-800-555-0199</span></li><li>Two</li></ul>');
    expect(content.text('a.html')).toBe('Call 1-800-555-0199.');
    expect(content.text('a.plain')).toBe('Call 1-800-555-0199 today.');
  });

  it("wraps a phone number in the sanitised HTML's text, not in a link's address (tel:)", () => {
    const c = createContent(source({ h: { html: '<p>Call <a href="tel:1-800-555-0199">1-800-555-0199</a> or 210.555.0148.</p>' } }), undefined, sanitizeHtml);
    expect(c.html('h')).toBe('<p>Call <a href="tel:1-800-555-0199"><span class="mu-phone">1-800-555-0199</span></a> or <span class="mu-phone">210.555.0148</span>.</p>');
    // Without the sanitiser the HTML shows as escaped text, its phone number kept whole too.
    expect(createContent(source({ h: { html: '<p>Call 1-800-555-0199</p>' } })).html('h')).toBe('Call <span class="mu-phone">1-800-555-0199</span>');
  });

  it("gives '' for a missing key and logs it once", () => {
    expect(content.text('no.such.key')).toBe('');
    expect(content.text('no.such.key')).toBe('');
    expect(content.list('no.such.key')).toEqual([]);
    expect(content.has('no.such.key')).toBe(false);
    expect(log.mock.calls.filter((c) => c[2]?.key === 'no.such.key')).toHaveLength(1);
  });

  it('escapes placeholder values inside HTML', () => {
    const c = createContent(source({ h: { html: '<p>{x}</p>' }, 'placeholders.x': '<img src=x onerror=alert(1)>' }), undefined, sanitizeHtml);
    expect(c.html('h')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
  });

  it('loads the sanitiser only for content that holds HTML; without one, HTML shows as escaped text', async () => {
    const withHtml = await createContentFor(source({ h: { html: '<p>A <em>b</em></p><img src=x onerror=alert(1)>' } }));
    expect(withHtml.html('h')).toBe('<p>A <em>b</em></p>');
    const unsanitised = createContent(source({ h: { html: '<p>A <em>b</em></p><img src=x onerror=alert(1)>' } }));
    expect(unsanitised.html('h')).toBe('A b');
    expect(unsanitised.html('h')).not.toContain('<');
    expect(unsanitised.text('h')).toBe('A b');
  });
});

describe('demo mode (PROD-10, PROD-11)', () => {
  const { docs } = flowFromPack(projectPack('join-now'));
  it('overrides existing keys with content/demo/ copy only when demo mode is on', () => {
    const normal = createContent(contentSource(docs.content, docs.demoContent, false));
    const demo = createContent(contentSource(docs.content, docs.demoContent, true));
    expect(docs.demoContent.size).toBeGreaterThanOrEqual(2);
    for (const key of docs.demoContent.keys()) {
      expect(demo.raw(key), key).toEqual(docs.demoContent.get(key)?.text);
      expect(normal.raw(key), key).toEqual(docs.content.get(key)?.text);
    }
    expect(normal.text('app.demo.banner')).toBe('');
    expect(demo.text('app.demo.banner')).not.toBe('');
  });
});

/** Whatever the sanitiser returns, parsed into a live DOM: nothing in it may execute. */
function assertInert(html: string, label: string): void {
  const host = document.createElement('div');
  host.innerHTML = html;
  const forbidden = host.querySelectorAll('script, iframe, object, embed, svg, math, style, link, meta, base, form, input, button, img, video, audio, source, frame, frameset, template, noscript');
  expect(forbidden.length, `${label}: ${html}`).toBe(0);
  for (const el of Array.from(host.querySelectorAll('*'))) {
    expect(['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a'], `${label}: <${el.localName}> in ${html}`).toContain(el.localName);
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name, `${label}: attribute ${attr.name} in ${html}`).toBe('href');
      const value = [...attr.value].filter((ch) => ch.charCodeAt(0) > 0x20).join('').toLowerCase();
      expect(value.startsWith('javascript:') || value.startsWith('vbscript:') || value.startsWith('data:'), `${label}: href ${attr.value}`).toBe(false);
    }
  }
}

describe('the HTML allow-list against the corpora', () => {
  it('keeps the allowed markup and safe links', () => {
    expect(sanitizeHtml('<p>A <a href="https://example.com/x">link</a>, <a href="/rel">rel</a>, <a href="tel:+15551234">tel</a>, <a href="mailto:a@b.c">mail</a></p>')).toBe(
      '<p>A <a href="https://example.com/x">link</a>, <a href="/rel">rel</a>, <a href="tel:+15551234">tel</a>, <a href="mailto:a@b.c">mail</a></p>',
    );
    expect(sanitizeHtml('<ul><li><em>x</em></li></ul><ol><li>y<br></li></ol>')).toBe('<ul><li><em>x</em></li></ul><ol><li>y<br></li></ol>');
    expect(sanitizeHtml('<a href="javascript:alert(1)" style="color:red" onclick="x()" target="_blank">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
  });

  it('lets nothing executable through from any line of xss-payloads.txt', (ctx) => {
    const xss = corpus(ctx, 'xss-payloads.txt');
    const lines = xss.split('\n').filter((l) => l.trim() !== '');
    expect(lines.length).toBeGreaterThan(100);
    const strings = source(Object.fromEntries(lines.map((l, i) => [`x.${i}`, { html: l }])));
    const content = createContent(strings, undefined, sanitizeHtml);
    const unsanitised = createContent(strings);
    lines.forEach((line, i) => {
      assertInert(sanitizeHtml(line), `xss line ${i + 1}`);
      assertInert(content.html(`x.${i}`), `xss line ${i + 1} via content.html`);
      assertInert(unsanitised.html(`x.${i}`), `xss line ${i + 1} via content.html without the sanitiser`);
    });
  });

  it('lets nothing executable through from any case of dompurify-expect.json', (ctx) => {
    const cases = JSON.parse(corpus(ctx, 'dompurify-expect.json')) as { title: string; payload: string }[];
    expect(cases.length).toBeGreaterThan(100);
    for (const c of cases) assertInert(sanitizeHtml(c.payload), c.title);
  });

  it('escapes plain text values carrying markup', () => {
    const c = createContent(source({ t: '<script>alert(1)</script>' }));
    assertInert(c.html('t'), 'plain');
    expect(c.html('t')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
