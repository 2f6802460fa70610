/**
 * A reference-data field as the applicant sees it (OptionsSelect.tsx holds its loading logic):
 * a native <select> under the field's label, with its state beside it: waiting for a parent,
 * loading, failed with Retry, or empty. Plain props, no rjsf: the form's first paint
 * (FirstForm.tsx) draws the same select in its loading state, so the full form replaces it
 * without a visible change.
 */
import type { ReactNode, Ref } from 'react';
import type { OptionItem } from '../../../engine/option-sources';
import { describedBy } from './attributes';
import { OPTIONS_KEYS } from './options-keys';

export type SelectState =
  | { kind: 'unavailable' }
  /** The source has no options and the field takes free text instead (panel `options.freeTextWhenEmpty`): OptionsSelect draws it, never this view (the first paint never shows it). */
  | { kind: 'free-text' }
  | { kind: 'waiting'; parent: string | undefined }
  | { kind: 'loading' }
  | { kind: 'failed'; retry: (() => void) | undefined }
  | { kind: 'ready'; options: readonly OptionItem[]; required: boolean };

const NO_OPTIONS: readonly OptionItem[] = [];

export interface OptionsSelectViewProps {
  id: string;
  name: string;
  value: unknown;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  autofocus?: boolean | undefined;
  autoComplete?: string | undefined;
  /** The field has a help text on the page. */
  help: boolean;
  hasErrors: boolean;
  state: SelectState;
  selectRef?: Ref<HTMLSelectElement> | undefined;
  text: (key: string, vars?: Record<string, string>) => string;
  labelOf: (field: string) => string;
  /** The chosen value ('' for the empty entry); never called while there is no list to choose from. */
  onChange: (value: string) => void;
  onBlur: (value: string) => void;
  onFocus: (value: string) => void;
}

export function OptionsSelectView(props: OptionsSelectViewProps) {
  const { id, name, value, required, disabled, autofocus, autoComplete, help, hasErrors, state, selectRef, text, labelOf, onChange, onBlur, onFocus } = props;
  const statusId = `${id}__options-status`;
  const current = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const list = state.kind === 'ready' ? state.options : NO_OPTIONS;
  // A stored value the list does not hold yet (loading, failed): still shown, so nothing typed is lost from view.
  const shown = current !== '' && !list.some((o) => o.value === current) ? [{ value: current, label: current }, ...list] : list;
  const off = state.kind !== 'ready' || list.length === 0;

  let status: ReactNode = null;
  if (state.kind === 'waiting') {
    const parent = state.parent !== undefined ? labelOf(state.parent) : '';
    status = (
      <p id={statusId} className="mu-field-hint mu-options__status" data-options="waiting">
        {parent ? text(OPTIONS_KEYS.waiting, { parent }) : text(OPTIONS_KEYS.waitingGeneric)}
      </p>
    );
  } else if (state.kind === 'loading') {
    status = (
      <p id={statusId} className="mu-field-hint mu-options__status" role="status" data-options="loading">
        <span className="mu-spinner" aria-hidden="true" />
        {text(OPTIONS_KEYS.loading)}
      </p>
    );
  } else if (state.kind === 'failed' || state.kind === 'unavailable') {
    status = (
      <div id={statusId} className="mu-options__failure" role="alert" data-options="failed">
        <p className="mu-options__failure-text">{text(OPTIONS_KEYS.loadError)}</p>
        {state.kind === 'failed' && state.retry && (
          <button type="button" className="mu-button mu-button--secondary mu-options__retry" data-action="retry-options" onClick={state.retry}>
            {text(OPTIONS_KEYS.retry)}
          </button>
        )}
      </div>
    );
  } else if (state.kind === 'ready' && list.length === 0) {
    status = (
      <p id={statusId} className="mu-field-hint mu-options__status" data-options="empty">
        {text(OPTIONS_KEYS.empty)}
      </p>
    );
  }
  const isRequired = required || (state.kind === 'ready' && state.required);
  return (
    <>
      <select
        ref={selectRef}
        id={id}
        name={name}
        className={hasErrors ? 'mu-input mu-select mu-input--error' : 'mu-input mu-select'}
        value={current}
        required={isRequired}
        aria-required={isRequired || undefined}
        // Without a list to choose from (waiting for its parent, loading, failed, empty) the select
        // is aria-disabled, not disabled: it stays focusable, so the error summary's link can
        // move focus to it and its hint ('Answer Branch of service first') is read (UI-07).
        disabled={disabled}
        aria-disabled={off || undefined}
        autoFocus={autofocus}
        autoComplete={autoComplete}
        aria-invalid={hasErrors || undefined}
        aria-busy={state.kind === 'loading' || undefined}
        aria-describedby={describedBy(id, { hint: status ? statusId : undefined, help, errors: hasErrors })}
        data-options-state={state.kind}
        onChange={(event) => {
          if (!off) onChange(event.target.value);
        }}
        onBlur={(event) => onBlur(event.target.value)}
        onFocus={(event) => onFocus(event.target.value)}
      >
        <option value="">{text(OPTIONS_KEYS.choose)}</option>
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {status}
    </>
  );
}
