/**
 * A form panel as the shell shows it: the form screen with the panel validators' loader. Loaded
 * with the form screen (rjsf), the first time a form panel appears: never on a question screen.
 */
import { useMemo } from 'react';
import FormScreen from '../ui/screens/FormScreen';
import type { FormScreenProps } from '../ui/contract';
import { lazyValidatorLoader } from './validators';

export interface FormStepProps extends Omit<FormScreenProps, 'loadValidator'> {
  /** A panel whose validator is missing or refused (the flow goes to the trap). */
  onValidatorRefused: (panelId: string, code: string) => void;
}

export default function FormStep({ onValidatorRefused, ...props }: FormStepProps) {
  const loadValidator = useMemo(() => lazyValidatorLoader(onValidatorRefused), [onValidatorRefused]);
  return <FormScreen {...props} loadValidator={loadValidator} />;
}
