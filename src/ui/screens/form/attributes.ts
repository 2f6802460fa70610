/**
 * The attributes every form control shares, as one pure function: rjsf's widgets
 * (templates.tsx `controlProps`) and the form's first paint (FirstForm.tsx, no rjsf) both call
 * it, so a control looks and reads the same whichever drew it. No rjsf here (the first paint's
 * budget): the ids below follow rjsf's convention (its idGenerators), and
 * tests/ui/first-form.test.tsx compares the two renderers' markup.
 */

/** rjsf's id of a field's help text. */
export const helpId = (id: string): string => `${id}__help`;
/** rjsf's id of a field's error text. */
export const errorId = (id: string): string => `${id}__error`;
/** rjsf's id of a radio button. */
export const optionId = (id: string, index: number): string => `${id}-${index}`;

/** The ids that describe an input: its hint, its help and its errors, when they are shown. */
export function describedBy(id: string, opts: { help?: boolean; errors?: boolean; hint?: string | undefined }): string | undefined {
  const ids = [opts.hint, opts.help ? helpId(id) : undefined, opts.errors ? errorId(id) : undefined].filter((x): x is string => x !== undefined);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * A text input's `maxlength` (issue 22): its field's schema `maxLength`, so no one types past
 * what the field accepts; none when the panel normalises the field to its digits (`normalize`:
 * "digits"), since the spaces, dashes and brackets typed around them would count, nor when it
 * splits what is typed (a ZIP+4 in the ZIP field: `{"split": "zipPlus4"}`, marked 'split' in the UI schema).
 */
export function inputMaxLength(schema: { maxLength?: unknown }, normalize: unknown): number | undefined {
  const max = schema.maxLength;
  // Digits-only (a phone typed with dashes) and a split (78201-1234 typed in a 5-digit ZIP field) are longer as typed than as kept.
  const kept = normalize === undefined || normalize === 'trim' || normalize === 'collapse' || normalize === 'upper';
  return kept && typeof max === 'number' ? max : undefined;
}

/** What a control's attributes depend on. */
export interface ControlState {
  id: string;
  name?: string | undefined;
  required?: boolean | undefined;
  readonly?: boolean | undefined;
  disabled?: boolean | undefined;
  autofocus?: boolean | undefined;
  /** The field has a help text on the page. */
  help: boolean;
  hasErrors: boolean;
}

/**
 * id and name, Muster's classes (`mu-input`, the control's own, and `mu-input--error` while in
 * error), required, read-only, disabled, autofocus, aria-invalid and aria-describedby (the hint,
 * the help and the errors that are on the page).
 */
export function controlAttributes(state: ControlState, modifier?: string, hint?: string) {
  return {
    id: state.id,
    name: state.name || state.id,
    className: ['mu-input', modifier, state.hasErrors ? 'mu-input--error' : undefined].filter((c) => c !== undefined).join(' '),
    required: state.required,
    readOnly: state.readonly,
    disabled: state.disabled,
    autoFocus: state.autofocus,
    'aria-invalid': state.hasErrors || undefined,
    'aria-describedby': describedBy(state.id, { help: state.help, errors: state.hasErrors, hint }),
  };
}
