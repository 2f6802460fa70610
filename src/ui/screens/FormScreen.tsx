/**
 * A form panel (UI-05, UI-06, CONT-22, VAL-01, VAL-02): the panel's JSON Schema rendered by
 * @rjsf/core with Muster's templates and widgets (./form/), Continue and Previous, an error
 * summary after a submit with errors, inline messages from content, and a top-level banner
 * when the app holds an error. Validation uses the panel's precompiled validator (strict CSP);
 * if it is refused the screen shows an error and logs it, and the shell takes the applicant
 * to the trap.
 *
 * Default export, loaded on demand (src/app/FormStep.tsx): rjsf and the validators load only
 * once a form panel's first paint (./form/FirstForm.tsx) is on screen, and this screen then takes
 * over from it with what it hands over (`handover`: the data typed, the focus, a pending
 * Continue, the validator already loaded).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { JsonObject } from '../../engine/state';
import type { FormScreenProps } from '../contract';
import { UI_KEYS } from './copy';
import { FormFrame, PreviousButton } from './form/FormFrame';
import { adoptStyles } from '../styles/adopt';
import formFullCss from '../styles/form-full.css?inline';
import { FormUiContext, type FormUi } from './form/context';
import { widgets } from './form/widgets';
import { createFormOptions, FormOptionsContext, validateOptions, withOptionsWidgets } from './form/options';
import { createErrorTransformer, errorField } from './form/messages';
import { addCheckErrors, normalizingValidator } from './form/checks';
import { isSuppressed, normalizeFormData, withoutSuppressed } from '../../engine/form-check';
import { templates } from './form/templates';
import { buildUiSchema, fieldOrder, labelFor, withSuppressedHidden } from './form/uiSchema';
import { stepKey } from './stepKey';
import { useHeadingFocus } from './useHeadingFocus';

adoptStyles(formFullCss);

const NO_PRESET_ANSWERS = { constAsDefaults: 'never', requiredBooleanDefault: 'skip' } as const;

const NOTHING_SUPPRESSED: readonly string[] = [];

type Load = { panelId: string; status: 'ready'; validator: ValidatorType } | { panelId: string; status: 'error' };

function FormBody(props: FormScreenProps) {
  const { panel, view, content, telemetry, formData, loadValidator, heldErrorKey, noticeKey, canGoBack, onPrevious, handover } = props;
  // Taking over from the first paint (FirstForm.tsx): the focus stays where the applicant is (on
  // the heading, if they had not left it).
  const heading = useHeadingFocus<HTMLHeadingElement>(handover === undefined || handover.focus === 'heading');
  const [load, setLoad] = useState<Load | undefined>(() => (handover?.validator ? { panelId: panel.id, status: 'ready', validator: handover.validator } : undefined));
  const [attempt, setAttempt] = useState(0);
  const submitted = useRef(false);
  const formRef = useRef<Form>(null);
  const telemetryRef = useRef(telemetry);
  const onSubmitRef = useRef(props.onSubmit);
  const onDraftRef = useRef(props.onDraft);
  const checkFormRef = useRef(props.checkForm);
  useEffect(() => {
    telemetryRef.current = telemetry;
    onSubmitRef.current = props.onSubmit;
    onDraftRef.current = props.onDraft;
    checkFormRef.current = props.checkForm;
  });

  const preloaded = useRef(load?.status === 'ready' ? panel.id : undefined);
  useEffect(() => {
    if (preloaded.current === panel.id) return;
    let alive = true;
    loadValidator(panel.id, panel.schema).then(
      (validator) => {
        if (alive) setLoad({ panelId: panel.id, status: 'ready', validator });
      },
      (error: unknown) => {
        if (!alive) return;
        const code = error !== null && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : 'VALIDATOR_REFUSED';
        telemetryRef.current.log('error', 'form validator refused', { panel: panel.id, code, reason: error instanceof Error ? error.message : String(error) });
        setLoad({ panelId: panel.id, status: 'error' });
      },
    );
    return () => {
      alive = false;
    };
  }, [loadValidator, panel.id, panel.schema]);

  // The first paint's focus and selection, in the frame the full form replaces it (no keystroke between);
  // a Continue pressed meanwhile is this form's submit.
  const handedOver = useRef(false);
  useLayoutEffect(() => {
    if (!handover || handedOver.current || load?.status !== 'ready') return;
    handedOver.current = true;
    const control = typeof handover.focus === 'object' ? handover.focus : undefined;
    const target = control ? document.getElementById(control.id) : null;
    if (control && target) {
      target.focus({ preventScroll: true });
      if (target instanceof HTMLInputElement && control.start !== null && control.end !== null) target.setSelectionRange(control.start, control.end);
    }
    if (handover.submit) formRef.current?.submit();
  }, [handover, load?.status]);

  // Fields this person is not asked (VAL-16): hidden, their errors dropped, their values not stored.
  const suppressed = props.suppressed ?? NOTHING_SUPPRESSED;
  const uiSchema = useMemo(() => withSuppressedHidden(withOptionsWidgets(buildUiSchema(panel, content, view.variant), panel), suppressed), [panel, content, view.variant, suppressed]);
  const labelOf = useCallback((field: string) => labelFor(panel, content, field), [panel, content]);
  const transformErrors = useMemo(() => {
    const transform = createErrorTransformer(panel, content, { track: (...a) => telemetryRef.current.track(...a), log: (...a) => telemetryRef.current.log(...a) }, labelOf);
    return (errors: Parameters<typeof transform>[0]) => transform(errors.filter((e) => !isSuppressed(errorField(e), suppressed)));
  }, [panel, content, labelOf, suppressed]);
  const orderOf = useMemo(() => fieldOrder(panel), [panel]);
  const ui = useMemo<FormUi>(() => ({ content, attempt, labelOf, orderOf }), [content, attempt, labelOf, orderOf]);
  // The first data only: afterwards the form owns what the applicant types.
  const [initialData] = useState<JsonObject>(handover?.values ?? formData);
  // Reference-data fields (panel `options`): the live data their cascades follow, their lists' state.
  const optionsLoader = props.options;
  const formOptions = useMemo(
    () => createFormOptions(panel, optionsLoader, { track: (...a) => telemetryRef.current.track(...a), log: (...a) => telemetryRef.current.log(...a) }, initialData),
    [panel, optionsLoader, initialData],
  );

  const current = load?.panelId === panel.id ? load : undefined;
  // Panel validation beyond the schema (issue 9): the validator sees the data normalised, the
  // panel's checks add their errors beside their fields, and the normalised data is stored.
  const readyValidator = current?.status === 'ready' ? current.validator : undefined;
  const validator = useMemo(() => (readyValidator ? normalizingValidator(readyValidator, panel) : undefined), [readyValidator, panel]);
  const previous = canGoBack && <PreviousButton content={content} onPrevious={onPrevious} />;

  return (
    <FormFrame panel={panel} view={view} content={content} heldErrorKey={heldErrorKey} noticeKey={noticeKey} state={current?.status ?? 'loading'} heading={heading}>
      {current === undefined && (
        <p className="mu-processing" role="status">
          <span className="mu-spinner" aria-hidden="true" />
          {content.text(UI_KEYS.processing)}
        </p>
      )}
      {current?.status === 'error' && (
        <div className="mu-banner mu-banner--error" role="alert" data-part="form-unavailable">
          {content.text(UI_KEYS.formUnavailable)}
        </div>
      )}
      {current?.status === 'ready' && (
        <FormUiContext.Provider value={ui}>
          <FormOptionsContext.Provider value={formOptions}>
          <Form
            ref={formRef}
            className="mu-form"
            schema={panel.schema as RJSFSchema}
            uiSchema={uiSchema}
            validator={validator ?? current.validator}
            initialFormData={initialData}
            templates={templates}
            widgets={widgets}
            // Nothing is answered for the applicant: a `const` (a consent box that must be ticked,
            // SPON-25) and a required boolean start unset, not pre-ticked or pre-chosen.
            experimental_defaultFormStateBehavior={NO_PRESET_ANSWERS}
            transformErrors={transformErrors}
            showErrorList="top"
            focusOnFirstError={false}
            noHtml5Validate
            onChange={(event) => {
              formOptions.data.set((event.formData ?? {}) as JsonObject);
              onDraftRef.current?.((event.formData ?? {}) as JsonObject);
            }}
            customValidate={(data, errors) => {
              const withOptions = validateOptions(formOptions, data as JsonObject | undefined, errors, content, panel);
              const check = checkFormRef.current;
              return check ? addCheckErrors(withOptions, check((data ?? {}) as JsonObject).filter((e) => !isSuppressed(e.field, suppressed)), content) : withOptions;
            }}
            onError={() => setAttempt((n) => n + 1)}
            onSubmit={(event) => {
              if (submitted.current) return;
              submitted.current = true;
              onSubmitRef.current(withoutSuppressed(normalizeFormData(panel, (event.formData ?? {}) as JsonObject), suppressed));
            }}
          >
            <div className="mu-actions">
              <button type="submit" className="mu-button mu-button--primary" data-action="continue">
                {content.text(UI_KEYS.continue)}
              </button>
              {previous}
            </div>
          </Form>
          </FormOptionsContext.Provider>
        </FormUiContext.Provider>
      )}
      {current?.status !== 'ready' && previous && <div className="mu-actions">{previous}</div>}
    </FormFrame>
  );
}

export default function FormScreen(props: FormScreenProps) {
  return <FormBody key={`${stepKey(props.view)}:${props.panel.id}`} {...props} />;
}
