// Calendar-date helpers for the rule evaluator.
//
// Everything here works on local calendar dates: strings are parsed to local midnight by hand
// (never `new Date('yyyy-MM-dd')`, which is UTC midnight and shifts the day in negative-offset
// timezones) and compared in whole calendar days, so the results do not depend on the
// process's TZ or on daylight-saving transitions. Parsing and formatting are written out
// rather than taken from date-fns `parse`/`format`, whose locale machinery would weigh on the
// first screen the browser loads; the arithmetic is date-fns'.
import { addYears, differenceInCalendarDays, differenceInYears, subYears } from 'date-fns';

/** The accepted input formats, each with a strict shape (exact digit counts). */
const DATE_FORMATS: readonly { shape: RegExp; parts: (m: RegExpExecArray) => [string, string, string] }[] = [
  { shape: /^(\d{2})\/(\d{2})\/(\d{4})$/, parts: (m) => [m[3] as string, m[1] as string, m[2] as string] }, // MM/dd/yyyy
  { shape: /^(\d{4})-(\d{2})-(\d{2})$/, parts: (m) => [m[1] as string, m[2] as string, m[3] as string] }, // yyyy-MM-dd
  { shape: /^(\d{2})\/(\d{4})$/, parts: (m) => [m[2] as string, m[1] as string, '01'] }, // MM/yyyy: the first of that month
];

/** Local midnight of a real calendar date, or null (month 13, 30 February, year 0000). */
function calendarDate(year: string, month: string, day: string): Date | null {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  const date = new Date(y, m - 1, d);
  // Years 1..99 would be read as 1901..1999 by the constructor.
  date.setFullYear(y);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** `yyyy-MM-dd` of a local date. */
export function formatIsoDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/**
 * Parse `MM/dd/yyyy`, `yyyy-MM-dd` or `MM/yyyy` (the first of that month) to local midnight.
 * Strict: exact digit counts and a real calendar date, so `13/45/2020`, `02/30/2020`, `1/5/2020`
 * and `2020-2-3` all give null.
 */
export function parseDate(value: string): Date | null {
  if (typeof value !== 'string') return null;
  for (const { shape, parts } of DATE_FORMATS) {
    const m = shape.exec(value);
    if (m) return calendarDate(...parts(m));
  }
  return null;
}

/** Strict `yyyy-MM-dd` only: the format of `RuleContext.today`. */
export function parseIsoDate(value: string): Date | null {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return m ? calendarDate(m[1] as string, m[2] as string, m[3] as string) : null;
}

/** Normalise any accepted format to `yyyy-MM-dd`; null when the string is not an accepted date. */
export function toIsoDate(value: string): string | null {
  const date = parseDate(value);
  return date === null ? null : formatIsoDate(date);
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
