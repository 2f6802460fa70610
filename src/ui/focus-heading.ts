/**
 * Moves focus to a screen's or page's heading (tabIndex -1), where a keyboard or screen-reader
 * user continues from. Until the applicant has pressed a key or a pointer on the page (a page
 * just loaded or reloaded), the heading is focused without the focus ring: the browser would
 * draw one, since no pointer was used, around a heading nobody moved to. After that the
 * browser's own choice holds: a ring when they came by keyboard, none after a click (UI-17).
 * (`navigator.userActivation` would tell too, but automation and some navigations set it.)
 */
import { useEffect, useRef, type RefObject } from 'react';

let used = false;
if (typeof window !== 'undefined') {
  const mark = (): void => {
    used = true;
    window.removeEventListener('keydown', mark, true);
    window.removeEventListener('pointerdown', mark, true);
  };
  window.addEventListener('keydown', mark, true);
  window.addEventListener('pointerdown', mark, true);
}

export function focusHeading(heading: HTMLElement | null): void {
  heading?.focus(used ? { preventScroll: false } : { preventScroll: false, focusVisible: false });
}

/** Focus on the heading once, when the page mounts (the pages outside the screens: blocking pages, the trap, the callback). */
export function useFocusOnMount<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    focusHeading(ref.current);
  }, []);
  return ref;
}
