/**
 * The error summary's wording (UI-07, UI-08 reading A): 'To continue, fix the error' for one
 * error, 'To continue, fix two errors' … 'nine errors' (the number as a word), and 'To
 * continue, fix the errors' for more than nine. The words are content (content/en/ui.json).
 */
import type { ContentApi } from '../../contract';

const WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'] as const;

/** The content key of the summary's heading for `count` errors (count ≥ 1). */
export function errorSummaryKey(count: number): string {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`an error summary needs at least one error, not ${count}`);
  return `app.form.errorSummary.${count <= WORDS.length ? WORDS[count - 1] : 'many'}`;
}

/** The summary's heading for `count` errors. */
export function errorSummaryText(count: number, content: ContentApi): string {
  return content.text(errorSummaryKey(count));
}
