/**
 * Copy by key (src/ui/contract.ts ContentApi) from the loaded documents' content, with the
 * demo-mode overrides from content/demo/ applied when demo mode is on (PROD-10/11).
 *
 * - `{name}` placeholders are filled from the caller's vars, else from the content key
 *   `placeholders.<name>` (e.g. `{phone}`, CONT-23/24).
 * - HTML values (`{ "html": ... }`) are sanitised with DOMPurify on an allow-list: p, br,
 *   strong, em, ul, ol, li, and a[href] with http(s), mailto, tel or relative URLs only. No
 *   other element or attribute (no style, no on*) survives. Plain values are escaped.
 * - A missing key gives '' and is logged once.
 */
import DOMPurify from 'dompurify';
import type { Text } from '../engine/formats.generated';
import type { ContentEntry } from '../engine/loader';
import type { ContentApi, Telemetry } from './contract';

export const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a'] as const;
export const ALLOWED_ATTR = ['href'] as const;
/** DOMPurify's default URI pattern with only http(s), mailto and tel schemes (relative URLs pass). */
export const SAFE_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Allow-list sanitiser. Where no DOM is available it escapes everything (fail closed). */
export function sanitizeHtml(html: string): string {
  if (!DOMPurify.isSupported) return escapeHtml(html);
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...ALLOWED_ATTR],
    ALLOWED_URI_REGEXP: SAFE_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    SAFE_FOR_TEMPLATES: false,
    WHOLE_DOCUMENT: false,
    RETURN_DOM: false,
    RETURN_DOM_FRAGMENT: false,
  });
}

/** The text of an HTML value, tags dropped. */
export function htmlToText(html: string): string {
  const safe = sanitizeHtml(html);
  if (typeof DOMParser !== 'undefined') {
    return new DOMParser().parseFromString(safe, 'text/html').body.textContent ?? '';
  }
  return safe.replace(/<[^>]*>/g, '');
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

export function createContent(source: ContentSource, telemetry?: Pick<Telemetry, 'log'>): AppContent {
  const reported = new Set<string>();
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
      return htmlToText(fill(v.html, vars, new Set(), escapeHtml));
    },
    list(key) {
      const v = lookup(key);
      if (v === undefined) return [];
      if (typeof v === 'string') return [fill(v, undefined, new Set(), (s) => s)];
      if (Array.isArray(v)) return v.map((s) => fill(s, undefined, new Set(), (x) => x));
      return [htmlToText(fill(v.html, undefined, new Set(), escapeHtml))];
    },
    html(key) {
      const v = lookup(key);
      if (v === undefined) return '';
      if (typeof v === 'string') return escapeHtml(fill(v, undefined, new Set(), (s) => s));
      if (Array.isArray(v)) return `<ul>${v.map((s) => `<li>${escapeHtml(fill(s, undefined, new Set(), (x) => x))}</li>`).join('')}</ul>`;
      return sanitizeHtml(fill(v.html, undefined, new Set(), escapeHtml));
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
