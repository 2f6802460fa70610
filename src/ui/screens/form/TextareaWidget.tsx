/**
 * Text over several lines: a textarea with Muster's classes and aria wiring. Read-only, it shows
 * a value the applicant compares rather than types (the address as entered and as suggested,
 * ADDR-18) in full at any width: a one-line input would cut it off on a phone.
 */
import type { ChangeEvent, FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { controlProps } from './templates';

export function TextareaWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options } = props;
  const text = value == null ? '' : String(value);
  const rows = typeof options.rows === 'number' ? options.rows : Math.max(2, Math.min(6, Math.ceil(text.length / 32)));
  return (
    <textarea
      {...controlProps(props, 'mu-textarea')}
      value={text}
      rows={rows}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event: FocusEvent<HTMLTextAreaElement>) => onBlur(id, event.target.value)}
      onFocus={(event: FocusEvent<HTMLTextAreaElement>) => onFocus(id, event.target.value)}
    />
  );
}
