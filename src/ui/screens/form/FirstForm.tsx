/**
 * A form panel's first paint (issue 11: the insurance quote flows open on a form). rjsf, Ajv,
 * the panel's validator and the reference-data client are about 140 KiB gzip, more than a first
 * screen may carry; this draws the panel's fields as the full form would (the same frame, the
 * same controls, the same ids, classes and ARIA: tests/ui/first-form.test.tsx compares the two
 * for every panel it can draw), the applicant can read and type at once, and once the screen
 * is painted the full form loads (`prepare`) and takes over (`onReady`) with what was typed,
 * the focus and its selection, and a Continue that was pressed meanwhile.
 *
 * It draws text, e-mail and telephone inputs, the date field, radios and reference-data selects
 * (in their loading state, as the full form first shows them). A panel with anything else (an
 * SSN, a check box, a nested block, a cascade, a field a condition adds) gets the frame and the
 * processing line until the full form is there.
 */
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { StepView } from '../../../engine/flow';
import type { FormPanel } from '../../../engine/formats.generated';
import type { JsonObject } from '../../../engine/state';
import type { JsonValue } from '../../../rules/index';
import type { ContentApi, FormHandover } from '../../contract';
import { afterPaint } from '../../after-paint';
import { UI_KEYS } from '../copy';
import { useHeadingFocus } from '../useHeadingFocus';
import { controlAttributes, describedBy, helpId, inputMaxLength } from './attributes';
import { RadiosView } from './radios-view';
import { dateValueFor, formatDateForInput } from './dates';
import { FormFrame, PreviousButton } from './FormFrame';
import { OptionsSelectView } from './options-view';
import { fieldOrder } from './field-order';

type Node = { [key: string]: JsonValue };
type Kind = 'text' | 'date' | 'radio' | 'options' | 'hidden';

/** One top-level field as the first paint draws it. */
export interface FirstField {
  name: string;
  id: string;
  kind: Kind;
  label: string;
  help: string | undefined;
  required: boolean;
  inputType: string;
  autoComplete: string | undefined;
  /** The text input's maxlength (attributes.ts inputMaxLength). */
  maxLength: number | undefined;
  choices: { value: JsonValue; label: string }[];
}

function isNode(v: JsonValue | undefined): v is Node {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** UI schema keys the first paint reads; a field with any other is left to the full form. */
const UI_KEYS_DRAWN = new Set(['ui:widget', 'ui:autocomplete', 'ui:inputType']);
/** Schema keys that change what a form shows (not only what it accepts): left to the full form. */
const SHAPE_KEYS = ['dependencies', 'dependentSchemas', 'oneOf', 'anyOf', 'additionalProperties', 'patternProperties'];

/** Schema keys that choose a field's control. */
const WIDGET_KEYS = ['type', 'format', 'enum', 'const', 'items', 'properties'];

/** The properties a conditional branch (allOf if/then/else) names must all be top-level fields already. */
function branchesOnlyNarrow(schema: Node, top: Node): boolean {
  const all = schema.allOf;
  if (all === undefined) return true;
  if (!Array.isArray(all)) return false;
  return all.every((branch) => {
    if (!isNode(branch)) return false;
    return [branch.then, branch.else].every((b) => {
      if (b === undefined) return true;
      if (!isNode(b) || Object.keys(b).some((k) => k !== 'properties')) return false;
      const props = b.properties;
      if (props === undefined) return true;
      // Each names a field there is, and narrows only what it accepts, never what control draws it.
      return isNode(props) && Object.entries(props).every(([p, s]) => {
        const field = top[p];
        return isNode(field) && isNode(s) && WIDGET_KEYS.every((k) => s[k] === undefined || JSON.stringify(s[k]) === JSON.stringify(field[k]));
      });
    });
  });
}

function kindOf(panel: FormPanel, name: string, schema: Node, ui: Node, suppressed: readonly string[]): Kind | undefined {
  if (suppressed.includes(name)) return 'hidden';
  const widget = ui['ui:widget'];
  const option = panel.options?.[name];
  if (option !== undefined) return Object.keys(option).every((k) => k === 'source') && schema.type === 'string' ? 'options' : undefined;
  if (widget === 'RadioWidget') {
    if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) return 'radio';
    return schema.type === 'boolean' && panel.enumLabels?.[name] === undefined ? 'radio' : undefined;
  }
  if (schema.type !== 'string' || schema.enum !== undefined || schema.const !== undefined) return undefined;
  if (widget === 'DateWidget' || (widget === undefined && schema.format === 'date')) return 'date';
  if (widget === undefined || widget === 'TextWidget' || widget === 'EmailWidget') return schema.format === 'date' ? undefined : 'text';
  return undefined;
}

/**
 * The fields of `panel` (field references inlined) as the first paint draws them, in the form's
 * order, or undefined when the panel has anything the first paint does not draw.
 */
export function firstFields(panel: FormPanel, content: ContentApi, variant: string, suppressed: readonly string[]): FirstField[] | undefined {
  const schema = panel.schema as Node;
  const top = schema.properties;
  if (schema.type !== 'object' || !isNode(top) || SHAPE_KEYS.some((k) => schema[k] !== undefined) || !branchesOnlyNarrow(schema, top)) return undefined;
  const required = Array.isArray(schema.required) ? schema.required : [];
  const uiRoot = (panel.uiSchema ?? {}) as Node;
  if (Object.keys(uiRoot).some((k) => k.startsWith('ui:') && k !== 'ui:order')) return undefined;
  const order = fieldOrder(panel);
  const names = Object.keys(top).sort((a, b) => order(a) - order(b));
  const fields: FirstField[] = [];
  for (const name of names) {
    const field = top[name];
    const uiNode = uiRoot[name];
    const ui: Node = isNode(uiNode) ? uiNode : {};
    if (!isNode(field) || Object.keys(ui).some((k) => !UI_KEYS_DRAWN.has(k))) return undefined;
    const kind = kindOf(panel, name, field, ui, suppressed);
    if (kind === undefined) return undefined;
    const labelKey = panel.labels?.[name];
    const helpKey = panel.help?.[name];
    const names = panel.enumLabels?.[name];
    const widget = ui['ui:widget'];
    const autocomplete = ui['ui:autocomplete'];
    const inputType = ui['ui:inputType'];
    const values: JsonValue[] = field.type === 'boolean' ? [true, false] : Array.isArray(field.enum) ? field.enum : [];
    fields.push({
      name,
      id: `root_${name}`,
      kind,
      label: labelKey !== undefined ? content.text(labelKey) : '',
      help: helpKey !== undefined && content.has(helpKey) ? content.text(helpKey) : undefined,
      required: required.includes(name),
      inputType: typeof inputType === 'string' ? inputType : widget === 'EmailWidget' ? 'email' : 'text',
      // A relative's details are not the applicant's own: no autofill (uiSchema.ts withoutAutofill).
      autoComplete: typeof autocomplete === 'string' ? (variant === 'self' ? autocomplete : 'off') : undefined,
      maxLength: inputMaxLength(field, panel.normalize?.[name]),
      choices: values.map((value) => ({
        value,
        label: typeof value === 'boolean' ? content.text(value ? UI_KEYS.yes : UI_KEYS.no) : names?.[String(value)] !== undefined ? content.text(names[String(value)] as string) : String(value),
      })),
    });
  }
  return fields;
}

function Control({ field, value, onChange, content }: { field: FirstField; value: JsonValue | undefined; onChange: (value: JsonValue | undefined) => void; content: ContentApi }) {
  const state = { id: field.id, required: field.required, help: field.help !== undefined, hasErrors: false };
  const [typed, setTyped] = useState(() => formatDateForInput(value));
  switch (field.kind) {
    case 'hidden':
      return <input type="hidden" id={field.id} name={field.id} value={typeof value === 'string' || typeof value === 'number' ? value : ''} />;
    case 'text':
      return (
        <input
          type={field.inputType}
          autoComplete={field.autoComplete}
          maxLength={field.maxLength}
          {...controlAttributes(state)}
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        />
      );
    case 'date': {
      const hintId = `${field.id}__hint`;
      return (
        <>
          <p id={hintId} className="mu-field-hint">
            {content.text(UI_KEYS.dateHint)}
          </p>
          <input
            {...controlAttributes(state, 'mu-input--date', hintId)}
            type="text"
            inputMode="numeric"
            autoComplete={field.autoComplete}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              onChange(dateValueFor(event.target.value));
            }}
          />
        </>
      );
    }
    case 'radio':
      return (
        <RadiosView
          id={field.id}
          name={field.id}
          choices={field.choices.map((choice) => ({ label: choice.label, checked: choice.value === value }))}
          required={field.required}
          hasErrors={false}
          describedBy={describedBy(field.id, { help: field.help !== undefined, errors: false })}
          onChoose={(index) => onChange(field.choices[index]?.value)}
        />
      );
    case 'options':
      return (
        <OptionsSelectView
          id={field.id}
          name={field.id}
          value={value}
          required={field.required}
          disabled={false}
          autoComplete={field.autoComplete}
          help={field.help !== undefined}
          hasErrors={false}
          state={{ kind: 'loading' }}
          text={(key, vars) => content.text(key, vars)}
          labelOf={() => ''}
          onChange={(v) => onChange(v === '' ? undefined : v)}
          onBlur={() => undefined}
          onFocus={() => undefined}
        />
      );
  }
}

/** One field with its label, help and control, in the full form's FieldTemplate markup. */
function FirstFieldView({ field, value, onChange, content }: { field: FirstField; value: JsonValue | undefined; onChange: (value: JsonValue | undefined) => void; content: ContentApi }) {
  const control = <Control field={field} value={value} onChange={onChange} content={content} />;
  if (field.kind === 'hidden') return <div hidden>{control}</div>;
  const help = field.help !== undefined && (
    <p id={helpId(field.id)} className="mu-field-help">
      {field.help}
    </p>
  );
  if (field.kind === 'radio') {
    return (
      <fieldset className="mu-field" data-field={field.id}>
        <legend className="mu-label">{field.label}</legend>
        {help}
        {control}
      </fieldset>
    );
  }
  return (
    <div className="mu-field" data-field={field.id}>
      <label className="mu-label" htmlFor={field.id}>
        {field.label}
      </label>
      {help}
      {control}
    </div>
  );
}

/** The control that has focus, with its selection, if it is one of this form's; or the heading, if it has it. */
function focusOf(form: HTMLFormElement | null, heading: HTMLElement | null): FormHandover['focus'] {
  const active = document.activeElement;
  if (active !== null && active === heading) return 'heading';
  if (!form || !(active instanceof HTMLElement) || !form.contains(active) || active.id === '') return undefined;
  if (active instanceof HTMLInputElement && (active.type === 'text' || active.type === 'email' || active.type === 'tel')) {
    return { id: active.id, start: active.selectionStart, end: active.selectionEnd };
  }
  return { id: active.id, start: null, end: null };
}

export interface FirstFormProps {
  panel: FormPanel;
  view: StepView;
  content: ContentApi;
  formData: JsonObject;
  heldErrorKey?: string | undefined;
  /** A notice the app holds for this panel (issue 20: the answers it asked were lost on a reload). */
  noticeKey?: string | undefined;
  /** Told of what the applicant types (the app keeps it in memory for Back and Forward, issue 20). */
  onDraft?: ((data: JsonObject) => void) | undefined;
  canGoBack: boolean;
  onPrevious(): void;
  /** Fields not asked of this person (VAL-16): drawn hidden, as the full form does. */
  suppressed: readonly string[];
  /** Loads the full form; resolves once it can take over. Called once the first paint is on screen. */
  prepare(): Promise<unknown>;
  /** Hands over to the full form (called inside flushSync, so no keystroke falls between). */
  onReady(handover: Omit<FormHandover, 'validator'>): void;
}

export function FirstForm({ panel, view, content, formData, heldErrorKey, noticeKey, onDraft, canGoBack, onPrevious, suppressed, prepare, onReady }: FirstFormProps) {
  const heading = useHeadingFocus<HTMLHeadingElement>();
  const [fields] = useState(() => firstFields(panel, content, view.variant, suppressed));
  const [values, setValues] = useState<JsonObject>(formData);
  const [failure, setFailure] = useState<{ error: unknown }>();
  const [waiting, setWaiting] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const latest = useRef({ values, waiting, onReady, prepare });
  useEffect(() => {
    latest.current = { values, waiting, onReady, prepare };
  });
  // What the applicant types (not what the form started with) is the app's to keep for Back and Forward.
  const draftTo = useRef(onDraft);
  const typed = useRef(false);
  useEffect(() => {
    draftTo.current = onDraft;
  });
  useEffect(() => {
    if (typed.current) draftTo.current?.(values);
  }, [values]);

  useEffect(() => {
    let alive = true;
    afterPaint(() => {
      if (!alive) return;
      latest.current.prepare().then(
        () => {
          if (!alive) return;
          const { values: typed, waiting: submit, onReady: ready } = latest.current;
          const focus = focusOf(form.current, heading.current);
          flushSync(() => ready({ values: typed, submit, ...(focus ? { focus } : {}) }));
        },
        (error: unknown) => {
          if (alive) setFailure({ error });
        },
      );
    });
    return () => {
      alive = false;
    };
  }, []);
  // The full form could not load (its chunk, the validator): the screen's error boundary takes the error route.
  if (failure) throw failure.error;

  const previous = canGoBack && <PreviousButton content={content} onPrevious={onPrevious} />;
  return (
    <FormFrame panel={panel} view={view} content={content} heldErrorKey={heldErrorKey} noticeKey={noticeKey} state={fields ? 'preview' : 'loading'} heading={heading}>
      {fields ? (
        <form
          className="mu-form"
          noValidate
          ref={form}
          onSubmit={(event) => {
            event.preventDefault();
            setWaiting(true);
          }}
        >
          <div className="mu-fields">
            {fields.map((field) => (
              <FirstFieldView
                key={field.name}
                field={field}
                value={values[field.name]}
                content={content}
                onChange={(value) => {
                  typed.current = true;
                  setValues((old) => {
                    const { [field.name]: _old, ...rest } = old;
                    return value === undefined ? rest : { ...rest, [field.name]: value };
                  });
                }}
              />
            ))}
          </div>
          <div className="mu-actions">
            <button type="submit" className="mu-button mu-button--primary" data-action="continue" aria-disabled={waiting || undefined}>
              {content.text(UI_KEYS.continue)}
            </button>
            {previous}
          </div>
        </form>
      ) : (
        <>
          <p className="mu-processing" role="status">
            <span className="mu-spinner" aria-hidden="true" />
            {content.text(UI_KEYS.processing)}
          </p>
          {previous && <div className="mu-actions">{previous}</div>}
        </>
      )}
    </FormFrame>
  );
}
