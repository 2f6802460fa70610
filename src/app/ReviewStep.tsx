/**
 * A review panel as the shell shows it: the sections with answers (src/engine/review.ts) on the
 * check-your-answers screen. Loaded on demand, with the screen: never on a first screen.
 * Reference-data answers show their list's label ('Army', not 'A'): the lists come from the
 * app's TanStack Query cache (the form panels filled it), and one not cached yet (a resumed
 * session) is fetched; until then, and if it fails, the stored value shows.
 */
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { ReviewPanel } from '../engine/formats.generated';
import type { Flow } from '../engine/flow';
import type { AppState } from '../engine/state';
import type { RuleContext } from '../rules/index';
import { reviewConsent, reviewSections, type ReviewSectionView } from '../engine/review';
import { inlineFormPanels } from '../engine/field-refs';
import { changeAnswer, confirmReview } from '../engine/flow-moves';
import type { OptionsRequest } from '../engine/option-sources';
import ReviewScreen from '../ui/screens/ReviewScreen';
import type { OptionsLoader, ReviewScreenProps } from '../ui/contract';
import { referenceQueryKey } from '../ui/screens/form/options';
import { useApp } from './context';
import { createOptionLabel, createOptionsLoader, referenceQueryClient } from './reference-options';

export interface ReviewStepProps extends Omit<ReviewScreenProps, 'sections' | 'panel' | 'onChange' | 'onContinue' | 'consent'> {
  panel: ReviewPanel;
  flow: Flow;
  state: AppState;
  ctx: RuleContext;
}

/** The lists the sections' reference-data answers need (one per request). */
function requestsOf(sections: readonly ReviewSectionView[], loader: OptionsLoader): OptionsRequest[] {
  const out = new Map<string, OptionsRequest>();
  for (const s of sections) {
    const shown = new Set(s.entries.map((e) => e.field));
    for (const [field, spec] of Object.entries(s.panel.options ?? {})) {
      if (!shown.has(field)) continue;
      try {
        const r = loader.resolve(spec, s.data);
        if (r.kind === 'ready') out.set(r.request.key, r.request);
      } catch {
        /* a developer error: the value shows as stored */
      }
    }
  }
  return [...out.values()];
}

export default function ReviewStep({ flow, state, ctx, panel, ...props }: ReviewStepProps) {
  const app = useApp();
  const client = referenceQueryClient(app);
  // The first reading left the panels' field references as written (src/engine/field-refs.ts).
  inlineFormPanels(flow.docs);
  const sections = reviewSections(flow, panel, state, ctx);
  const loader = useMemo(() => createOptionsLoader(app), [app]);
  const requests = requestsOf(sections, loader);
  const results = useQueries({ queries: requests.map((r) => ({ queryKey: referenceQueryKey(r.key), queryFn: ({ signal }: { signal: AbortSignal }) => loader.load(r, signal) })) }, client);
  const fetched = results.filter((r) => r.isSuccess).length;
  // A new label map each time a list arrives, so the screen shows the labels.
  const optionLabel = useMemo(() => (fetched >= 0 ? createOptionLabel(app, client) : undefined), [app, client, fetched]);
  // A Change link: the engine's move opens the section's step, and comes back (src/engine/flow-moves.ts).
  const onChange = (target: { module: string; step: string }): void => app.store.move('forward', (s, c) => changeAnswer(flow, s, target, c), 'change');
  // The applicant's consent where the page asks it (issue 20): Continue stores the tick and moves on (PAY-06).
  const asked = reviewConsent(flow, panel, state, ctx);
  const consent = asked ? { heading: asked.consent.heading, label: asked.consent.label, message: asked.consent.message, given: asked.given } : undefined;
  const onContinue = (consented?: boolean): void => app.store.move('forward', (s, c) => confirmReview(flow, s, consented === true, c), 'review');
  return <ReviewScreen {...props} panel={panel} sections={sections} optionLabel={props.optionLabel ?? optionLabel} onChange={onChange} consent={consent} onContinue={onContinue} />;
}
