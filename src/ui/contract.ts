/**
 * The contract between the app shell (src/app, src/ui/template) and the screens
 * (src/ui/screens). Screens are dumb: they render one step from its documents and report
 * what the applicant did. They decide nothing about the flow (docs/architecture.md).
 */
import type { JsonValue } from '../rules/index';
import type { StepView } from '../engine/flow';
import type { FormPanel, QuestionPanel, ReviewPanel } from '../engine/formats.generated';
import type { ReviewSectionView } from '../engine/review';
import type { JsonObject } from '../engine/state';
import type { FieldError } from '../engine/form-check';
import type { FieldOptions, OptionItem, OptionsRequest, ResolvedOptions } from '../engine/option-sources';

/** Copy by key, from content/ (demo overrides applied). Every string a person reads comes through here. */
export interface ContentApi {
  /** Plain text for a key, placeholders such as {phone} filled; a missing key gives '' and is logged. */
  text(key: string | undefined, vars?: Record<string, string>): string;
  /** A list (bulleted lists); a plain string is a one-item list. */
  list(key: string | undefined): string[];
  /** Sanitised HTML for a key (allow-list sanitiser), or escaped text when the value is plain; phone numbers in a span that does not wrap (src/ui/phone-numbers.tsx). */
  html(key: string | undefined): string;
  has(key: string | undefined): boolean;
}

export type { Telemetry } from '../shared/ports';
import type { Telemetry } from '../shared/ports';

interface ScreenBase {
  view: StepView;
  content: ContentApi;
  telemetry: Telemetry;
  /** Previous is offered only when the engine can go back (history > 1, FLOW-21). */
  canGoBack: boolean;
  onPrevious(): void;
}

export interface QuestionScreenProps extends ScreenBase {
  panel: QuestionPanel;
  /** The answers offered now: the panel's answers after their answer filters (spacers included). */
  answers: QuestionPanel['answers'][number][];
  linkButtons: NonNullable<QuestionPanel['linkButtons']>;
  /** The stored answer, if the applicant has answered before (coming back). */
  selected?: string;
  /** Called once the auto-advance delay has passed (UI-02: 500 ms). */
  onAnswer(value: string): void;
  /** Auto-advance delay in ms; tests pass 0. */
  autoAdvanceMs?: number;
}

/**
 * The form validator for a panel (precompiled, so the strict CSP holds). The form screen also
 * passes the schema it renders, so the loader can refuse a validator compiled from another one
 * (src/ui/screens/form/validators.ts); a loader may ignore it.
 */
export type PanelValidatorLoader = (panelId: string, schema?: FormPanel['schema']) => Promise<import('@rjsf/utils').ValidatorType>;

export interface FormScreenProps extends ScreenBase {
  panel: FormPanel;
  formData: JsonObject;
  loadValidator: PanelValidatorLoader;
  onSubmit(data: JsonObject): void;
  /** Fields not asked of this person (VAL-16): hidden, not required, not checked, not stored. */
  suppressed?: readonly string[];
  /** A top-level error held by the app (UI-06), e.g. the prefill failure message key. */
  heldErrorKey?: string;
  /** Why the panel is asked again (issue 20: its answers were not kept across a reload), a content key: a notice under the heading. */
  noticeKey?: string;
  /** Told of what the applicant types and has not sent: the app keeps it in memory, so Back then Forward shows it again (issue 20). */
  onDraft?(data: JsonObject): void;
  /**
   * The panel's `checks` on the form's (normalised) data, with the application state and today
   * (src/engine/form-check.ts): each error's field and message key. Absent = no checks.
   */
  checkForm?: (data: JsonObject) => FieldError[];
  /** Where the panel's `options` fields get their lists (reference data); without it they offer nothing. */
  options?: OptionsLoader;
  /** The form's first paint hands over (src/ui/screens/form/FirstForm.tsx): start from where it left. */
  handover?: FormHandover;
}

/**
 * What the form's first paint (FirstForm.tsx, no rjsf) hands the full form when it takes over:
 * the data as typed (the form's initial data), the control that had focus with its selection,
 * whether Continue was pressed meanwhile, and the panel's validator, already loaded, so the full
 * form shows its fields in its first frame.
 */
export interface FormHandover {
  values: JsonObject;
  /** The control that had focus, or the heading (the first paint's, which the applicant has not left). */
  focus?: { id: string; start: number | null; end: number | null } | 'heading';
  submit: boolean;
  validator?: import('@rjsf/utils').ValidatorType;
}

/**
 * Reference data for a form (panel `options`, REF-01..REF-22): the app resolves a field's request
 * (its source, params from the form's data, query conditions on the state) and fetches it; the
 * form caches the lists with TanStack Query (a QueryClientProvider around the form screen).
 */
export interface OptionsLoader {
  /** The request for a field given the form's current data, or `waiting` while a param is empty. Throws OptionSourceError for a developer error. */
  resolve(field: FieldOptions, formData: JsonObject): ResolvedOptions;
  /** The options of a request (the query function; retries are the service's, REF-21). */
  load(request: OptionsRequest, signal: AbortSignal): Promise<OptionItem[]>;
  /** The options the field offers of its list: those its `showWhen` keeps (VAL-19, VAL-20), judged on the state with the form's data; all of them without a filter. */
  keep?(field: FieldOptions, options: readonly OptionItem[], formData: JsonObject): OptionItem[];
  /** The values the field offers, kept at its `offeredAt` (FED-09); nothing without one. */
  offered?(field: FieldOptions, values: readonly string[]): void;
}

/** The label of a reference-data value a form panel offered (from the cached list), if known. */
export type OptionLabel = (panel: FormPanel, field: string, value: string, data: JsonObject) => string | undefined;

export interface ReviewScreenProps extends ScreenBase {
  panel: ReviewPanel;
  /** The sections with answers (src/engine/review.ts). */
  sections: ReviewSectionView[];
  /** Change: open the step that asked a section's answers; the engine comes back here after. */
  onChange(target: { module: string; step: string }): void;
  /** The applicant's consent this page asks (the panel's `consent`, while it shows), and whether it is ticked already. */
  consent?: { heading?: string | undefined; label: string; message: string; given: boolean } | undefined;
  /** Continue: with the consent ticked (`true`) where the page asks it; the screen refuses Continue while it is unticked. */
  onContinue(consented?: boolean): void;
  optionLabel?: OptionLabel;
}

export interface MilestoneScreenProps extends ScreenBase {
  /** The milestone content key (after product overrides), e.g. `militaryNotQualified`. */
  contentKey: string;
  /** The path under /aem/milestone/, e.g. `spouse/not-eligible`. */
  milestone: string;
  /** The product's milestone layout (CONT-17), e.g. `secured-cc-milestones`: the screen's `data-layout`, a hook for its styles. */
  layout?: string | undefined;
  /** Up to two modals from the product config (UI-12). */
  modals?: { key: string; title?: string }[];
  /** Loads remote content fragments for the milestone (up to 3 attempts, CONT-12); absent = local content only. */
  loadFragment?: (key: string) => Promise<JsonValue>;
  /** On the trap-door, entry and landing paths a content failure still shows the screen (CONT-13, CONT-14). */
  showOnContentFailure: boolean;
  /** The first button: advance (UI-15). */
  onPrimary(): void;
  /** The optional second button (UI-16). */
  onSecondary?: () => void;
  /** A content failure elsewhere records AEM_CONTENT_LOAD_ERROR and goes next (CONT-13). */
  onContentFailure(reason: string): void;
  /** The optional logon link (content `milestones.<key>.logon`; UI-16: starts the authorization redirect). No link without it. */
  onLogon?: () => void;
}
