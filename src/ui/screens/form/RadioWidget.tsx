/**
 * Yes/no and short choice fields as radio buttons (issue 9; docs/decisions.md "Forms and
 * accessibility"): native radios sharing one name, so the arrow keys move and select as a
 * browser's radio group does, each with its label, at least 44 px tall. The field template
 * puts them in a fieldset whose legend is the field's label. aria-invalid and the error's
 * description mark every radio of a field in error. A boolean field offers Yes and No (its
 * `enumLabels`, or the app's own copy); an enum field offers its `enumLabels`.
 */
import { useContext } from 'react';
import { enumOptionsIsSelected, enumOptionsValueForIndex, getUiOptions, type WidgetProps } from '@rjsf/utils';
import { UI_KEYS } from '../copy';
import { FormUiContext } from './context';
import { describedBy } from './attributes';
import { RadiosView } from './radios-view';

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
  const valueAt = (index: string) => enumOptionsValueForIndex(index, enumOptions, options.emptyValue);
  return (
    <RadiosView
      id={id}
      name={htmlName || id}
      choices={enumOptions.map((option) => ({ label: labelOf(option.label, option.value), checked: enumOptionsIsSelected(option.value, value) }))}
      required={required}
      disabled={disabled || readonly}
      autofocus={autofocus}
      hasErrors={hasErrors}
      describedBy={described}
      onChoose={(index) => onChange(enumOptions[index]?.value)}
      onBlur={(index) => onBlur(id, valueAt(index))}
      onFocus={(index) => onFocus(id, valueAt(index))}
    />
  );
}
