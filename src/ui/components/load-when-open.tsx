/**
 * Components that a first screen never shows (dialogs, the interstitial) load the first time
 * they open, so their code and styles stay off the first screen's path (issue 4's budget).
 * Same props, same behaviour once loaded. If the code cannot be loaded the component renders
 * nothing (the page never goes blank) and the next open tries again. `preload()` starts the
 * load early, when an open is likely soon.
 */
import { useEffect, useState, type ComponentType } from 'react';

/** A component with an `open` prop whose code is loaded on its first open. */
export function loadWhenOpen<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  function WhenOpen(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | undefined>(() => loaded);
    useEffect(() => {
      if (!props.open || Loaded) return;
      let alive = true;
      preload().then(
        (component) => {
          if (alive) setLoaded(() => component);
        },
        () => undefined,
      );
      return () => {
        alive = false;
      };
    }, [props.open, Loaded]);
    return Loaded ? <Loaded {...props} /> : null;
  }
  return Object.assign(WhenOpen, { preload });
}
