/**
 * A choice field with a fixed list (an enum with more choices than radios suit): a native
 * <select> with a first empty entry, marked aria-invalid when in error, described only by the
 * hint and error that are on the page (rjsf's own select names ids that may not exist).
 */
import { useContext, type ChangeEvent, type FocusEvent } from 'react';
import { enumOptionsIndexForValue, enumOptionsValueForIndex, getUiOptions, type WidgetProps } from '@rjsf/utils';
import { FormUiContext } from './context';
import { describedBy } from './templates';

/** The empty first entry's copy (content/en/reference.json). */
const CHOOSE_KEY = 'app.reference.choose';

export function SelectWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, rawErrors, uiSchema, placeholder } = props;
  const ui = useContext(FormUiContext);
  const enumOptions = options.enumOptions ?? [];
  const hasErrors = (rawErrors ?? []).length > 0;
  const help = getUiOptions(uiSchema).help !== undefined;
  const index = enumOptionsIndexForValue(value, enumOptions);
  const selected = typeof index === 'string' ? index : '';
  const valueOf = (event: ChangeEvent<HTMLSelectElement> | FocusEvent<HTMLSelectElement>) => enumOptionsValueForIndex(event.target.value, enumOptions, options.emptyValue);
  const choose = placeholder || (ui && ui.content.has(CHOOSE_KEY) ? ui.content.text(CHOOSE_KEY) : '');
  return (
    <select
      id={id}
      name={htmlName || id}
      className={hasErrors ? 'mu-input mu-select mu-input--error' : 'mu-input mu-select'}
      value={selected}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-invalid={hasErrors || undefined}
      aria-describedby={describedBy(id, { help, errors: hasErrors })}
      onChange={(event) => onChange(valueOf(event))}
      onBlur={(event) => onBlur(id, valueOf(event))}
      onFocus={(event) => onFocus(id, valueOf(event))}
    >
      <option value="">{choose}</option>
      {enumOptions.map((option, i) => (
        <option key={String(i)} value={String(i)} disabled={options.enumDisabled?.includes(option.value)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
