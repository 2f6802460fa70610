/**
 * The date field (VAL-10): a text input where a person types MM/dd/yyyy (yyyy-MM-dd and
 * MM/yyyy are accepted too); the form stores yyyy-MM-dd. Text that is not a date is stored as
 * typed, so the schema's `format: date` reports it ('Invalid Date').
 */
import { useContext, useState, type ChangeEvent } from 'react';
import { getUiOptions, type WidgetProps } from '@rjsf/utils';
import { UI_KEYS } from '../copy';
import { FormUiContext } from './context';
import { dateValueFor, formatDateForInput } from './dates';
import { describedBy } from './templates';

export function DateWidget(props: WidgetProps) {
  const { id, htmlName, value, required, readonly, disabled, autofocus, onChange, onBlur, onFocus, rawErrors, uiSchema, options } = props;
  const ui = useContext(FormUiContext);
  const [text, setText] = useState(() => formatDateForInput(value));
  const [seen, setSeen] = useState<unknown>(value);
  // The stored value changed from outside (reset, prefill): show it, unless it is what the text already means.
  if (value !== seen) {
    setSeen(value);
    if (dateValueFor(text) !== value) setText(formatDateForInput(value));
  }
  const hintId = `${id}__hint`;
  const hasErrors = (rawErrors ?? []).length > 0;
  const help = getUiOptions(uiSchema).help !== undefined;
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : undefined;
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    const stored = dateValueFor(next);
    setText(next);
    setSeen(stored);
    onChange(stored ?? options.emptyValue);
  };
  return (
    <>
      {ui && (
        <p id={hintId} className="mu-field-hint">
          {ui.content.text(UI_KEYS.dateHint)}
        </p>
      )}
      <input
        id={id}
        name={htmlName || id}
        type="text"
        inputMode="numeric"
        autoComplete={autoComplete}
        className={hasErrors ? 'mu-input mu-input--date mu-input--error' : 'mu-input mu-input--date'}
        value={text}
        required={required}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        aria-invalid={hasErrors || undefined}
        aria-describedby={describedBy(id, { hint: ui ? hintId : undefined, help, errors: hasErrors })}
        onChange={change}
        onBlur={() => onBlur(id, dateValueFor(text))}
        onFocus={() => onFocus(id, dateValueFor(text))}
      />
    </>
  );
}
