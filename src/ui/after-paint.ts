/**
 * Runs `fn` once the browser has painted the current frame (the next animation frame, then a
 * task): work the applicant does not see (moving focus, writing session storage, analytics)
 * then never delays the new screen. Without animation frames (a hidden tab, tests) it runs as
 * the next task.
 */
export function afterPaint(fn: () => void): void {
  const visible = typeof document !== 'undefined' && document.visibilityState === 'visible';
  if (visible && typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(fn, 0));
  else setTimeout(fn, 0);
}
