/**
 * Yes/no and short choice fields as radio buttons (issue 9; docs/decisions.md "Forms and
 * accessibility"): native radios sharing one name, so the arrow keys move and select as a
 * browser's radio group does, each with its label, at least 44 px tall. The field template
 * puts them in a fieldset whose legend is the field's label. aria-invalid and the error's
 * description mark every radio of a field in error. A boolean field offers Yes and No (its
 * `enumLabels`, or the app's own copy); an enum field offers its `enumLabels`.
 */
import { useContext, type FocusEvent } from 'react';
import { enumOptionsIsSelected, enumOptionsValueForIndex, getUiOptions, optionId, type WidgetProps } from '@rjsf/utils';
import { UI_KEYS } from '../copy';
import { FormUiContext } from './context';
import { describedBy } from './templates';

export function RadioWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, rawErrors, uiSchema, schema } = props;
  const ui = useContext(FormUiContext);
  const enumOptions = options.enumOptions ?? [];
  const hasErrors = (rawErrors ?? []).length > 0;
  const help = getUiOptions(uiSchema).help !== undefined;
  const described = describedBy(id, { help, errors: hasErrors });
  const named = getUiOptions(uiSchema).enumNames !== undefined;
  const labelOf = (label: string, optionValue: unknown): string => {
    // A boolean without labels of its own: Yes / No from the app's copy, not rjsf's English.
    if (schema.type === 'boolean' && !named && ui) return ui.content.text(optionValue === true ? UI_KEYS.yes : UI_KEYS.no);
    return label;
  };
  const valueAt = (event: FocusEvent<HTMLInputElement>) => enumOptionsValueForIndex(event.target.value, enumOptions, options.emptyValue);
  return (
    <div className="mu-radios">
      {enumOptions.map((option, index) => {
        const inputId = optionId(id, index);
        const checked = enumOptionsIsSelected(option.value, value);
        return (
          <div key={inputId} className="mu-radio">
            <input
              id={inputId}
              type="radio"
              name={htmlName || id}
              value={String(index)}
              checked={checked}
              required={required}
              disabled={disabled || readonly}
              autoFocus={autofocus && index === 0}
              aria-invalid={hasErrors || undefined}
              aria-describedby={described}
              onChange={() => onChange(option.value)}
              onBlur={(event) => onBlur(id, valueAt(event))}
              onFocus={(event) => onFocus(id, valueAt(event))}
            />
            <label htmlFor={inputId}>{labelOf(option.label, option.value)}</label>
          </div>
        );
      })}
    </div>
  );
}
