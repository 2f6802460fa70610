/**
 * Copy by key (src/ui/contract.ts ContentApi) from the loaded documents' content, with the
 * demo-mode overrides from content/demo/ applied when demo mode is on (PROD-10/11).
 *
 * - `{name}` placeholders are filled from the caller's vars, else from the content key
 *   `placeholders.<name>` (e.g. `{phone}`, CONT-23/24).
 * - HTML values (`{ "html": ... }`) go through the allow-list sanitiser of src/ui/sanitize.ts
 *   (DOMPurify). It is loaded only when the content holds an HTML value (`createContentFor`),
 *   so products without HTML copy never download it. Content made without a sanitiser shows an
 *   HTML value as escaped text (fail closed). Plain values are escaped.
 * - `html()` wraps each phone number in a span that does not wrap (src/ui/phone-numbers.tsx), so
 *   '1-800-555-0199' never breaks at a hyphen; screens do the same for `text()` at render time.
 * - A missing key gives '' and is logged once.
 */
import type { Text } from '../engine/formats.generated';
import type { ContentEntry } from '../engine/loader';
import type { ContentApi, Telemetry } from './contract';
import { loadChunk } from './load-chunk';
import { phonesInEscapedText } from './phone-numbers';

/** HTML in, allow-listed HTML out. */
export type Sanitizer = (html: string) => string;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The text of an HTML value, tags dropped. DOMParser's document runs no script and loads nothing. */
export function htmlToText(html: string): string {
  if (typeof DOMParser !== 'undefined') {
    return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  }
  return html.replace(/<[^>]*>/g, '');
}

const isHtml = (v: Text): v is { html: string } => typeof v === 'object' && !Array.isArray(v) && 'html' in v;

/** Content whose HTML values (if any) are sanitised: loads the sanitiser only when one is there. */
export async function createContentFor(source: ContentSource, telemetry?: Pick<Telemetry, 'log'>): Promise<AppContent> {
  const hasHtml = [...source.values()].some(isHtml);
  const sanitize = hasHtml ? (await loadChunk(() => import('./sanitize'))).sanitizeHtml : undefined;
  return createContent(source, telemetry, sanitize);
}

export type ContentSource = ReadonlyMap<string, Text>;

/** The strings of a DocumentSet's content (and its demo overrides when demo mode is on). */
export function contentSource(content: ReadonlyMap<string, ContentEntry>, demoContent: ReadonlyMap<string, ContentEntry>, demo: boolean): Map<string, Text> {
  const out = new Map<string, Text>();
  for (const [k, e] of content) out.set(k, e.text);
  if (demo) for (const [k, e] of demoContent) if (out.has(k)) out.set(k, e.text);
  return out;
}

/** The strings of plain content bundles (`{ strings: {...} }`), later bundles overriding earlier ones. */
export function bundleSource(...bundles: { strings: Record<string, unknown> }[]): Map<string, Text> {
  const out = new Map<string, Text>();
  for (const b of bundles) {
    for (const [k, v] of Object.entries(b.strings)) {
      if (typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')) || (typeof v === 'object' && v !== null && typeof (v as { html?: unknown }).html === 'string')) {
        out.set(k, v as Text);
      }
    }
  }
  return out;
}

export interface AppContent extends ContentApi {
  /** The raw value of a key (for disclosures: non-string text is discarded, CONT-20). */
  raw(key: string | undefined): Text | undefined;
}

export function createContent(source: ContentSource, telemetry?: Pick<Telemetry, 'log'>, sanitize?: Sanitizer): AppContent {
  const reported = new Set<string>();
  // Without a sanitiser an HTML value is shown as text, escaped: nothing unchecked reaches the DOM.
  const safeHtml: Sanitizer = sanitize ?? ((html) => phonesInEscapedText(escapeHtml(htmlToText(html))));
  const missing = (key: string | undefined): void => {
    const k = key ?? '(undefined)';
    if (reported.has(k)) return;
    reported.add(k);
    telemetry?.log('warn', 'missing content key', { key: k });
  };
  const lookup = (key: string | undefined): Text | undefined => {
    if (key === undefined || key === '') {
      missing(key);
      return undefined;
    }
    const v = source.get(key);
    if (v === undefined) missing(key);
    return v;
  };
  const placeholder = (name: string, vars: Record<string, string> | undefined, seen: Set<string>): string | undefined => {
    if (vars && Object.prototype.hasOwnProperty.call(vars, name)) return vars[name];
    const key = `placeholders.${name}`;
    const v = source.get(key);
    if (typeof v === 'string' && !seen.has(key)) return fill(v, vars, new Set([...seen, key]), (s) => s);
    return undefined;
  };
  const fill = (text: string, vars: Record<string, string> | undefined, seen: Set<string>, encode: (s: string) => string): string =>
    text.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
      const v = placeholder(name, vars, seen);
      return v === undefined ? whole : encode(v);
    });

  const api: AppContent = {
    text(key, vars) {
      const v = lookup(key);
      if (v === undefined) return '';
      if (typeof v === 'string') return fill(v, vars, new Set(), (s) => s);
      if (Array.isArray(v)) return v.map((s) => fill(s, vars, new Set(), (x) => x)).join('\n');
      if (!('html' in v)) return '';
      return htmlToText(safeHtml(fill(v.html, vars, new Set(), escapeHtml)));
    },
    list(key) {
      const v = lookup(key);
      if (v === undefined) return [];
      if (typeof v === 'string') return [fill(v, undefined, new Set(), (s) => s)];
      if (Array.isArray(v)) return v.map((s) => fill(s, undefined, new Set(), (x) => x));
      if (!('html' in v)) return [];
      return [htmlToText(safeHtml(fill(v.html, undefined, new Set(), escapeHtml)))];
    },
    html(key) {
      const v = lookup(key);
      if (v === undefined) return '';
      if (typeof v === 'string') return phonesInEscapedText(escapeHtml(fill(v, undefined, new Set(), (s) => s)));
      if (Array.isArray(v)) return `<ul>${v.map((s) => `<li>${phonesInEscapedText(escapeHtml(fill(s, undefined, new Set(), (x) => x)))}</li>`).join('')}</ul>`;
      if (!('html' in v)) return '';
      return safeHtml(fill(v.html, undefined, new Set(), escapeHtml));
    },
    has(key) {
      return key !== undefined && source.has(key);
    },
    raw(key) {
      return key === undefined ? undefined : source.get(key);
    },
  };
  return api;
}
