// Calendar-date helpers for the rule evaluator.
//
// Everything here works on local calendar dates: strings are parsed to local midnight by hand
// (never `new Date('yyyy-MM-dd')`, which is UTC midnight and shifts the day in negative-offset
// timezones) and compared in whole calendar days, so the results do not depend on the
// process's TZ or on daylight-saving transitions. Everything is written out rather than taken
// from date-fns: the rules run on the browser's first screen, whose script has a budget
// (docs/architecture.md). The arithmetic keeps date-fns' semantics (differenceInCalendarDays,
// differenceInYears, addYears/subYears), which tests/rules/dates.test.ts checks against
// date-fns itself.

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

/** Milliseconds since the epoch of the same calendar day at UTC midnight (any year, also 1..99). */
function utcDay(date: Date): number {
  const day = new Date(0);
  day.setUTCFullYear(date.getFullYear(), date.getMonth(), date.getDate());
  return day.getTime();
}

/** Calendar days from `from` to `to`, negative when `to` is earlier (date-fns differenceInCalendarDays(to, from)). */
export function calendarDaysBetween(from: Date, to: Date): number {
  return noNegativeZero(Math.round((utcDay(to) - utcDay(from)) / 864e5));
}

/**
 * The same calendar day `years` later (earlier when negative); 29 February becomes 28 February
 * in a common year (date-fns addYears / subYears).
 */
export function addCalendarYears(date: Date, years: number): Date {
  const moved = new Date(date.getTime());
  moved.setFullYear(date.getFullYear() + years, date.getMonth(), date.getDate());
  if (moved.getMonth() !== date.getMonth()) moved.setDate(0); // 29 Feb -> 1 Mar: back to 28 Feb
  return moved;
}

/**
 * Whole years from `earlier` to `later`, negative when `later` is before `earlier` (date-fns
 * differenceInYears(later, earlier)): the difference of the years, less one when the last
 * year is not full (the month and day of `later` come before those of `earlier`, or after
 * them going backwards). Both dates at local midnight.
 */
function wholeYearsBetween(later: Date, earlier: Date): number {
  const sign = Math.sign(utcDay(later) - utcDay(earlier));
  const monthDay = (d: Date): number => d.getMonth() * 32 + d.getDate();
  const partial = Math.sign(monthDay(later) - monthDay(earlier)) === -sign;
  return noNegativeZero(sign * (Math.abs(later.getFullYear() - earlier.getFullYear()) - (partial ? 1 : 0)));
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
  return wholeYearsBetween(today, date);
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
  if (calendarDaysBetween(date, today) >= 0) {
    const n = wholeYearsBetween(today, date);
    const upper = addCalendarYears(today, -n); // date <= upper
    const lower = addCalendarYears(today, -(n + 1)); // lower < date
    const span = calendarDaysBetween(lower, upper);
    return noNegativeZero(n + calendarDaysBetween(date, upper) / span);
  }
  const n = wholeYearsBetween(date, today);
  const lower = addCalendarYears(today, n); // lower <= date
  const upper = addCalendarYears(today, n + 1); // date < upper
  const span = calendarDaysBetween(lower, upper);
  return noNegativeZero(-(n + calendarDaysBetween(lower, date) / span));
}
