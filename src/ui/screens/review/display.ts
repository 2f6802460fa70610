/**
 * How a review page shows one answer: masked when the section says so (last4: ***-**-1234),
 * formatted when it says so (usPhone: (210) 555-0148), a date as MM/dd/yyyy, a yes/no box as Yes or No, a choice by its label (the panel's
 * enumLabels, or the option source's label), anything else as typed.
 */
import type { JsonValue } from '../../../rules/index';
import type { ReviewEntry, ReviewSectionView } from '../../../engine/review';
import type { ContentApi, OptionLabel } from '../../contract';
import { UI_KEYS } from '../copy';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function maskLast4(value: string): string {
  const digits = value.replace(/\D/g, '');
  return `***-**-${digits.slice(-4)}`;
}

/** A U.S. number of 10 digits as (210) 555-0148; anything else as it is. */
export function usPhone(value: string): string {
  const m = /^(\d{3})(\d{3})(\d{4})$/.exec(value);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : value;
}

function text(value: JsonValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

export function displayValue(section: ReviewSectionView, entry: ReviewEntry, content: ContentApi, optionLabel?: OptionLabel): string {
  const { value, mask, field, format } = entry;
  if (mask === 'hidden') return '••••';
  if (mask === 'last4') return maskLast4(text(value));
  if (format === 'usPhone') return usPhone(text(value));
  if (typeof value === 'boolean') return content.text(value ? UI_KEYS.reviewYes : UI_KEYS.reviewNo);
  const raw = text(value);
  const enumKey = section.panel.enumLabels?.[field]?.[raw];
  if (enumKey !== undefined) return content.text(enumKey);
  const fromSource = optionLabel?.(section.panel, field, raw, section.data);
  if (fromSource !== undefined) return fromSource;
  const date = ISO_DATE.exec(raw);
  if (date) return `${date[2]}/${date[3]}/${date[1]}`;
  if (raw === 'yes') return content.text(UI_KEYS.reviewYes);
  if (raw === 'no') return content.text(UI_KEYS.reviewNo);
  return raw;
}
