import type { StepView } from '../../engine/flow';

/**
 * A key per step: each screen keys its body with it, so a new step always starts with fresh
 * state (selection, pending advance, submitted flag) even if a shell reuses the component.
 */
export function stepKey(view: StepView): string {
  return `${view.position}:${view.module}:${view.step}:${view.variant}`;
}
