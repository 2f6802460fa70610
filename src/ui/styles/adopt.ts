/**
 * Stylesheets as constructable sheets (document.adoptedStyleSheets), imported as strings with
 * Vite's `?inline`: the styles of what no first screen shows (the full form's extras, the
 * review, dialogs, the interstitial) travel inside the JS chunk that needs them, with no
 * stylesheet request. The first screens' own styles (the page, the template, the question and
 * milestone screens, a form's first paint and its controls) are a `<style>` in index.html
 * instead (vite.config.ts FIRST_SCREEN_STYLES, issue 11). The strict CSP (`style-src 'self'`) allows
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
