/**
 * The date field (VAL-10): a text input where a person types MM/dd/yyyy (yyyy-MM-dd and
 * MM/yyyy are accepted too); the form stores yyyy-MM-dd. Text that is not a date is stored as
 * typed, so the schema's `format: date` reports it ('Invalid Date').
 */
import { useContext } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { UI_KEYS } from '../copy';
import { FormUiContext } from './context';
import { dateValueFor, formatDateForInput } from './dates';
import { controlProps } from './templates';
import { useTypedText } from './typed-text';

export function DateWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options } = props;
  const ui = useContext(FormUiContext);
  const { text, change } = useTypedText(value, dateValueFor, formatDateForInput, onChange, options.emptyValue);
  const hintId = `${id}__hint`;
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : undefined;
  return (
    <>
      {ui && (
        <p id={hintId} className="mu-field-hint">
          {ui.content.text(UI_KEYS.dateHint)}
        </p>
      )}
      <input
        {...controlProps(props, 'mu-input--date', ui ? hintId : undefined)}
        type="text"
        inputMode="numeric"
        autoComplete={autoComplete}
        value={text}
        onChange={change}
        onBlur={() => onBlur(id, dateValueFor(text))}
        onFocus={() => onFocus(id, dateValueFor(text))}
      />
    </>
  );
}
