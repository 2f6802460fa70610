import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves focus to the screen's heading (tabIndex -1) when the screen mounts, or when `ready`
 * turns true (a milestone whose content has loaded, UI-17). The new screen's heading is where
 * a keyboard or screen-reader user continues from.
 */
export function useHeadingFocus<T extends HTMLElement>(ready = true): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ready) ref.current?.focus({ preventScroll: false });
  }, [ready]);
  return ref;
}
