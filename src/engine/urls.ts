/**
 * Which URLs documents and config.json may hold (issue 13, "Documents that cannot hurt"): a path
 * on this site (`/my/member-home`) or an `https:` URL on a host config.json names in
 * `allowedHosts`. Anything else (`javascript:`, `data:`, `http:`, `//host`, a relative path, a
 * URL with spaces, control characters or backslashes, which browsers read in surprising ways) is
 * refused by lint, the build and the browser's checks, with where it is and what to write.
 *
 * `urlProblem` (src/engine/url-problem.ts) is the one test; the browser's config check
 * (src/app/config.ts) calls it too. Pure: no DOM, no network.
 */
import type { Diagnostic } from './diagnostics';
import type { DocumentSet, SourceFile } from './document-set';
import { JsonSyntaxError, pointerOf, positionOf, type ParsedJson } from './json-source';
import type { JsonValue } from '../rules/index';
import { allowedHostsOf, urlProblem } from './url-problem';

export { allowedHostsOf, urlProblem };



/** Where the runtime configuration lives in the project (served beside index.html). */
export const CONFIG_PATH = 'public/config.json';


/** Keys whose strings are identifiers or prose, never fetched or followed. */
const NOT_URLS = new Set(['$schema', '$id', '$comment', 'description', 'requirements', 'allowedHosts']);

/** A string that a browser would read as a URL with a scheme, or as "//host". */
function looksLikeUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- browsers drop leading C0 controls and spaces
  const bare = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  return /^(?:[a-z][a-z0-9+.-]*:\/\/|[\\/]{2}|(?:javascript|vbscript|data|file|blob|filesystem|about|mailto|tel|sms|ftp|ws|wss|http|https):)/i.test(bare);
}

/** Links written into copy: inside an HTML tag, the attributes that load or follow a URL; Markdown links. */
const TAG = /<[a-z][^>]*>/gi;
const URL_ATTRIBUTE = /\s(?:href|src|action|formaction|xlink:href|poster|background|srcset)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)/g;

function* linksIn(text: string): Generator<string> {
  for (const tag of text.matchAll(TAG)) {
    for (const m of tag[0].matchAll(URL_ATTRIBUTE)) {
      const link = m[1] ?? m[2] ?? m[3];
      if (link !== undefined) yield link;
    }
  }
  for (const m of text.matchAll(MARKDOWN_LINK)) if (m[1] !== undefined) yield m[1];
}

/** The URL fields of config.json, by JSON pointer (`*`: every member). */
const CONFIG_URLS = [
  '/apiBaseUrl', '/contentBaseUrl', '/loggingUrl', '/homeUrl', '/joinStartUrl', '/destinations/*', '/referrer/expected', '/referrer/redirectTo',
  '/auth/identityProvider', '/auth/logoffUrl', '/auth/home/targets/*', '/auth/home/default',
];
/** The URL fields of documents: a product's destination, a string or `{path}`. */
const DOCUMENT_URLS: Partial<Record<string, readonly string[]>> = { product: ['/destinationURL', '/destinationURL/path'] };

function matchesField(pointer: string, fields: readonly string[]): boolean {
  return fields.some((f) => (f.endsWith('/*') ? pointer.startsWith(f.slice(0, -1)) && !pointer.slice(f.length - 1).includes('/') : pointer === f));
}

/**
 * Every URL of one parsed document refused by `urlProblem`: its URL fields, any string that reads
 * as a URL with a scheme, and the links in its strings (content copy).
 */
function urlFindings(file: string, parsed: ParsedJson, fields: readonly string[], hosts: readonly string[], what: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  const report = (pointer: string, url: string, problem: string): void => {
    const pos = positionOf(parsed, pointer);
    found.push({ file, pointer, line: pos.line, col: pos.col, severity: 'error', message: `${what} URL ${JSON.stringify(url)} is refused: ${problem}`, check: 'unsafe-url' });
  };
  const visit = (value: JsonValue, path: string[]): void => {
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, String(i)]));
    else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) if (!NOT_URLS.has(k)) visit(v, [...path, k]);
    } else if (typeof value === 'string') {
      const pointer = pointerOf(path);
      if (matchesField(pointer, fields) || looksLikeUrl(value)) {
        const problem = urlProblem(value, hosts);
        if (problem !== undefined) report(pointer, value, problem);
        return;
      }
      for (const link of linksIn(value)) {
        const problem = urlProblem(link, hosts);
        if (problem !== undefined) report(pointer, link, `a link in this text: ${problem}`);
      }
    }
  };
  visit(parsed.value, []);
  return found;
}

/** The refused URLs of every document read (lint, the build and the browser's full check). */
export function documentUrlFindings(docs: DocumentSet, hosts: readonly string[]): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const doc of docs.files.values()) found.push(...urlFindings(doc.file, doc.parsed, DOCUMENT_URLS[doc.kind] ?? [], hosts, 'the'));
  return found;
}

/**
 * config.json as lint and the build read it: its allowed hosts, and its refused URLs (the browser
 * refuses the same when it reads it, src/app/config.ts).
 */
export function checkConfigFile(source: SourceFile, parse: (text: string) => ParsedJson): { hosts: string[]; findings: Diagnostic[] } {
  let parsed: ParsedJson;
  try {
    parsed = parse(source.text);
  } catch (err) {
    if (!(err instanceof JsonSyntaxError)) throw err;
    return { hosts: [], findings: [{ file: source.path, pointer: '', line: err.position.line, col: err.position.col, severity: 'error', message: `malformed JSON: ${err.message}`, check: 'json-syntax' }] };
  }
  const hosts = allowedHostsOf(parsed.value);
  const findings = urlFindings(source.path, parsed, CONFIG_URLS, hosts, 'config.json');
  const list = typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value) ? parsed.value.allowedHosts : undefined;
  if (list !== undefined && (!Array.isArray(list) || list.some((h) => typeof h !== 'string' || !/^[a-z0-9.-]+(:[0-9]+)?$/.test(h)))) {
    const pos = positionOf(parsed, '/allowedHosts');
    findings.push({ file: source.path, pointer: '/allowedHosts', line: pos.line, col: pos.col, severity: 'error', message: '"allowedHosts" must list host names in lower case (a port after ":" when not 443), e.g. ["www.example.org"]', check: 'unsafe-url' });
  }
  return { hosts, findings };
}
