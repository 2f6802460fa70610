/**
 * A choice field with a fixed list (an enum with more choices than radios suit): a native
 * <select> with a first empty entry, marked aria-invalid when in error, described only by the
 * hint and error that are on the page (rjsf's own select names ids that may not exist).
 */
import { useContext, type ChangeEvent, type FocusEvent } from 'react';
import { enumOptionsIndexForValue, enumOptionsValueForIndex, type WidgetProps } from '@rjsf/utils';
import { FormUiContext } from './context';
import { controlProps } from './templates';

/** The empty first entry's copy (content/en/reference.json). */
const CHOOSE_KEY = 'app.reference.choose';

export function SelectWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, options, placeholder } = props;
  const ui = useContext(FormUiContext);
  const enumOptions = options.enumOptions ?? [];
  const index = enumOptionsIndexForValue(value, enumOptions);
  const selected = typeof index === 'string' ? index : '';
  const valueOf = (event: ChangeEvent<HTMLSelectElement> | FocusEvent<HTMLSelectElement>) => enumOptionsValueForIndex(event.target.value, enumOptions, options.emptyValue);
  const choose = placeholder || (ui && ui.content.has(CHOOSE_KEY) ? ui.content.text(CHOOSE_KEY) : '');
  // A select cannot be read-only: read-only is disabled.
  const { readOnly: _readOnly, ...control } = controlProps(props, 'mu-select');
  return (
    <select
      {...control}
      disabled={disabled || readonly}
      value={selected}
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
