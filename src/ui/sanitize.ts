/**
 * The allow-list sanitiser for HTML content values (loaded on demand by src/ui/content.ts):
 * DOMPurify keeping p, br, strong, em, ul, ol, li, and a[href] with http(s), mailto, tel or
 * relative URLs only. No other element or attribute (no style, no on*) survives.
 */
import DOMPurify from 'dompurify';
import { escapeHtml } from './content';
import { phoneRuns, phonesInEscapedText, phonesInNode } from './phone-numbers';

export const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a'] as const;
export const ALLOWED_ATTR = ['href'] as const;
/** DOMPurify's default URI pattern with only http(s), mailto and tel schemes (relative URLs pass). */
export const SAFE_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const CONFIG = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTR],
  ALLOWED_URI_REGEXP: SAFE_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
  RETURN_DOM: false,
};

/**
 * Allow-list sanitiser. Where no DOM is available it escapes everything (fail closed). Phone
 * numbers in the text come out wrapped so they do not break across lines (src/ui/phone-numbers.tsx):
 * the span is added to the sanitised DOM, after the allow-list has run.
 */
export function sanitizeHtml(html: string): string {
  if (!DOMPurify.isSupported) return phonesInEscapedText(escapeHtml(html));
  const clean = DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: false });
  if (phoneRuns(clean).length === 1) return clean;
  const fragment = DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
  phonesInNode(fragment);
  const box = document.createElement('div');
  box.appendChild(fragment);
  return box.innerHTML;
}
