/**
 * Phone numbers in copy stay whole: a browser may break a line after any hyphen, so
 * "1-800-555-0199" could end a line at "1-" (the service-retry page did at 1280 px). Every
 * phone number copy shows is wrapped in `<span class="mu-phone">` (app.css: `white-space:
 * nowrap`), by one pattern, wherever the copy comes from: local content with `{phone}`
 * filled, a remote milestone fragment, the shell's copy on the load-failure page.
 *
 * - `keepPhonesWhole(text)` (keep-phones.tsx: React) for copy rendered as text (milestones,
 *   blocking pages, the trap, the help dialog, panel subheads);
 * - `phonesInEscapedText(html)` for escaped text that holds no tags (content.html of a plain
 *   value, src/ui/content.ts);
 * - `phonesInNode(root)` for sanitised HTML, on its DOM (src/ui/sanitize.ts).
 *
 * The pattern is a North American number as copy writes one, with hyphens, dots or spaces
 * between its groups: 1-800-555-0199, 800-555-0199, (210) 555-0148, +1 210 555 0148. Digits
 * with nothing between them have no place to break and are left alone; dates (2018-06-30),
 * ZIP+4 codes and masked SSNs do not match.
 */
export const PHONE_CLASS = 'mu-phone';

/** A fresh global pattern each call (a shared /g pattern keeps its lastIndex between uses). */
function phonePattern(): RegExp {
  return /(?:\+1[-. ]?|\b1[-. ])?(?:\(\d{3}\) ?|\b\d{3}[-. ])\d{3}[-. ]\d{4}\b/g;
}

/** The text cut into its runs: the phone numbers (odd indexes) and what lies between them (even). */
export function phoneRuns(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (const m of text.matchAll(phonePattern())) {
    out.push(text.slice(at, m.index), m[0]);
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return out;
}

/** Escaped text with no tags in it (HTML-safe as it is): each phone number wrapped in the span's markup. */
export function phonesInEscapedText(escaped: string): string {
  return escaped.replace(phonePattern(), (phone) => `<span class="${PHONE_CLASS}">${phone}</span>`);
}

/** A DOM subtree (sanitised HTML): each phone number in a text node wrapped in the span, outside links' own text too. */
export function phonesInNode(root: Node): void {
  const doc = root.ownerDocument ?? (root as Document);
  const texts: Text[] = [];
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  for (const node of texts) {
    const runs = phoneRuns(node.data);
    if (runs.length === 1) continue;
    const parts = runs.flatMap((run, i): Node[] => {
      if (i % 2 === 0) return run === '' ? [] : [doc.createTextNode(run)];
      const span = doc.createElement('span');
      span.className = PHONE_CLASS;
      span.textContent = run;
      return [span];
    });
    node.replaceWith(...parts);
  }
}
