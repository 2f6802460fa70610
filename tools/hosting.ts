/**
 * What a host must send (README "Hosting", issues 13 and 22): the strict Content-Security-Policy
 * and the other headers of every answer. The serve tool (tools/serve.ts) sends them on every
 * answer; the dev server sends the ones its own scripts allow (tools/vite-plugin-hand-off-pages.ts:
 * no CSP there, React Refresh injects an inline script) and all of them on the sandbox's hand-off
 * pages.
 */
import { createHash } from 'node:crypto';

/** Where browsers send CSP violation reports (same origin as the app); the serve tool records them. */
export const CSP_REPORTS = '/csp-reports';
/** The reporting endpoint's name in `Reporting-Endpoints` and the CSP's `report-to`. */
export const CSP_ENDPOINT = 'csp';

/**
 * The strict CSP of issue 4. `form-action 'self'` (issue 22): the app posts no form anywhere (its
 * forms are handled in script); sign-in is a redirect (a GET navigation) to the identity provider,
 * whose login form is on the provider's own page, under the provider's own policy.
 */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; " +
  `report-to ${CSP_ENDPOINT}; report-uri ${CSP_REPORTS}`;

/**
 * Powerful features the app never uses, denied to it and to any frame it holds (issue 22). Only
 * names Chromium knows (an unknown name is a console warning on every page).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer', 'autoplay', 'camera', 'display-capture', 'encrypted-media', 'fullscreen', 'geolocation', 'gyroscope', 'hid', 'idle-detection', 'magnetometer', 'microphone', 'midi', 'payment', 'picture-in-picture', 'publickey-credentials-get', 'screen-wake-lock', 'serial', 'usb', 'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** The headers every answer carries besides Cache-Control (the CSP unless --no-csp). */
export const HOSTING_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': STRICT_CSP,
  'Reporting-Endpoints': `${CSP_ENDPOINT}="${CSP_REPORTS}"`,
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'Permissions-Policy': PERMISSIONS_POLICY,
  // Sign-in is a full-page redirect and its renewal a same-origin frame: no window the app opens or is opened by needs a handle across origins.
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** The headers of HOSTING_HEADERS that need no CSP (the dev server, whose React Refresh preamble is an inline script). */
export const HEADERS_WITHOUT_CSP: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(HOSTING_HEADERS).filter(([name]) => name !== 'Content-Security-Policy' && name !== 'Reporting-Endpoints'),
);

/** The CSP hash source of an inline element's text. */
function hashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The strict CSP for a page: `script-src 'self'` plus the hash of each inline script it holds
 * (index.html: the one that starts the first requests, src/app/early.ts), and `style-src 'self'`
 * plus the hash of each `<style>` element (index.html: the first screen's styles,
 * tools/vite-plugin-first-styles.ts; a hand-off page: its own). A host sends the same; the hashes
 * change only when that script, those styles or the base path change.
 */
export function withInlineHashes(csp: string, html: string): string {
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => hashOf(m[1] ?? ''));
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => hashOf(m[1] ?? ''));
  let out = csp;
  if (scripts.length > 0) out = out.replace("script-src 'self'", `script-src 'self' ${scripts.join(' ')}`);
  if (styles.length > 0) out = out.replace("style-src 'self'", `style-src 'self' ${styles.join(' ')}`);
  return out;
}
