/**
 * A form panel as the shell shows it: the form screen with the panel validators' loader and the
 * reference data of its `options` fields (TanStack Query, one client per app: the lists are
 * cached for the session and shared between panels). Loaded with the form screen (rjsf,
 * TanStack Query), the first time a form panel appears: never on a question screen.
 */
import { useMemo, useState } from 'react';
import type { ValidatorType } from '@rjsf/utils';
import { QueryClientProvider } from '@tanstack/react-query';
import FormScreen from '../ui/screens/FormScreen';
import type { FormPanel } from '../engine/formats.generated';
import type { FormScreenProps } from '../ui/contract';
import { lazyValidatorLoader } from './validators';
import { useApp } from './context';
import { createOptionsLoader, referenceQueryClient } from './reference-options';
import { panelChecker, panelSuppressed } from './form-checks';
import { inlineFormPanels } from '../engine/field-refs';

export interface FormStepProps extends Omit<FormScreenProps, 'loadValidator' | 'options' | 'checkForm' | 'suppressed'> {
  /** A panel whose validator is missing or refused (the flow goes to the trap). */
  onValidatorRefused: (panelId: string, code: string) => void;
}

export default function FormStep({ onValidatorRefused, ...props }: FormStepProps) {
  const app = useApp();
  // The first reading left the panels' field references as written (src/engine/field-refs.ts):
  // inlined once per document set, before the form reads its schema.
  inlineFormPanels(app.flow.docs);
  const loadValidator = useMemo(() => lazyValidatorLoader(onValidatorRefused), [onValidatorRefused]);
  const options = useMemo(() => createOptionsLoader(app), [app]);
  const checkForm = useMemo(() => panelChecker(app, props.panel), [app, props.panel]);
  // What this person is not asked (VAL-16), decided once as the panel appears.
  const [suppressed] = useState(() => panelSuppressed(app, props.panel));
  return (
    <QueryClientProvider client={referenceQueryClient(app)}>
      <FormScreen {...props} loadValidator={loadValidator} options={options} suppressed={suppressed} {...(checkForm ? { checkForm } : {})} />
    </QueryClientProvider>
  );
}

/**
 * The panel's validator, loaded before the full form takes over from the first paint
 * (FirstFormStep.tsx), so the form shows its fields in its first frame. A refusal is not reported
 * here: the form screen then loads it again and reports it (the trap), as for any panel.
 */
export function preloadValidator(panel: FormPanel): Promise<ValidatorType | undefined> {
  return lazyValidatorLoader(() => undefined)(panel.id, panel.schema).catch(() => undefined);
}
