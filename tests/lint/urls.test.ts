/**
 * Documents that cannot hurt (issue 13): lint refuses any URL in a document or in config.json
 * that is not a path on this site or an https: URL on a host config.json allows, with
 * file:line:col and what to write; and a rule object of several keys, or the `log` operation.
 * The same check (src/engine/check.ts) refuses them in the build and in the browser
 * (tests/lint/build-check.test.ts, tests/app/boot.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/engine/diagnostics';
import { urlProblem } from '../../src/engine/urls';
import { lintProject } from '../../tools/lib/project';
import { aRulesFile, at, locate, positionAt, realSources, where, withJson, withText, type Json } from './helpers';

const sources = realSources();
const PRODUCT = 'flows/products/join-now.json';
const CONFIG = 'public/config.json';
const errorsOf = (s: typeof sources): Diagnostic[] => lintProject(s).findings.filter((d) => d.severity === 'error');

describe('urlProblem: the one test of a URL', () => {
  const hosts = ['www.example.org', 'partner.example.org:8443', '127.0.0.1:4444'];
  it.each([
    '/my/member-home',
    '/join/start/?product=join-now&x=1#top',
    '/my/{productId}/home',
    'https://www.example.org/',
    'https://WWW.EXAMPLE.ORG/path?q=1',
    'https://partner.example.org:8443/x',
    'http://127.0.0.1:4444/oidc',
  ])('accepts %s', (url) => {
    expect(urlProblem(url, hosts)).toBeUndefined();
  });

  it.each([
    ['javascript:alert(1)', /javascript: URLs are not allowed \(it runs code\)/],
    ['JavaScript:alert(1)', /javascript: URLs are not allowed/],
    [' javascript:alert(1)', /whitespace/],
    ['java\tscript:alert(1)', /whitespace/],
    ['javascript\u2028:alert(1)', /whitespace/],
    ['vbscript:msgbox', /vbscript: URLs are not allowed \(it runs code\)/],
    ['data:text/html,<script>alert(1)</script>', /data: URLs are not allowed \(not a web page\)/],
    ['http://www.example.org/', /http: URLs are not allowed \(unencrypted\)/],
    ['http://127.0.0.1:5555/', /host "127\.0\.0\.1:5555" is not one of/],
    ['http://127.0.0.1.evil.example/', /http: URLs are not allowed/],
    ['//evil.example/', /without a scheme/],
    ['/\\evil.example/', /backslash/],
    ['https://evil.example/', /host "evil\.example" is not one of config\.json's "allowedHosts" \(www\.example\.org, partner\.example\.org:8443, 127\.0\.0\.1:4444\)/],
    ['https://www.example.org@evil.example/', /user name or password/],
    ['https://user:pw@www.example.org/', /user name or password/],
    ['https://www.example.org:8443/', /host "www\.example\.org:8443"/],
    ['https://', /not a valid URL/],
    ['member-home', /relative path is not allowed: write a path from the site root/],
    ['', /relative path/],
  ])('refuses %j, saying why and what to write', (url, why) => {
    expect(urlProblem(url, hosts)).toMatch(why);
  });

  it('allows no https: host when none is configured', () => {
    expect(urlProblem('https://www.example.org/', [])).toMatch(/"allowedHosts" \(none\): add it there, or use a path on this site/);
  });
});

describe('lint refuses an unsafe URL at its file:line:col', () => {
  it('finds none in the project as it is', () => {
    expect(errorsOf(sources).filter((d) => d.check === 'unsafe-url')).toEqual([]);
  });

  it('a javascript: destinationURL of a product', () => {
    const { sources: broken, text } = withJson(sources, PRODUCT, (doc) => {
      doc.destinationURL = 'javascript:alert(document.cookie)';
    });
    const found = errorsOf(broken).filter((d) => d.check === 'unsafe-url');
    expect(where(found)).toContain(at(PRODUCT, locate(text, '"javascript:alert(document.cookie)"'), 'unsafe-url'));
    expect(found[0]?.message).toBe('the URL "javascript:alert(document.cookie)" is refused: javascript: URLs are not allowed (it runs code): write a path on this site ("/...") or an https: URL');
  });

  it('a destinationURL written as {path, query}, and a relative path', () => {
    const { sources: broken, text } = withJson(sources, PRODUCT, (doc) => {
      doc.destinationURL = { path: 'my/member-home', query: { from: 'join' } };
    });
    const found = errorsOf(broken).filter((d) => d.check === 'unsafe-url');
    expect(where(found)).toEqual([at(PRODUCT, locate(text, '"my/member-home"'), 'unsafe-url')]);
    expect(found[0]?.message).toMatch(/a relative path is not allowed: write a path from the site root/);
  });

  it('config.json: a javascript: homeUrl, an http: destination, a host it does not allow', { timeout: 60_000 }, () => {
    const { sources: broken, text } = withJson(sources, CONFIG, (doc) => {
      doc.homeUrl = 'javascript:alert(1)';
      doc.destinations = { ...(doc.destinations as Json), pilot: 'http://pilot.example.org/' };
      doc.joinStartUrl = 'https://join.example.org/start/';
    });
    const found = errorsOf(broken).filter((d) => d.check === 'unsafe-url');
    expect(where(found).sort()).toEqual(
      [
        at(CONFIG, locate(text, '"javascript:alert(1)"'), 'unsafe-url'),
        at(CONFIG, locate(text, '"http://pilot.example.org/"'), 'unsafe-url'),
        at(CONFIG, locate(text, '"https://join.example.org/start/"'), 'unsafe-url'),
      ].sort(),
    );
    expect(found.find((d) => d.pointer === '/homeUrl')?.message).toMatch(/^config\.json URL "javascript:alert\(1\)" is refused: javascript: URLs are not allowed/);
    // Allowing the host accepts its https: URL (and only that).
    const allowed = withJson(broken, CONFIG, (doc) => {
      doc.allowedHosts = ['join.example.org'];
    }).sources;
    expect(errorsOf(allowed).filter((d) => d.check === 'unsafe-url').map((d) => d.pointer).sort()).toEqual(['/destinations/pilot', '/homeUrl']);
  });

  it('an https: URL in a document on a host config.json allows passes; on another host it is refused', { timeout: 60_000 }, () => {
    const withUrl = withJson(sources, PRODUCT, (doc) => {
      doc.destinationURL = 'https://members.example.org/home';
    }).sources;
    expect(errorsOf(withUrl).filter((d) => d.check === 'unsafe-url').map((d) => d.message)).toEqual([
      'the URL "https://members.example.org/home" is refused: host "members.example.org" is not one of config.json\'s "allowedHosts" (none): add it there, or use a path on this site',
    ]);
    const allowed = withJson(withUrl, CONFIG, (doc) => {
      doc.allowedHosts = ['members.example.org'];
    }).sources;
    expect(errorsOf(allowed)).toEqual([]);
  });

  it('config.json: allowedHosts that are not host names', () => {
    const { sources: broken, text } = withJson(sources, CONFIG, (doc) => {
      doc.allowedHosts = ['https://www.example.org/'];
    });
    const found = errorsOf(broken).filter((d) => d.check === 'unsafe-url');
    expect(where(found)).toEqual([at(CONFIG, locate(text, '"allowedHosts"', 16), 'unsafe-url')]);
    expect(found[0]?.message).toMatch(/"allowedHosts" must list host names/);
  });

  it('any string that reads as a URL, anywhere in a document, and links written into copy', () => {
    const path = 'content/en/common.json';
    const { sources: broken, text } = withJson(sources, path, (doc) => {
      const strings = doc.strings as Json;
      strings['zz.link'] = 'Read <a href="javascript:alert(1)">the terms</a>.';
      strings['zz.markdown'] = 'See [the terms](data:text/html,hi).';
      strings['zz.bare'] = 'JAVASCRIPT:void(0)';
      strings['zz.safe'] = 'Note: read <a href="/terms">the terms</a> or [these](https://) words: fine? No, that link is refused.';
      // Not links: an attribute name outside a tag (a query string), and safe links in a tag with several.
      strings['zz.query'] = 'Go to /inet/x?action=INIT&src=join, or <a title="t" href="/a" target="_self">here</a>.';
      strings['zz.second'] = '<a title="t" href="/ok" data-x="1" src="javascript:alert(1)">x</a>';
    });
    const found = errorsOf(broken).filter((d) => d.check === 'unsafe-url');
    expect(where(found).sort()).toEqual(
      [
        at(path, locate(text, '"Read <a'), 'unsafe-url'),
        at(path, locate(text, '"See [the terms]'), 'unsafe-url'),
        at(path, locate(text, '"JAVASCRIPT:void(0)"'), 'unsafe-url'),
        at(path, locate(text, '"Note: read'), 'unsafe-url'),
        at(path, locate(text, '"<a title=\\"t\\" href=\\"/ok\\"'), 'unsafe-url'),
      ].sort(),
    );
    expect(found.find((d) => d.pointer === '/strings/zz.link')?.message).toMatch(/^the URL "javascript:alert\(1\)" is refused: a link in this text: javascript: URLs/);
  });

  it('a malformed config.json is a json-syntax finding at its position', () => {
    const broken = withText(sources, CONFIG, '{\n  "homeUrl": "/",\n');
    expect(where(errorsOf(broken))).toContain(`${CONFIG}:3:1 json-syntax`);
  });
});

describe('lint refuses rule objects of several keys, and log (issue 13)', () => {
  const { path, area } = aRulesFile(sources);
  it('a rule object of two keys, at its position, with what to write', () => {
    const { sources: broken, text } = withJson(sources, path, (doc) => {
      (doc.rules as Json[]).push({ id: `${area}.zzTwoKeys`, description: 'two keys', logic: { and: [true, { '==': [1, 1], '!=': [1, 2] }] } });
    });
    const found = errorsOf(broken).filter((d) => d.check === 'bad-rule');
    const object = text.lastIndexOf('{', text.indexOf('"==": [', text.indexOf('zzTwoKeys')));
    expect(where(found)).toContain(at(path, positionAt(text, object), 'bad-rule'));
    expect(found.find((d) => d.pointer.endsWith('/logic/and/1'))?.message).toBe('an object in logic has one key, its operation; this one has 2 ("==", "!=") and would be a true value: combine them with "and" or "or", one operation each');
  });

  it('the log operation', () => {
    const { sources: broken, text } = withJson(sources, path, (doc) => {
      (doc.rules as Json[]).push({ id: `${area}.zzLogs`, description: 'logs', logic: { log: { var: 'triage.militaryService' } } });
    });
    const found = errorsOf(broken).filter((d) => d.check === 'unknown-operation');
    expect(where(found)).toContain(at(path, locate(text, '"log": ', 7), 'unknown-operation'));
    expect(found[0]?.message).toMatch(/"log" is not an operation here \(it would write the value, personal data perhaps, to the console\)/);
  });
});
