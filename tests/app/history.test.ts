// @vitest-environment jsdom
/**
 * The shell's history (src/app/history.ts): the browser's, through pushState/popstate under the
 * basename, and the memory one the app tests use. The shell relies on: a new snapshot object on
 * every change, POP for back/forward, the entry's state kept with it.
 */
import { describe, expect, it } from 'vitest';
import { createBrowserHistory, createMemoryHistory, stripBasename } from '../../src/app/history';

const BASE = '/join/get-started';

describe('the browser history', () => {
  it('reads the location under the basename and writes full URLs', () => {
    window.history.replaceState(null, '', `${BASE}/?product=join-now`);
    const history = createBrowserHistory(BASE);
    expect(history.getSnapshot()).toEqual({ location: { pathname: '/', search: '?product=join-now', state: null }, action: 'POP' });
    let changes = 0;
    const stop = history.subscribe(() => changes++);
    const before = history.getSnapshot();
    history.push('/military-service/self', { depth: 2, base: 1 });
    expect(window.location.pathname).toBe(`${BASE}/military-service/self`);
    expect(window.history.state).toEqual({ depth: 2, base: 1 });
    expect(history.getSnapshot()).toMatchObject({ location: { pathname: '/military-service/self', search: '', state: { depth: 2, base: 1 } }, action: 'PUSH' });
    expect(history.getSnapshot()).not.toBe(before);
    history.replace('/aem/milestone/entry', { depth: 1, base: 1 });
    expect(history.getSnapshot().action).toBe('REPLACE');
    expect(window.location.pathname).toBe(`${BASE}/aem/milestone/entry`);
    stop();
    history.push('/x/self', null);
    expect(changes).toBe(2);
  });

  it('reports browser back as a POP with the entry state of the entry returned to', async () => {
    window.history.replaceState({ depth: 1, base: 1 }, '', `${BASE}/aem/milestone/entry`);
    const history = createBrowserHistory(BASE);
    history.push('/military-service/self', { depth: 2, base: 1 });
    const popped = new Promise<void>((resolve) => {
      const stop = history.subscribe(() => {
        stop();
        resolve();
      });
    });
    history.go(-1);
    await popped;
    expect(history.getSnapshot()).toMatchObject({ location: { pathname: '/aem/milestone/entry', state: { depth: 1, base: 1 } }, action: 'POP' });
  });
});

describe('the memory history', () => {
  it('pushes, replaces and goes like a browser, dropping the entries ahead of a push', () => {
    const history = createMemoryHistory(['/?panel=military-service']);
    expect(history.getSnapshot().location).toEqual({ pathname: '/', search: '?panel=military-service', state: null });
    history.replace('/a/self', 1);
    history.push('/b/self', 2);
    history.push('/c/self', 3);
    history.go(-2);
    expect(history.getSnapshot()).toMatchObject({ location: { pathname: '/a/self', state: 1 }, action: 'POP' });
    const revisit = history.getSnapshot();
    history.go(1);
    history.go(-1);
    expect(history.getSnapshot().location).toEqual(revisit.location);
    expect(history.getSnapshot().location).not.toBe(revisit.location);
    history.push('/d/self', 4);
    history.go(1);
    expect(history.getSnapshot().location.pathname).toBe('/d/self');
    history.go(-5);
    expect(history.getSnapshot().location.pathname).toBe('/a/self');
  });
});

describe('stripBasename', () => {
  it('keeps paths outside the basename whole', () => {
    expect(stripBasename(BASE, BASE)).toBe('/');
    expect(stripBasename(`${BASE}/x/self`, BASE)).toBe('/x/self');
    expect(stripBasename('/join/get-startedx', BASE)).toBe('/join/get-startedx');
  });
});
