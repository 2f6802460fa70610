/**
 * Date entry (VAL-10): a person types MM/dd/yyyy (or yyyy-MM-dd, or MM/yyyy, which means the
 * first of the month); the form stores yyyy-MM-dd. Text that is not a real calendar date is
 * kept as typed, so the schema's `format: date` rejects it and the field shows 'Invalid Date'.
 */

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate(); // day 0 of the next month: this month's length
  return d <= days;
}

function iso(y: number, m: number, d: number): string | undefined {
  return isRealDate(y, m, d) ? `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}` : undefined;
}

/** yyyy-MM-dd for a typed date in one of the accepted forms, or undefined when it is not one. */
export function parseDateInput(text: string): string | undefined {
  const t = text.trim();
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) return iso(Number(m[3]), Number(m[1]), Number(m[2]));
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) return iso(Number(m[2]), Number(m[1]), 1);
  return undefined;
}

/** MM/dd/yyyy for a stored yyyy-MM-dd; anything else (text still being fixed) as it is. */
export function formatDateForInput(value: unknown): string {
  if (typeof value !== 'string') return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

/** What the form stores for typed text: '' → undefined (so `required` applies), a date → yyyy-MM-dd, else the text. */
export function dateValueFor(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  return parseDateInput(text) ?? text;
}
