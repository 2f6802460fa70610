/**
 * Stylesheets as constructable sheets (document.adoptedStyleSheets), imported as strings with
 * Vite's `?inline`. The CSS travels inside the JS chunk that needs it, so the first screen
 * needs no stylesheet request (issue 4: at most 4 requests before the first question), and the
 * form's styles come with the form's chunk. The strict CSP (`style-src 'self'`) allows
 * constructed sheets: they are not inline `<style>` elements (checked in Chromium by the
 * end-to-end tests, which fail on any CSP violation).
 *
 * Browsers without constructable stylesheets (before Safari 16.4) get a `<style>` element,
 * which a strict CSP blocks: the page then works unstyled.
 */
const adopted = new Set<string>();

export function adoptStyles(css: string): void {
  if (typeof document === 'undefined' || css === '' || adopted.has(css)) return;
  adopted.add(css);
  if ('adoptedStyleSheets' in document && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = css;
  document.head.appendChild(style);
}
