/**
 * Components that a first screen never shows (dialogs, the interstitial) load the first time
 * they open, so their code and styles stay off the first screen's path (issue 4's budget).
 * Same props, same behaviour once loaded. The code is loaded by `loadChunk` (one retry, the
 * 120 s load timeout); if it still cannot be loaded, the open component throws ChunkLoadError
 * while rendering, so the error boundary around it routes the applicant (issue 13: the exit
 * dialog's leaves without it, the others' take the error route), and the next open tries again.
 * `preload()` starts the load early, when an open is likely soon.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { loadChunk } from '../load-chunk';

/** A component with an `open` prop whose code is loaded on its first open. */
export function loadWhenOpen<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= loadChunk(load).then(
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
    const [failed, setFailed] = useState<unknown>();
    useEffect(() => {
      if (!props.open || Loaded) return;
      let alive = true;
      preload().then(
        (component) => {
          if (alive) setLoaded(() => component);
        },
        (err: unknown) => {
          if (alive) setFailed(err);
        },
      );
      return () => {
        alive = false;
      };
    }, [props.open, Loaded]);
    if (failed !== undefined && props.open) throw failed;
    return Loaded ? <Loaded {...props} /> : null;
  }
  return Object.assign(WhenOpen, { preload });
}
