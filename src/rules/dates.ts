// Calendar-date helpers for the rule evaluator.
//
// Everything here works on local calendar dates: strings are parsed to local midnight with
// date-fns `parse` (never `new Date('yyyy-MM-dd')`, which is UTC midnight and shifts the day in
// negative-offset timezones) and compared in whole calendar days, so the results do not depend
// on the process's TZ or on daylight-saving transitions.
import {
  addYears,
  differenceInCalendarDays,
  differenceInYears,
  format,
  isValid,
  parse,
  subYears,
} from 'date-fns';

/** The accepted input formats, each with a strict shape check (date-fns alone accepts "1/5/20"). */
const DATE_FORMATS: readonly { shape: RegExp; pattern: string }[] = [
  { shape: /^\d{2}\/\d{2}\/\d{4}$/, pattern: 'MM/dd/yyyy' },
  { shape: /^\d{4}-\d{2}-\d{2}$/, pattern: 'yyyy-MM-dd' },
  { shape: /^\d{2}\/\d{4}$/, pattern: 'MM/yyyy' }, // the first of that month
];

/** Fixed reference for fields a format leaves out; `MM/yyyy` gets day 1 from date-fns itself. */
const REFERENCE_DATE = new Date(2000, 0, 1);

function parseWith(value: string, pattern: string): Date | null {
  const date = parse(value, pattern, REFERENCE_DATE);
  if (!isValid(date)) return null;
  // Round trip: rejects anything date-fns accepted leniently or normalised (e.g. year 0000).
  return format(date, pattern) === value ? date : null;
}

/**
 * Parse `MM/dd/yyyy`, `yyyy-MM-dd` or `MM/yyyy` (the first of that month) to local midnight.
 * Strict: exact digit counts and a real calendar date, so `13/45/2020`, `02/30/2020`, `1/5/2020`
 * and `2020-2-3` all give null.
 */
export function parseDate(value: string): Date | null {
  if (typeof value !== 'string') return null;
  for (const { shape, pattern } of DATE_FORMATS) {
    if (shape.test(value)) return parseWith(value, pattern);
  }
  return null;
}

/** Strict `yyyy-MM-dd` only: the format of `RuleContext.today`. */
export function parseIsoDate(value: string): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return parseWith(value, 'yyyy-MM-dd');
}

/** Normalise any accepted format to `yyyy-MM-dd`; null when the string is not an accepted date. */
export function toIsoDate(value: string): string | null {
  const date = parseDate(value);
  return date === null ? null : format(date, 'yyyy-MM-dd');
}

/** Turn -0 into 0 so results compare and serialise as authors expect. */
function noNegativeZero(n: number): number {
  return n === 0 ? 0 : n;
}

/**
 * Whole years from `date` to `today` (date-fns `differenceInYears`): someone born 2008-11-22 is
 * 18 on 2026-11-22 and 17 on 2026-11-21. A 29 February birthday counts the year on 1 March in
 * common years. A future date gives 0 or a negative number (minus the whole years until it).
 */
export function wholeYearsSince(date: Date, today: Date): number {
  return noNegativeZero(differenceInYears(today, date));
}

/**
 * Exact calendar years from `date` to `today`, as a number.
 *
 * For a past date, with n = wholeYearsSince(date, today), the result is n + f where
 * f = days(date .. today-n years) / days(today-(n+1) years .. today-n years), so 0 <= f < 1 and:
 *   yearsSince(d) >  n  <=>  d is strictly before subYears(today, n)
 *   yearsSince(d) == n  <=>  d is exactly subYears(today, n)
 *   floor(yearsSince(d)) == wholeYearsSince(d)
 * (date-fns subYears clamps 29 February to 28 February in common years.)
 * A future date gives the negative of the same measure taken forwards from today.
 */
export function exactYearsSince(date: Date, today: Date): number {
  if (differenceInCalendarDays(today, date) >= 0) {
    const n = differenceInYears(today, date);
    const upper = subYears(today, n); // date <= upper
    const lower = subYears(today, n + 1); // lower < date
    const span = differenceInCalendarDays(upper, lower);
    return noNegativeZero(n + differenceInCalendarDays(upper, date) / span);
  }
  const n = differenceInYears(date, today);
  const lower = addYears(today, n); // lower <= date
  const upper = addYears(today, n + 1); // date < upper
  const span = differenceInCalendarDays(upper, lower);
  return noNegativeZero(-(n + differenceInCalendarDays(date, lower) / span));
}
