/**
 * Footnotes and disclosures (CONT-19..CONT-21): the product's `disclaimers` and `footnotes`,
 * shown to signed-in or anonymous applicants as configured, ordered by `order` (disclaimers
 * first on a tie). A text that is not a string is discarded (an HTML value is a string of
 * markup and is sanitised); a plain string's blank lines make paragraphs (CONT-06). A block of
 * links (`{"links": [{"text", "href"}]}`, the about-ads and privacy links of CONT-19) is escaped
 * text in links to this site's paths or https pages: it needs no sanitiser on the first screen.
 */
import type { Disclosure, ProductFlow } from '../../engine/formats.generated';
import type { AppContent } from '../content';
import { escapeHtml } from '../content';
import type { Telemetry } from '../contract';

export interface DisclosureItem {
  key: string;
  order: number;
  kind: 'disclaimer' | 'footnote';
  /** Sanitised HTML. */
  html: string;
}

/** A block of links; only a site path (`/x`, never `//host`) or an https URL is a link (the content format refuses others too). */
function linksHtml(links: { text: string; href: string }[]): string {
  const safe = links.filter((l) => /^(\/[^/\\]|https:\/\/)/.test(l.href));
  return `<ul>${safe.map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></li>`).join('')}</ul>`;
}

/**
 * `texts`: texts that replace a key's local copy (the content mapper's, src/app/disclaimers.ts,
 * CONT-01..CONT-07); read as plain strings, their blank lines paragraphs.
 */
export function orderedDisclosures(product: Pick<ProductFlow, 'disclaimers' | 'footnotes'>, content: AppContent, authenticated: boolean, telemetry?: Pick<Telemetry, 'log'>, texts?: ReadonlyMap<string, string>): DisclosureItem[] {
  const all: { d: Disclosure; kind: DisclosureItem['kind']; i: number }[] = [
    ...(product.disclaimers ?? []).map((d, i) => ({ d, kind: 'disclaimer' as const, i })),
    ...(product.footnotes ?? []).map((d, i) => ({ d, kind: 'footnote' as const, i: 10_000 + i })),
  ];
  const items: DisclosureItem[] = [];
  for (const { d, kind } of all.sort((a, b) => a.d.order - b.d.order || a.i - b.i)) {
    if (d.authenticated !== undefined && d.authenticated !== authenticated) continue;
    const raw = texts?.get(d.key) ?? content.raw(d.key);
    let html: string | undefined;
    if (typeof raw === 'string') {
      html = raw
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter((p) => p !== '')
        .map((p) => `<p>${escapeHtml(p)}</p>`)
        .join('');
    } else if (raw !== null && typeof raw === 'object' && !Array.isArray(raw) && 'html' in raw && typeof raw.html === 'string') {
      html = content.html(d.key);
    } else if (raw !== null && typeof raw === 'object' && 'links' in raw) {
      html = linksHtml(raw.links);
    } else {
      telemetry?.log('warn', 'disclosure text is not a string: discarded', { key: d.key });
    }
    if (html) items.push({ key: d.key, order: d.order, kind, html });
  }
  return items;
}
