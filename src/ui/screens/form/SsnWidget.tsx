/**
 * The social security number (VAL-05; docs/decisions.md "Forms and accessibility"): a text
 * input for digits (inputMode numeric, autocomplete off), masked like a password until the
 * applicant presses Show (a toggle button: aria-pressed, aria-controls). What is typed is kept
 * as typed on screen; the form stores it without dashes or spaces (123-45-6789 -> 123456789),
 * so the schema's pattern checks the digits.
 */
import { useContext, useState, type ChangeEvent } from 'react';
import { getUiOptions, type WidgetProps } from '@rjsf/utils';
import { UI_KEYS } from '../copy';
import { FormUiContext } from './context';
import { describedBy } from './templates';

/** The stored value of what was typed: without dashes or spaces; undefined when empty. */
export function ssnValueFor(text: string): string | undefined {
  const compact = text.replace(/[\s-]/g, '');
  return compact === '' ? undefined : compact;
}

export function SsnWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, rawErrors, uiSchema } = props;
  const ui = useContext(FormUiContext);
  const [shown, setShown] = useState(false);
  const [text, setText] = useState(() => (typeof value === 'string' ? value : ''));
  const [seen, setSeen] = useState<unknown>(value);
  // The stored value changed from outside (reset, prefill): show it unless the text already means it.
  if (value !== seen) {
    setSeen(value);
    if (ssnValueFor(text) !== value) setText(typeof value === 'string' ? value : '');
  }
  const hasErrors = (rawErrors ?? []).length > 0;
  const help = getUiOptions(uiSchema).help !== undefined;
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    const stored = ssnValueFor(next);
    setText(next);
    setSeen(stored);
    onChange(stored ?? options.emptyValue);
  };
  const label = (key: string, fallback: string) => (ui ? ui.content.text(key) : fallback);
  return (
    <div className="mu-ssn">
      <input
        id={id}
        name={htmlName || id}
        type={shown ? 'text' : 'password'}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={11}
        className={hasErrors ? 'mu-input mu-input--ssn mu-input--error' : 'mu-input mu-input--ssn'}
        value={text}
        required={required}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        aria-invalid={hasErrors || undefined}
        aria-describedby={describedBy(id, { help, errors: hasErrors })}
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
