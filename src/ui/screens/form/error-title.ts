/**
 * 'Error: ' in front of the page title while a form's error summary shows (issue 20; WCAG 3.3.1,
 * GOV.UK's pattern: a screen reader hears the error first when the title is read). The shell sets
 * the title per screen (src/app/page-title.ts); the error summary marks it here, in the form's own
 * chunk, so the first screens carry none of it. The mark goes when the summary goes (the errors
 * fixed and sent, or the screen left), unless the shell has set another title meanwhile.
 */
import type { ContentApi } from '../../contract';

/** The content key of the marked title, 'Error: {title}' (content/en/app.json). */
export const ERROR_TITLE_KEY = 'app.title.error';

/** Marks the page title as showing errors; returns the function that takes the mark off again. */
export function markErrorTitle(content: ContentApi): () => void {
  if (!content.has(ERROR_TITLE_KEY)) return () => undefined;
  const plain = document.title;
  const marked = content.text(ERROR_TITLE_KEY, { title: plain });
  document.title = marked;
  return () => {
    if (document.title === marked) document.title = plain;
  };
}
