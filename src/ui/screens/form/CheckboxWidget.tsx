/**
 * A single checkbox (a consent, sameAddress) with its label beside it. Consent is never
 * pre-given (SPON-25): the box shows ticked only when the stored value is true, and a box
 * that must be ticked to continue (`const: true`) stores nothing while unticked, so its
 * `required` message shows; another boolean stores false when unticked.
 */
import { getUiOptions, type WidgetProps } from '@rjsf/utils';
import { describedBy } from './templates';

export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, label, hideLabel, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, rawErrors, uiSchema, schema, options } = props;
  const hasErrors = (rawErrors ?? []).length > 0;
  const help = getUiOptions(uiSchema).help !== undefined;
  const mustTick = schema.const === true;
  return (
    <div className="mu-checkbox">
      <input
        id={id}
        type="checkbox"
        name={htmlName || id}
        checked={value === true}
        required={required}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-invalid={hasErrors || undefined}
        aria-describedby={describedBy(id, { help, errors: hasErrors })}
        onChange={(event) => onChange(event.target.checked ? true : mustTick ? options.emptyValue : false)}
        onBlur={(event) => onBlur(id, event.target.checked)}
        onFocus={(event) => onFocus(id, event.target.checked)}
      />
      {!hideLabel && label && <label htmlFor={id}>{label}</label>}
    </div>
  );
}
