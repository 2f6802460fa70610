/**
 * The allow-list sanitiser for HTML content values (loaded on demand by src/ui/content.ts):
 * DOMPurify keeping p, br, strong, em, ul, ol, li, and a[href] with http(s), mailto, tel or
 * relative URLs only. No other element or attribute (no style, no on*) survives.
 */
import DOMPurify from 'dompurify';
import { escapeHtml } from './content';

export const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a'] as const;
export const ALLOWED_ATTR = ['href'] as const;
/** DOMPurify's default URI pattern with only http(s), mailto and tel schemes (relative URLs pass). */
export const SAFE_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

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
