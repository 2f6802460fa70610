/**
 * The one test of a URL in a document or in config.json (issue 13; src/engine/urls.ts finds the
 * URLs): a path on this site, or an `https:` URL on an allowed host. A module of its own with no
 * imports, because the first screen's config check (src/app/config.ts) carries it: keep it small.
 */

/**
 * Why `url` may not be used, with what to write instead; undefined when it is a same-origin path
 * or an `https:` URL on one of `hosts` (host names, with a port when not 443, e.g. `www.example.org`),
 * or an `http:` URL on a loopback host (127.0.0.1, localhost, [::1]) with its port among `hosts`.
 */
export function urlProblem(url: string, hosts: readonly string[]): string | undefined {
  // Browsers drop tabs and line breaks anywhere and spaces at the ends ("java\tscript:"), and read "\" as "/".
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/[\s\\\u0000-\u001f\u007f-\u009f]/.test(url)) return 'it holds whitespace, a control character or a backslash: remove them';
  if (/^\/(?!\/)/.test(url)) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  // http: only to a loopback host that allowedHosts lists (a sandbox on this machine, e.g. the test identity provider).
  if (scheme === 'https' || (scheme === 'http' && /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/i.test(url))) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return 'it is not a valid URL';
    }
    if (parsed.username !== '' || parsed.password !== '') return 'it holds a user name or password: remove them';
    if (hosts.includes(parsed.host)) return undefined;
    return `host "${parsed.host}" is not one of config.json's "allowedHosts" (${hosts.length > 0 ? hosts.join(', ') : 'none'}): add it there, or use a path on this site`;
  }
  if (scheme !== undefined) return `${scheme}: URLs are not allowed (${scheme === 'http' ? 'unencrypted' : /^(java|vb)script$/.test(scheme) ? 'it runs code' : 'not a web page'}): write a path on this site ("/...") or an https: URL`;
  if (url.startsWith('//')) return 'a URL without a scheme ("//host") is not allowed: write "https://" and a host of config.json\'s "allowedHosts"';
  return 'a relative path is not allowed: write a path from the site root ("/...") or an https: URL';
}


/** config.json's `allowedHosts` (none when absent or not a list of strings). */
export function allowedHostsOf(config: unknown): string[] {
  const hosts = typeof config === 'object' && config !== null ? (config as { allowedHosts?: unknown }).allowedHosts : undefined;
  return Array.isArray(hosts) ? hosts.filter((h): h is string => typeof h === 'string') : [];
}
