/**
 * The goto safety check (SESS-08, SESS-09; issue 13's Unicode point). Its own module: boot loads
 * it only when the entry URL carries a goto, so a first screen without one does not carry it.
 */

/**
 * Characters no goto may hold, in any of its decoded forms: controls (C0, DEL, C1), format
 * characters (zero-width, bidi overrides, BOM), unassigned and private-use code points, lone
 * surrogates, every Unicode separator and space (U+2028, U+2029, NBSP, U+3000 ...) and
 * backslashes (browsers read `/\evil` as `//evil`). The plain space is the one exception, and
 * only in a decoded form (`a%20b`): the value as given is printable ASCII without spaces.
 */
const GOTO_FORBIDDEN = /[\p{C}\p{Zl}\p{Zp}\\]|(?! )[\p{Zs}\s]/u;

/** How many layers of percent-encoding the check looks through (a double-encoded `//` is `%252F%252F`). */
const GOTO_DECODE_LAYERS = 3;

/**
 * A path that stays a path on this origin: starts with one `/`, holds nothing forbidden, and
 * still has this origin and a path not starting with `//` once a URL parser has resolved its
 * dot segments (`/..//host` resolves to `//host`).
 */
function safePathForm(value: string, origin: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || GOTO_FORBIDDEN.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return false;
  }
  return url.origin === origin && url.username === '' && url.password === '' && !url.pathname.startsWith('//');
}

/**
 * The goto safety check (SESS-08, SESS-09; issue 13): only a same-origin path is accepted.
 * Returns the absolute same-origin URL to navigate to, or undefined.
 *
 * - The value as given must be printable ASCII (a real path is percent-encoded), start with a
 *   single `/`, and hold no backslash: no scheme (`javascript:`, `data:`, `https:`), no
 *   protocol-relative `//host`, no `/\host`, no Unicode whitespace or separator (U+2028).
 * - Each percent-decoded form (up to three layers) must pass the same check, so an encoded or
 *   double-encoded `//`, backslash, control character or separator is refused too, whoever
 *   decodes it later. A value whose decoding fails (a stray `%`), or that is still encoded after
 *   three layers, is refused.
 * - Every form is also resolved as a URL against this origin: same origin, no user info, and a
 *   path that does not start with `//` (a dot segment can collapse `/.//host` to `//host`).
 */
export function safeGoto(raw: string | undefined, origin: string): string | undefined {
  if (raw === undefined || raw === '' || raw.length > 2000) return undefined;
  if (!/^[\x21-\x7e]+$/.test(raw) || !safePathForm(raw, origin)) return undefined;
  let layer = raw;
  for (let i = 0; layer.includes('%'); i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return undefined;
    }
    if (decoded === layer) break;
    // Encoded more deeply than anyone needs: refuse rather than guess what a later reader decodes.
    if (i === GOTO_DECODE_LAYERS) return undefined;
    if (!safePathForm(decoded, origin)) return undefined;
    layer = decoded;
  }
  return new URL(raw, origin).href;
}
