/**
 * A screen in a chunk of its own that a first screen may not need (the question screen: a product
 * that opens on a milestone or a form does not carry it): `preload()` starts loading it (once the
 * first screen is painted), and once it has loaded it renders at once, without suspending (no
 * loading line between a milestone and the first question). Before that it is `React.lazy`
 * under the caller's Suspense. Loaded by `loadChunk` (one retry, the 120 s timeout); a chunk that
 * cannot load throws into the screen's error boundary (the error route). A failed preload is
 * forgotten: the screen's own load tries again.
 */
import { createElement, lazy, type ComponentType } from 'react';
import { loadChunk } from '../load-chunk';

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= loadChunk(load).then(
      (component) => (loaded = component),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  // Its first render asks `preload` (again, if an earlier preload failed: `loading` was cleared).
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  return Object.assign(Preloadable, { preload });
}
