/**
 * A choice field whose options come from reference data (panel `options`; REF-01..REF-22,
 * ADDR-14): a native <select> under the field's visible label. Its list is fetched through the
 * form's OptionsLoader and cached with TanStack Query for the session (the same list is shared
 * between panels). While a cascade parent is empty (ranks follow the branch, provinces the
 * country) it is disabled with a hint (aria-disabled: still focusable, so the error summary's
 * link reaches it); while loading it says so; when the list fails it shows a message and a
 * Retry button beside the field, records FIELD_LOAD_ERROR (no personal data), and
 * the form keeps every answer. When the parent changes, a value no longer in the list is cleared.
 * A field with `freeTextWhenEmpty` whose list is empty is a text box instead (issue 20: a
 * province typed for a country the reference data lists none for).
 */
import { useContext, useEffect, useMemo, useRef, useSyncExternalStore, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getUiOptions, type WidgetProps } from '@rjsf/utils';
import type { FieldOptions, OptionItem, ResolvedOptions } from '../../../engine/option-sources';
import { getPath, type JsonObject } from '../../../engine/state';
import { FormUiContext } from './context';
import { FormOptionsContext, referenceQueryKey, type FormOptions } from './options';
import { OPTIONS_KEYS } from './options-keys';
import { OptionsSelectView, type SelectState } from './options-view';
import { controlAttributes } from './attributes';

export { OPTIONS_KEYS };

const NO_OPTIONS: readonly OptionItem[] = [];

function paramText(data: JsonObject, path: string): string {
  const v = getPath(data, path);
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

/** The values of a field's params, as one string: the widget re-renders when one changes, not on every keystroke elsewhere. */
function useParamsKey(ctx: FormOptions, field: FieldOptions): string {
  const paths = Object.values(field.params ?? {});
  return useSyncExternalStore(ctx.data.subscribe, () => paths.map((p) => paramText(ctx.data.get(), p)).join('\u0000'));
}

type Resolution = { resolved: ResolvedOptions } | { error: Error };

export function OptionsSelect(props: WidgetProps) {
  const ctx = useContext(FormOptionsContext);
  const path = typeof props.options.optionsField === 'string' ? props.options.optionsField : undefined;
  const field = path !== undefined ? ctx?.fields[path] : undefined;
  if (!ctx || !ctx.loader || path === undefined || !field) return <Select {...props} state={{ kind: 'unavailable' }} />;
  return <LoadedSelect {...props} ctx={ctx} path={path} field={field} />;
}

function LoadedSelect(props: WidgetProps & { ctx: FormOptions; path: string; field: FieldOptions }) {
  const { ctx, path, field, value, onChange } = props;
  const loader = ctx.loader;
  const paramsKey = useParamsKey(ctx, field);
  const resolution = useMemo<Resolution>(() => {
    try {
      if (!loader) throw new Error('no options loader');
      return { resolved: loader.resolve(field, ctx.data.get()) };
    } catch (error) {
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
    // paramsKey stands for the data the resolution reads (the params' values).
  }, [loader, field, paramsKey]);
  const request = 'resolved' in resolution && resolution.resolved.kind === 'ready' ? resolution.resolved.request : undefined;
  const waiting = 'resolved' in resolution && resolution.resolved.kind === 'waiting';
  const query = useQuery({
    queryKey: referenceQueryKey(request?.key ?? ''),
    queryFn: ({ signal }) => {
      if (!loader || !request) throw new Error('no request');
      return loader.load(request, signal);
    },
    enabled: request !== undefined,
  });

  // FIELD_LOAD_ERROR (REF-22): once per failure, with no value the applicant typed.
  const reported = useRef(0);
  const failure = 'error' in resolution ? resolution.error : query.isError ? query.error : undefined;
  const failureAt = 'error' in resolution ? -1 : query.errorUpdatedAt;
  useEffect(() => {
    if (!failure || reported.current === failureAt) return;
    reported.current = failureAt;
    const status = (failure as { failure?: { status?: unknown } }).failure?.status;
    const code = (failure as { code?: unknown }).code;
    ctx.telemetry.log('error', 'reference list failed to load', {
      code: 'FIELD_LOAD_ERROR',
      panel: ctx.panelId,
      field: path,
      source: field.source,
      reason: typeof code === 'string' ? code : failure.name,
      ...(typeof status === 'number' ? { status } : {}),
    });
  }, [failure, failureAt, ctx, path, field.source]);

  const loaded = query.isSuccess && request ? query.data : undefined;
  // The option filter (showWhen, VAL-19/20) reads the state and the form's data: the kept values, as one string, re-render the widget when they change.
  const filtered = field.showWhen !== undefined && loader?.keep !== undefined;
  const keptKey = useSyncExternalStore(ctx.data.subscribe, () =>
    filtered && loaded && loader?.keep
      ? loader
          .keep(field, loaded, ctx.data.get())
          .map((o) => o.value)
          .join('\u0000')
      : '',
  );
  const list = useMemo(() => {
    if (!filtered || !loaded) return loaded;
    const kept = new Set(keptKey === '' ? [] : keptKey.split('\u0000'));
    return loaded.filter((o) => kept.has(o.value));
  }, [filtered, loaded, keptKey]);
  // The values offered, kept in the state where the field says (offeredAt, FED-09).
  useEffect(() => {
    if (list && field.offeredAt !== undefined) loader?.offered?.(field, list.map((o) => o.value));
  }, [list, field, loader]);
  // Whether the list holds options: requiredWhenAvailable reads it when the form is validated (ADDR-14).
  useEffect(() => {
    if (waiting) ctx.available.set(path, false);
    else if (list) ctx.available.set(path, list.length > 0);
    else ctx.available.delete(path);
    return () => {
      ctx.available.delete(path);
    };
  }, [ctx, path, waiting, list]);

  // A value its list no longer holds (the parent changed or was emptied) is cleared.
  const current = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  // The list a value was seen in: if the parent then changes and the new list fails, the value
  // (which belonged to the old parent) is cleared too; a stored value never seen in a list is kept.
  const seenUnder = useRef<string | undefined>(undefined);
  const requestKey = request?.key;
  const failed = query.isError;
  useEffect(() => {
    if (list && current !== '' && list.some((o) => o.value === current)) seenUnder.current = requestKey;
  }, [list, current, requestKey]);
  // Free text where the list is empty (freeTextWhenEmpty): what is typed stays; a value chosen
  // from another parent's list (a province of the country chosen before) is cleared once.
  const freeText = field.freeTextWhenEmpty === true && list !== undefined && list.length === 0;
  useEffect(() => {
    if (current === '') return;
    if (freeText) {
      if (seenUnder.current !== undefined && seenUnder.current !== requestKey) onChangeRef.current(props.options.emptyValue);
      seenUnder.current = requestKey;
      return;
    }
    const staleAfterFailure = failed && seenUnder.current !== undefined && seenUnder.current !== requestKey;
    if (waiting || staleAfterFailure || (list && !list.some((o) => o.value === current))) onChangeRef.current(props.options.emptyValue);
  }, [waiting, list, current, failed, requestKey, freeText, props.options.emptyValue]);

  // Retry: the focus goes back to the select once the list is there.
  const retried = useRef(false);
  const selectRef = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (retried.current && list) {
      retried.current = false;
      selectRef.current?.focus();
    }
  }, [list]);

  const parentPath = Object.values(field.params ?? {}).find((p) => paramText(ctx.data.get(), p) === '');
  let state: SelectState;
  if ('error' in resolution) state = { kind: 'failed', retry: undefined };
  else if (waiting) state = { kind: 'waiting', parent: parentPath };
  else if (query.isFetching || query.isPending) state = { kind: 'loading' };
  else if (query.isError)
    state = {
      kind: 'failed',
      retry: () => {
        retried.current = true;
        void query.refetch();
      },
    };
  else if (freeText) state = { kind: 'free-text' };
  else state = { kind: 'ready', options: list ?? NO_OPTIONS, required: field.requiredWhenAvailable === true && (list ?? NO_OPTIONS).length > 0 };
  return <Select {...props} state={state} selectRef={selectRef} />;
}

/** The hint under a province typed because the country has no list (content/en/reference.json). Here, not in options-keys.ts: the first paint never shows it. */
const FREE_TEXT_KEY = 'app.reference.freeText';

/** The widget's props as the select's view takes them (options-view.tsx); a text box for free text. */
function Select(props: WidgetProps & { state: SelectState; selectRef?: Ref<HTMLSelectElement> }) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, rawErrors, uiSchema, options, state, selectRef } = props;
  const ui = useContext(FormUiContext);
  if (state.kind === 'free-text') {
    // No list for this parent (a country without provinces in the reference data): the applicant types it.
    const statusId = `${id}__options-status`;
    const help = getUiOptions(uiSchema).help !== undefined;
    return (
      <>
        <input
          type="text"
          {...controlAttributes({ id, name: htmlName || id, required, disabled: disabled || readonly, autofocus, help, hasErrors: (rawErrors ?? []).length > 0 }, undefined, statusId)}
          value={typeof value === 'string' ? value : ''}
          autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
          data-options-state="free-text"
          onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
          onBlur={(event) => onBlur(id, event.target.value)}
          onFocus={(event) => onFocus(id, event.target.value)}
        />
        <p id={statusId} className="mu-field-hint mu-options__status" data-options="free-text">
          {ui?.content.text(FREE_TEXT_KEY) ?? ''}
        </p>
      </>
    );
  }
  return (
    <OptionsSelectView
      id={id}
      name={htmlName || id}
      value={value}
      required={required}
      disabled={disabled || readonly}
      autofocus={autofocus}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
      help={getUiOptions(uiSchema).help !== undefined}
      hasErrors={(rawErrors ?? []).length > 0}
      state={state}
      selectRef={selectRef}
      text={(key, vars) => ui?.content.text(key, vars) ?? ''}
      labelOf={(field) => ui?.labelOf(field) ?? ''}
      onChange={(v) => onChange(v === '' ? options.emptyValue : v)}
      onBlur={(v) => onBlur(id, v)}
      onFocus={(v) => onFocus(id, v)}
    />
  );
}
