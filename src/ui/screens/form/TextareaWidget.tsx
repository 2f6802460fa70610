/**
 * Text over several lines: a textarea with Muster's classes and aria wiring. Read-only, it shows
 * a value the applicant compares rather than types (the address as entered and as suggested,
 * ADDR-18) in full at any width: a one-line input would cut it off on a phone.
 */
import type { ChangeEvent, FocusEvent } from 'react';
import { getUiOptions, type WidgetProps } from '@rjsf/utils';
import { describedBy } from './templates';

export function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, required, readonly, disabled, autofocus, onChange, onBlur, onFocus, rawErrors, uiSchema, options } = props;
  const hasErrors = (rawErrors ?? []).length > 0;
  const help = getUiOptions(uiSchema).help !== undefined;
  const text = value == null ? '' : String(value);
  const rows = typeof options.rows === 'number' ? options.rows : Math.max(2, Math.min(6, Math.ceil(text.length / 32)));
  return (
    <textarea
      id={id}
      name={htmlName || id}
      className={hasErrors ? 'mu-input mu-textarea mu-input--error' : 'mu-input mu-textarea'}
      value={text}
      rows={rows}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      aria-invalid={hasErrors || undefined}
      aria-describedby={describedBy(id, { help, errors: hasErrors })}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event: FocusEvent<HTMLTextAreaElement>) => onBlur(id, event.target.value)}
      onFocus={(event: FocusEvent<HTMLTextAreaElement>) => onFocus(id, event.target.value)}
    />
  );
}
