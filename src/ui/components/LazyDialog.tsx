/**
 * The modal dialog (src/ui/components/Dialog.tsx), loaded the first time one opens: the exit,
 * help and milestone dialogs are a click away, never part of a first screen, so their code and
 * styles stay off the first screen's path (issue 4's budget). Same props, same behaviour once
 * loaded. If the chunk cannot be loaded the dialog stays closed (the page never goes blank) and
 * the next open tries again.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { DialogProps } from './Dialog';

export type { DialogAction, DialogProps } from './Dialog';

let loaded: ComponentType<DialogProps> | undefined;
let loading: Promise<ComponentType<DialogProps>> | undefined;

/** Loads the dialog's code (once; again after a failure). */
export function loadDialog(): Promise<ComponentType<DialogProps>> {
  loading ??= import('./Dialog').then(
    (m) => (loaded = m.Dialog),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

export function Dialog(props: DialogProps) {
  const [Loaded, setLoaded] = useState<ComponentType<DialogProps> | undefined>(() => loaded);
  useEffect(() => {
    if (!props.open || Loaded) return;
    let alive = true;
    loadDialog().then(
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
