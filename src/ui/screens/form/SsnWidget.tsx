/**
 * The social security number (VAL-05; docs/decisions.md "Forms and accessibility"): a text
 * input for digits (inputMode numeric, autocomplete off), masked like a password until the
 * applicant presses Show (a toggle button: aria-pressed, aria-controls). What is typed is kept
 * as typed on screen; the form stores it without dashes or spaces (123-45-6789 -> 123456789),
 * so the schema's pattern checks the digits.
 */
import { useContext, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { UI_KEYS } from '../copy';
import { FormUiContext } from './context';
import { controlProps } from './templates';
import { useTypedText } from './typed-text';

/** The stored value of what was typed: without dashes or spaces; undefined when empty. */
export function ssnValueFor(text: string): string | undefined {
  const compact = text.replace(/[\s-]/g, '');
  return compact === '' ? undefined : compact;
}

const ssnText = (value: unknown): string => (typeof value === 'string' ? value : '');

export function SsnWidget(props: WidgetProps) {
  const { id, disabled, onChange, onBlur, onFocus, options } = props;
  const ui = useContext(FormUiContext);
  const [shown, setShown] = useState(false);
  const { text, change } = useTypedText(props.value, ssnValueFor, ssnText, onChange, options.emptyValue);
  const label = (key: string, fallback: string) => (ui ? ui.content.text(key) : fallback);
  return (
    <div className="mu-ssn">
      <input
        {...controlProps(props, 'mu-input--ssn')}
        type={shown ? 'text' : 'password'}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={11}
        value={text}
        onChange={change}
        onBlur={() => onBlur(id, ssnValueFor(text))}
        onFocus={() => onFocus(id, ssnValueFor(text))}
      />
      <button type="button" className="mu-button mu-button--secondary mu-ssn__toggle" aria-pressed={shown} aria-controls={id} disabled={disabled} onClick={() => setShown((s) => !s)}>
        {shown ? label(UI_KEYS.ssnHide, 'Hide') : label(UI_KEYS.ssnShow, 'Show')}
      </button>
    </div>
  );
}
