/**
 * Muster's rjsf templates: labels above inputs, hints and inline errors tied to the input
 * with aria-describedby, an error summary at the top (UI-06..UI-08) whose entries link to their
 * fields, and no rjsf chrome (titles, descriptions, submit button). Copy comes from content via
 * the UI schema (see uiSchema.ts) and FormUiContext.
 */
import { useContext, useEffect, useId, useRef, type ChangeEvent, type FocusEvent, type MouseEvent } from 'react';
import { errorId, getUiOptions, helpId, type BaseInputTemplateProps, type ErrorListProps, type FieldErrorProps, type FieldHelpProps, type FieldTemplateProps, type ObjectFieldTemplateProps, type TemplatesType, type UiSchema } from '@rjsf/utils';
import { getInputProps } from '@rjsf/utils';
import { UI_KEYS } from '../copy';
import { FormUiContext } from './context';
import { errorSummaryText } from './errorSummary';
import { markErrorTitle } from './error-title';
import { errorField, fieldId } from './messages';
import { controlAttributes, describedBy, inputMaxLength } from './attributes';

export { describedBy };

/** The props of a control every widget wires the same way (what rjsf hands a widget or BaseInputTemplate). */
export interface ControlSource {
  id: string;
  htmlName?: string | undefined;
  required?: boolean | undefined;
  readonly?: boolean | undefined;
  disabled?: boolean | undefined;
  autofocus?: boolean | undefined;
  rawErrors?: string[] | undefined;
  uiSchema?: UiSchema | undefined;
}

/**
 * The attributes every control shares: id and name, Muster's classes (`mu-input`, the control's
 * own, and `mu-input--error` while in error), required, read-only, disabled, autofocus,
 * aria-invalid and aria-describedby (the hint, the help and the errors that are on the page).
 */
export function controlProps(props: ControlSource, modifier?: string, hint?: string) {
  return controlAttributes(
    {
      id: props.id,
      name: props.htmlName,
      required: props.required,
      readonly: props.readonly,
      disabled: props.disabled,
      autofocus: props.autofocus,
      help: getUiOptions(props.uiSchema).help !== undefined,
      hasErrors: (props.rawErrors ?? []).length > 0,
    },
    modifier,
    hint,
  );
}

/** Focus a field by its id (a radio group: its first input). */
export function focusField(id: string): void {
  const el = document.getElementById(id) ?? document.querySelector<HTMLElement>(`[id^="${CSS.escape(id)}-"]`);
  if (el instanceof HTMLElement) {
    el.focus();
    el.scrollIntoView?.({ block: 'center' });
  }
}

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, hidden, displayLabel, rawErrors, schema, uiSchema } = props;
  if (hidden) return <div hidden>{children}</div>;
  if (schema.type === 'object' || schema.type === 'array') return children;
  const widget = getUiOptions(uiSchema).widget;
  const hasErrors = (rawErrors ?? []).length > 0;
  const className = hasErrors ? 'mu-field mu-field--error' : 'mu-field';
  if (widget === 'radio' || widget === 'RadioWidget' || widget === 'checkboxes') {
    return (
      // aria-required is not allowed on a fieldset (role group): each radio carries `required`.
      <fieldset className={className} data-field={id}>
        <legend className="mu-label">{label}</legend>
        {help}
        {errors}
        {children}
      </fieldset>
    );
  }
  const isCheckbox = schema.type === 'boolean' && widget !== 'select';
  return (
    <div className={className} data-field={id}>
      {displayLabel && !isCheckbox && (
        <label className="mu-label" htmlFor={id}>
          {label}
        </label>
      )}
      {help}
      {errors}
      {children}
    </div>
  );
}

function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const messages = [...new Set(errors.filter((e): e is string => typeof e === 'string' && e !== ''))];
  if (messages.length === 0) return null;
  return (
    <p id={errorId(fieldPathId)} className="mu-field-error">
      {messages.map((m, i) => (
        <span key={i} className="mu-field-error__message">
          {m}
        </span>
      ))}
    </p>
  );
}

function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (help === undefined || help === '') return null;
  return (
    <p id={helpId(fieldPathId)} className="mu-field-help">
      {help}
    </p>
  );
}

function ErrorListTemplate({ errors }: ErrorListProps) {
  const ui = useContext(FormUiContext);
  const box = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const attempt = ui?.attempt ?? 0;
  useEffect(() => {
    box.current?.focus();
  }, [attempt]);
  // The page title says 'Error: ' while the summary lists errors (issue 20); the summary goes once they are fixed and sent.
  const shown = errors.length > 0;
  const content = ui?.content;
  useEffect(() => (content && shown ? markErrorTitle(content) : undefined), [content, shown]);
  if (!ui) return null;
  // One entry per field, in the order the errors came (the form's field order).
  const entries: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const field = errorField(error);
    if (seen.has(field)) continue;
    seen.add(field);
    entries.push({ field, message: error.message ?? error.stack });
  }
  if (entries.length === 0) return null;
  entries.sort((a, b) => ui.orderOf(a.field) - ui.orderOf(b.field)); // stable: same field place keeps error order
  const follow = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusField(id);
  };
  return (
    <div className="mu-error-summary" role="alert" aria-labelledby={headingId} tabIndex={-1} ref={box} data-part="error-summary">
      <h2 id={headingId} className="mu-error-summary__title">
        {errorSummaryText(entries.length, ui.content)}
      </h2>
      <ul className="mu-error-summary__list">
        {entries.map(({ field, message }) => {
          const label = ui.labelOf(field);
          // A label that already ends a sentence ('Where is this address?') is not followed by a colon.
          const entryKey = /[?.!:]$/.test(label) ? UI_KEYS.summaryEntryAfterSentence : UI_KEYS.summaryEntry;
          const text = label ? ui.content.text(entryKey, { label, message }) : message;
          if (field === '') return <li key="(form)">{text}</li>;
          const id = fieldId(field);
          return (
            <li key={field}>
              <a href={`#${id}`} onClick={follow(id)} data-field={id}>
                {text}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ObjectFieldTemplate({ properties, fieldPathId, title }: ObjectFieldTemplateProps) {
  const content = properties.map((p) => p.content);
  if (fieldPathId.path.length === 0) return <div className="mu-fields">{content}</div>;
  return (
    <fieldset className="mu-fieldset" id={fieldPathId.$id}>
      {title && <legend className="mu-legend">{title}</legend>}
      {content}
    </fieldset>
  );
}

function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, value, onBlur, onFocus, onChange, onChangeOverride, options, schema, type, placeholder } = props;
  const inputProps = getInputProps(schema, type, options);
  const shown: string | number = inputProps.type === 'number' || inputProps.type === 'integer' ? (value || value === 0 ? (value as number) : '') : value == null ? '' : String(value);
  const change = (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value === '' ? options.emptyValue : event.target.value);
  return (
    <input
      {...inputProps}
      maxLength={inputMaxLength(schema, options.normalize)}
      {...controlProps(props)}
      value={shown}
      placeholder={placeholder || undefined}
      onChange={onChangeOverride ?? change}
      onBlur={(event: FocusEvent<HTMLInputElement>) => onBlur(id, event.target.value)}
      onFocus={(event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value)}
    />
  );
}

function Nothing() {
  return null;
}

export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> = {
  FieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  ErrorListTemplate,
  ObjectFieldTemplate,
  BaseInputTemplate,
  TitleFieldTemplate: Nothing,
  DescriptionFieldTemplate: Nothing,
};
