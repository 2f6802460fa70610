/**
 * Which content keys a screen shows: the panel's own copy, replaced per variant
 * (`panel.variants[variant]`), and for form panels per form by content (CONT-22).
 * Pure; no React, no rjsf (the question screen uses it on the first screen).
 */
import type { FormPanel, QuestionPanel, VariantCopy } from '../../engine/formats.generated';
import type { ContentApi } from '../contract';

export interface ScreenCopy {
  title: string;
  subhead?: string;
  highlight?: string;
  alert?: string;
  alertPosition: 'top' | 'bottom';
  infoSubhead?: string;
}

/** Content keys every screen uses (content/en/ui.json). */
export const UI_KEYS = {
  previous: 'app.screens.previous',
  continue: 'app.screens.continue',
  processing: 'app.screens.processing',
  dateHint: 'app.form.dateHint',
  formUnavailable: 'app.form.unavailable',
  summaryEntry: 'app.form.errorSummary.entry',
  summaryEntryAfterSentence: 'app.form.errorSummary.entryAfterSentence',
  /** VAL-02: authors may define `validation.unknown` beside the other messages; ui.json ships the default. */
  unknownValidation: 'validation.unknown',
  unknownValidationDefault: 'app.validation.unknown',
  modalTitle: 'app.milestone.modalTitle',
  disclosureHeading: 'app.milestone.disclosureHeading',
  close: 'app.dialog.close',
  reviewChange: 'app.review.change',
  reviewYes: 'app.review.yes',
  reviewNo: 'app.review.no',
  yes: 'app.form.yes',
  no: 'app.form.no',
  ssnShow: 'app.form.ssn.show',
  ssnHide: 'app.form.ssn.hide',
} as const;

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The panel's copy keys after the variant's replacements. */
export function copyKeys(panel: QuestionPanel | FormPanel, variant: string): ScreenCopy {
  const base: VariantCopy = defined({
    title: panel.title,
    subhead: panel.subhead,
    alert: panel.alert,
    alertPosition: panel.alertPosition,
    highlight: panel.kind === 'question' ? panel.highlight : undefined,
    infoSubhead: panel.kind === 'question' ? panel.infoSubhead : undefined,
  });
  const own = Object.prototype.hasOwnProperty.call(panel.variants ?? {}, variant) ? panel.variants?.[variant] : undefined;
  const { answers: _answers, ...words } = own ?? {};
  const merged: VariantCopy = { ...base, ...defined(words) };
  return { ...merged, title: merged.title ?? panel.title, alertPosition: merged.alertPosition ?? 'top' };
}

/** The label key of each answer for a variant: the variant's own (`variants.<v>.answers`), else the answer's. */
export function answerLabelKey(panel: QuestionPanel, variant: string, value: string, own: string): string {
  const copy = Object.prototype.hasOwnProperty.call(panel.variants ?? {}, variant) ? panel.variants?.[variant] : undefined;
  const labels = copy?.answers;
  return labels !== undefined && Object.prototype.hasOwnProperty.call(labels, value) ? (labels[value] as string) : own;
}

/**
 * A form panel's copy keys: the variant's copy, then the per-form content overrides
 * `forms.<panel-id>.title` / `.subhead` (and the more specific `forms.<panel-id>.<variant>.title`)
 * when content has them (CONT-22).
 */
export function formCopyKeys(panel: FormPanel, variant: string, content: ContentApi): ScreenCopy {
  const copy = copyKeys(panel, variant);
  for (const field of ['title', 'subhead'] as const) {
    const specific = `forms.${panel.id}.${variant}.${field}`;
    const general = `forms.${panel.id}.${field}`;
    if (content.has(specific)) copy[field] = specific;
    else if (content.has(general)) copy[field] = general;
  }
  return copy;
}
