/**
 * Radio buttons as the applicant sees them (RadioWidget.tsx holds rjsf's side): native radios
 * sharing one name, each with its label, in rjsf's ids. Plain props, no rjsf: the form's first
 * paint (FirstForm.tsx) draws the same radios, so the full form replaces them without a change.
 */
import type { FocusEvent } from 'react';
import { optionId } from './attributes';

export interface RadiosViewProps {
  id: string;
  name: string;
  choices: readonly { label: string; checked: boolean }[];
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  autofocus?: boolean | undefined;
  hasErrors: boolean;
  describedBy: string | undefined;
  /** The index of the choice chosen, focused or left. */
  onChoose: (index: number) => void;
  onBlur?: (index: string) => void;
  onFocus?: (index: string) => void;
}

export function RadiosView({ id, name, choices, required, disabled, autofocus, hasErrors, describedBy, onChoose, onBlur, onFocus }: RadiosViewProps) {
  return (
    <div className="mu-radios">
      {choices.map((choice, index) => {
        const inputId = optionId(id, index);
        return (
          <div key={inputId} className="mu-radio">
            <input
              id={inputId}
              type="radio"
              name={name}
              value={String(index)}
              checked={choice.checked}
              required={required}
              disabled={disabled}
              autoFocus={autofocus && index === 0}
              aria-invalid={hasErrors || undefined}
              aria-describedby={describedBy}
              onChange={() => onChoose(index)}
              onBlur={(event: FocusEvent<HTMLInputElement>) => onBlur?.(event.target.value)}
              onFocus={(event: FocusEvent<HTMLInputElement>) => onFocus?.(event.target.value)}
            />
            <label htmlFor={inputId}>{choice.label}</label>
          </div>
        );
      })}
    </div>
  );
}
