/**
 * A review panel as the shell shows it: the sections with answers (src/engine/review.ts) on the
 * check-your-answers screen. Loaded on demand, with the screen: never on a first screen.
 */
import type { ReviewPanel } from '../engine/formats.generated';
import type { Flow } from '../engine/flow';
import type { AppState } from '../engine/state';
import type { RuleContext } from '../rules/index';
import { reviewSections } from '../engine/review';
import ReviewScreen from '../ui/screens/ReviewScreen';
import type { ReviewScreenProps } from '../ui/contract';

export interface ReviewStepProps extends Omit<ReviewScreenProps, 'sections' | 'panel'> {
  panel: ReviewPanel;
  flow: Flow;
  state: AppState;
  ctx: RuleContext;
}

export default function ReviewStep({ flow, state, ctx, panel, ...props }: ReviewStepProps) {
  return <ReviewScreen {...props} panel={panel} sections={reviewSections(flow, panel, state, ctx)} />;
}
