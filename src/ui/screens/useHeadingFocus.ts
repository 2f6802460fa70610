import { useEffect, useRef, type RefObject } from 'react';
import { afterPaint } from '../after-paint';
import { focusHeading } from '../focus-heading';

/**
 * Moves focus to the screen's heading (tabIndex -1) when the screen mounts, or when `ready`
 * turns true (a milestone whose content has loaded, UI-17). The new screen's heading is where
 * a keyboard or screen-reader user continues from (on a page just loaded, without the focus
 * ring: focusHeading). Focus moves once the screen is painted: focusing forces a style and
 * layout pass, which would otherwise hold the new screen back.
 */
export function useHeadingFocus<T extends HTMLElement>(ready = true): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!ready) return;
    let current = true;
    // Where focus was when the screen appeared (usually nothing: the old screen's button is gone).
    const before = document.activeElement;
    afterPaint(() => {
      // Unmounted meanwhile (the screen moved on, or a test's document is gone): nothing to do.
      if (!current) return;
      const now = document.activeElement;
      // Never take focus the applicant (or the screen, e.g. its error summary) has moved since.
      const untouched = now === before || now === null || now === document.body || !now.isConnected;
      if (untouched) focusHeading(ref.current);
    });
    return () => {
      current = false;
    };
  }, [ready]);
  return ref;
}
