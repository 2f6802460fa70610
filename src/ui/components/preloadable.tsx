/**
 * A screen in a chunk of its own (the form's first paint, src/app/FirstFormStep.tsx): `preload()`
 * starts loading it (boot, as soon as the first step is known), and once it has loaded it renders
 * at once, without suspending (no loading line before it). Before that it is `React.lazy`
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
