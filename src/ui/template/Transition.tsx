import type { ReactNode } from 'react';

/**
 * Page transitions (UI-09, UI-10): going back the new screen slides in from the left, going
 * forward from the right. The animation is CSS (template.css) and is switched off under
 * prefers-reduced-motion. `busy` freezes the screen (inert) while a command runs.
 */
export function Transition({ direction, busy, children }: { direction: 'forward' | 'back' | 'none'; busy?: boolean; children: ReactNode }) {
  const cls = direction === 'back' ? 'mu-transition mu-transition--back' : direction === 'forward' ? 'mu-transition mu-transition--forward' : 'mu-transition';
  return (
    <div className={cls} data-direction={direction} inert={busy === true} aria-busy={busy === true ? true : undefined}>
      {children}
    </div>
  );
}
