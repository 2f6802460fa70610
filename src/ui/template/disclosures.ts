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

/** A same-site path (`/x`, never `//host` or `/\\host`) or an https URL; anything else is dropped. */
const SAFE_HREF = /^(\/(?![/\\])|https:\/\/)[^\s"'<>`]*$/;

function linksHtml(links: unknown[]): string | undefined {
  const items = links.flatMap((l) => {
    if (l === null || typeof l !== 'object') return [];
    const { text, href } = l as { text?: unknown; href?: unknown };
    if (typeof text !== 'string' || typeof href !== 'string' || !SAFE_HREF.test(href)) return [];
    return [`<li><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></li>`];
  });
  return items.length > 0 ? `<ul class="mu-disclosures__links">${items.join('')}</ul>` : undefined;
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
    } else if (raw !== null && typeof raw === 'object' && !Array.isArray(raw) && 'links' in raw && Array.isArray(raw.links)) {
      html = linksHtml(raw.links);
    } else {
      telemetry?.log('warn', 'disclosure text is not a string: discarded', { key: d.key });
    }
    if (html) items.push({ key: d.key, order: d.order, kind, html });
  }
  return items;
}
