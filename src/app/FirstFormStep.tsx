/**
 * The first form panel of a session, as the shell shows it (issue 11: a product may open on a
 * form, and a first screen carries at most 112 KiB of JS): the panel's first paint, drawn
 * without rjsf (src/ui/screens/form/FirstForm.tsx), then, once it is on screen, the full form
 * (FormStep.tsx: rjsf, the validators, reference data) loads and takes over with what the
 * applicant typed. Later form panels are the full form at once (StepHost).
 *
 * This chunk also carries what both renderers share (the frame, the control attributes, the
 * select's view, the field-reference inliner) and the progress bar, which a form shows: one
 * request on a first screen (vite.config.ts, `form-first`).
 */
import { useCallback, useRef, useState } from 'react';
import type { ValidatorType } from '@rjsf/utils';
import { FirstForm, type FirstFormProps } from '../ui/screens/form/FirstForm';
import type { FormHandover } from '../ui/contract';
import { loadChunk } from '../ui/load-chunk';
import { inlineFormPanels } from '../engine/field-refs';
import { useApp } from './context';
import { panelSuppressed } from './form-suppressed';

export type FullForm = typeof import('./FormStep');

export interface FirstFormStepProps extends Omit<FirstFormProps, 'suppressed' | 'prepare' | 'onReady'> {
  /** The full form has loaded and takes over from here. */
  onReady(handover: FormHandover, full: FullForm): void;
}

export default function FirstFormStep({ onReady, ...props }: FirstFormStepProps) {
  const app = useApp();
  // The first reading left the panels' field references as written (src/engine/field-refs.ts).
  inlineFormPanels(app.flow.docs);
  const [suppressed] = useState(() => panelSuppressed(app, props.panel));
  const loaded = useRef<{ full: FullForm; validator: ValidatorType | undefined }>(undefined);
  const { panel } = props;
  const prepare = useCallback(async () => {
    const full = await loadChunk(() => import('./FormStep'));
    loaded.current = { full, validator: await full.preloadValidator(panel) };
  }, [panel]);
  const ready = useCallback(
    (handover: Omit<FormHandover, 'validator'>) => {
      const done = loaded.current;
      if (done) onReady({ ...handover, ...(done.validator ? { validator: done.validator } : {}) }, done.full);
    },
    [onReady],
  );
  return <FirstForm {...props} suppressed={suppressed} prepare={prepare} onReady={ready} />;
}
