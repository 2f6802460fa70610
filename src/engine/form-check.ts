/**
 * A form panel's own validation beyond its JSON Schema (issue 9, VAL-*, ADDR-16): the
 * `normalize` map (how a typed value is cleaned before it is validated and stored) and the
 * `checks` (rule-based, cross-field validation). Pure: the browser's form screen, `simulate`
 * and the tests run this same code.
 *
 * A check's `invalidWhen` is a Condition evaluated on the application state plus `form` = the
 * form's data (already normalised), with today: `{"var": "form.endDate"}`. True = the field is
 * invalid and shows the check's message. A rule error fails closed: the field is invalid with
 * `validation.unknown` (the screen falls back to `app.validation.unknown`, as for an unmapped
 * schema error, VAL-02).
 */
// The rules' core, not their index (which brings the author checks): the form's first paint imports this file.
import { RuleError, conditionHolds, type JsonValue, type Logic, type RuleContext, type RuleEngine } from '../rules/engine';
import type { FieldCheck, FormPanel, NormalizeSplit } from './formats.generated';
import { getPath, isObject, setPath, type AppState, type JsonObject } from './state';
import { engineOf } from './form-suppress';

/** A `normalize` entry: a kind that cleans the field's own value, or a split that moves part of it to another field. */
export type NormalizeRule = NonNullable<FormPanel['normalize']>[string];
/** The kinds that clean a field's own value. */
export type NormalizeKind = Exclude<NormalizeRule, NormalizeSplit>;

/** The message key of a check whose rule failed (VAL-02's 'Unknown validation error'). */
export const UNKNOWN_CHECK_MESSAGE = 'validation.unknown';

/** A field's error: the dotted field path and the content key of its message. */
export interface FieldError {
  field: string;
  message: string;
}

const NORMALIZERS: Record<NormalizeKind, (value: string) => string> = {
  /** Digits only: (210) 555-0123 -> 2105550123, 123-45-6789 -> 123456789 (VAL-05). */
  digits: (v) => v.replace(/[^0-9]/g, ''),
  trim: (v) => v.trim(),
  /** Trimmed, every run of white space one space, accents composed (NFC: a decomposed 'e' + U+0301 is 'é', as a name pattern reads it). */
  collapse: (v) => v.normalize('NFC').trim().replace(/\s+/g, ' '),
  upper: (v) => v.toUpperCase(),
};

/** One value cleaned the `kind` way; anything but a string is left as it is. */
export function normalizeValue(kind: NormalizeKind, value: JsonValue | undefined): JsonValue | undefined {
  if (typeof value !== 'string') return value;
  const normalize = Object.prototype.hasOwnProperty.call(NORMALIZERS, kind) ? NORMALIZERS[kind] : undefined;
  return normalize ? normalize(value) : value;
}

/** A ZIP+4 as people type it: 78201-1234, 78201 1234, 782011234 (issue 20, VAL-06). */
const ZIP_PLUS_4 = /^([0-9]{5})(?:[ -]?)([0-9]{4})$/;

/**
 * A value split in two: the part the field keeps and the part for `rest`, or undefined when the
 * value is not of the split's shape (it is then only trimmed, and `rest` is left as it is).
 * `zipPlus4`: 78201-1234 -> 78201 and 1234 (VAL-06: ZIP 5 numbers, supplement 4).
 */
export function splitValue(split: NormalizeSplit['split'], value: string): { keep: string; rest: string } | undefined {
  if (split !== 'zipPlus4') return undefined;
  const m = ZIP_PLUS_4.exec(value.trim());
  return m ? { keep: m[1] ?? '', rest: m[2] ?? '' } : undefined;
}

/**
 * The form's data with the panel's `normalize` map applied (a copy; `data` is not changed). A
 * value that normalises to '' is removed, so `required` reports it rather than a `pattern`. A
 * split (`zipPlus4`) keeps its first part in the field and writes the rest to its `rest` field,
 * replacing what that field held; a value of another shape is trimmed and `rest` left alone.
 */
export function normalizeFormData(panel: Pick<FormPanel, 'normalize'>, data: JsonObject): JsonObject {
  let out = data;
  const put = (field: string, value: string, before: JsonValue | undefined): void => {
    if (value !== before) out = setPath(out, field, value === '' ? undefined : value);
  };
  for (const [field, rule] of Object.entries(panel.normalize ?? {})) {
    const value = getPath(out, field);
    if (typeof value !== 'string') continue;
    if (typeof rule === 'object') {
      const parts = splitValue(rule.split, value);
      if (!parts) {
        put(field, value.trim(), value);
        continue;
      }
      put(field, parts.keep, value);
      if (rule.rest !== undefined) put(rule.rest, parts.rest, getPath(out, rule.rest));
      continue;
    }
    const cleaned = normalizeValue(rule, value);
    if (typeof cleaned === 'string') put(field, cleaned, value);
  }
  return out;
}

export interface CheckFormOptions {
  /** Told of each check whose rule failed (the field then shows validation.unknown). No values pass through. */
  onRuleError?: (check: FieldCheck, error: RuleError) => void;
}


/** Whether one check finds its field invalid on `data` (the state plus `form`). Throws RuleError. */
function invalid(engine: RuleEngine, check: FieldCheck, data: AppState, ctx: RuleContext): boolean {
  return conditionHolds(engine, check.invalidWhen as boolean | string | Logic, data, ctx);
}

/**
 * The errors the panel's `checks` find in `data` (normalise it first), in the panel's order, at
 * most one per field: the first check that fails for a field wins, so authors put the most
 * basic check of a field first (an impossible birth date before under 18). `rules` is the rule
 * engine, or the document set that holds it.
 */
export function checkForm(
  rules: RuleEngine | { ruleEngine: RuleEngine },
  panel: Pick<FormPanel, 'checks'>,
  data: JsonObject,
  state: AppState,
  ctx: RuleContext,
  options: CheckFormOptions = {},
): FieldError[] {
  const checks = panel.checks ?? [];
  if (checks.length === 0) return [];
  const engine = engineOf(rules);
  const evaluated: AppState = { ...(isObject(state) ? state : {}), form: data };
  const errors: FieldError[] = [];
  const done = new Set<string>();
  for (const check of checks) {
    if (done.has(check.field)) continue;
    let message: string | undefined;
    try {
      if (invalid(engine, check, evaluated, ctx)) message = check.message;
    } catch (err) {
      const error = err instanceof RuleError ? err : new RuleError('BAD_ARGUMENT', err instanceof Error ? err.message : String(err), '');
      options.onRuleError?.(check, error);
      message = UNKNOWN_CHECK_MESSAGE;
    }
    if (message !== undefined) {
      errors.push({ field: check.field, message });
      done.add(check.field);
    }
  }
  return errors;
}

export { isSuppressed, suppressedFields, withoutSuppressed } from './form-suppress';
