// The identity-document and age validators of doc 2 §5 that no screen of the spec collects yet
// (VAL-01, VAL-07, VAL-08, VAL-09, VAL-13): schemas/fields/identity.json, the check rule
// validation.passportExpiryTooFar and the messages of content/en/validation.json. They are
// checked here as a panel would use them: a form panel built in the test refers to the shared
// definitions with `$ref` (inlined by the loader's own function), maps the messages, and is
// checked as the form screen and simulate check a panel (normalize, rjsf's Ajv, the panel's
// checks). today is 2026-11-22.
import { describe, expect, it } from 'vitest';
import { inlineFieldRefs } from '../../src/engine/field-refs';
import { checkForm, normalizeFormData } from '../../src/engine/form-check';
import { schemaMessageKey } from '../../src/engine/form-messages';
import type { FormPanel } from '../../src/engine/formats.generated';
import type { JsonObject } from '../../src/engine/state';
import { createAjvFormatValidator } from '../../src/engine/validate-ajv';
import type { JsonValue } from '../../src/rules/index';
import { createFormChecker } from '../../tools/lib/form-checker';
import { loadProject, readFormatSchemas } from '../../tools/lib/project';

const docs = loadProject();
const schemaCheck = createFormChecker();
const ctx = { today: '2026-11-22' };
const ref = (name: string): JsonValue => ({ $ref: `../fields/identity.json#/$defs/${name}` });

/** A panel as a product that asks these would write it (the format of schemas/formats/panel.schema.json). */
const written = {
  id: 'identity-documents',
  kind: 'form',
  bind: 'eligibility.{variant}.identity',
  title: 'panels.socialSecurity.title',
  schema: {
    type: 'object',
    required: ['passportNumber'],
    properties: {
      age: ref('age'),
      passportNumber: ref('passportNumber'),
      passportExpiry: ref('passportExpiry'),
      permanentNumberCard: ref('permanentNumberCard'),
      driverLicense: ref('driverLicense'),
    },
  },
  normalize: { passportNumber: 'upper', permanentNumberCard: 'upper', age: 'trim' },
  messages: {
    'age/pattern': 'validation.age',
    'passportNumber/pattern': 'validation.passport',
    'passportNumber/minLength': 'validation.passport',
    'passportNumber/maxLength': 'validation.passport',
    'passportExpiry/format': 'validation.invalidDate',
    'permanentNumberCard/pattern': 'validation.permanentNumberCard',
    'driverLicense.front/required': 'validation.driverLicense',
    'driverLicense.back/required': 'validation.driverLicense',
    'driverLicense.front/pattern': 'validation.driverLicenseFile',
    'driverLicense.back/pattern': 'validation.driverLicenseFile',
    'driverLicense.front/format': 'validation.driverLicenseFile',
    'driverLicense.back/format': 'validation.driverLicenseFile',
  },
  checks: [
    {
      field: 'passportExpiry',
      description: 'Not beyond today plus the configured span, 10 years (VAL-08, VAL-09).',
      invalidWhen: { rule: ['validation.passportExpiryTooFar', { date: { var: 'form.passportExpiry' }, years: 10 }] },
      message: 'validation.passportExpiry',
      requirements: ['VAL-08'],
    },
  ],
};

function panel(): FormPanel {
  const p = JSON.parse(JSON.stringify(written)) as FormPanel;
  const issues = inlineFieldRefs(p, 'schemas/panels/identity-documents.json', docs.fields);
  if (issues.length > 0) throw new Error(JSON.stringify(issues));
  return p;
}

/** Each field's first message key, as the form shows it. */
function errorsOf(typed: JsonObject): Record<string, string> {
  const p = panel();
  const data = normalizeFormData(p, { passportNumber: 'X12345678', ...typed });
  const result = schemaCheck(p, data);
  const errors: Record<string, string> = {};
  for (const field of result.missing) errors[field] ??= schemaMessageKey(p, { field, keyword: 'required' }) ?? '(none)';
  for (const e of result.errors ?? []) errors[e.field] ??= schemaMessageKey(p, e) ?? '(none)';
  for (const e of checkForm(docs, p, data, { flow: { variant: 'self' } }, ctx)) errors[e.field] ??= e.message;
  return errors;
}

const IMAGE = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
const PDF = 'data:application/pdf;name=back.pdf;base64,JVBERi0xLjQK';

describe('a panel can use them (the panel format, the loader, the content)', () => {
  it('the written panel passes the panel format and its field references resolve', () => {
    expect(createAjvFormatValidator(readFormatSchemas())('panel', written as unknown as JsonValue)).toEqual([]);
    expect(() => panel()).not.toThrow();
  });

  it('every message key exists in content/en/validation.json, and is on standby until a panel uses it', () => {
    for (const key of ['validation.passport', 'validation.passportExpiry', 'validation.permanentNumberCard', 'validation.age', 'validation.driverLicense', 'validation.driverLicenseFile']) {
      const entry = docs.content.get(key);
      expect(entry, key).toBeDefined();
      expect((entry?.doc.value as { standby?: Record<string, string> }).standby?.[key], key).toBeTruthy();
    }
  });
});

describe('age field: 1 to 3 digits (VAL-07)', () => {
  it.each(['1', '34', '105', '0', ' 42 '])('%s is accepted', (age) => {
    expect(errorsOf({ age })).toEqual({});
  });
  it.each(['1000', '3.5', '-4', 'thirty', '34 years', '٣٤'])('%s reads validation.age', (age) => {
    expect(errorsOf({ age })).toEqual({ age: 'validation.age' });
  });
});

describe('passport number: letters and numbers only (VAL-08, VAL-01)', () => {
  it.each([
    ['X12345678', 'X12345678'],
    ['c03005988', 'C03005988'],
    ['123456789', '123456789'],
    ['AB1234567890', 'AB1234567890'],
    ['K123456', 'K123456'],
  ])('%s is accepted, stored %s', (typed, stored) => {
    const p = panel();
    expect(normalizeFormData(p, { passportNumber: typed }).passportNumber).toBe(stored);
    expect(errorsOf({ passportNumber: typed })).toEqual({});
  });
  it.each(['X1234-5678', 'X 12345678', 'X12345678!', 'Ñ12345678', '12345', 'A'.repeat(21), "<script>"])('%s reads validation.passport', (passportNumber) => {
    expect(errorsOf({ passportNumber })).toEqual({ passportNumber: 'validation.passport' });
  });
});

describe('passport expiry: not beyond today plus 10 years (VAL-08, VAL-09)', () => {
  it.each(['2036-11-22', '2030-01-31', '2026-11-22', '2019-05-01'])('%s is accepted', (passportExpiry) => {
    expect(errorsOf({ passportExpiry })).toEqual({});
  });
  it.each([
    ['2036-11-23', 'validation.passportExpiry'],
    ['2099-01-01', 'validation.passportExpiry'],
    ['2036-02-30', 'validation.invalidDate'],
    ['next year', 'validation.invalidDate'],
  ])('%s reads %s', (passportExpiry, key) => {
    expect(errorsOf({ passportExpiry })).toEqual({ passportExpiry: key });
  });
});

describe('Permanent Number Card: 3 letters then 10 digits (VAL-01)', () => {
  it.each([
    ['EAC1234567890', 'EAC1234567890'],
    ['ioe0912345678', 'IOE0912345678'],
    ['MSC2190012345', 'MSC2190012345'],
  ])('%s is accepted, stored %s', (typed, stored) => {
    expect(normalizeFormData(panel(), { permanentNumberCard: typed }).permanentNumberCard).toBe(stored);
    expect(errorsOf({ permanentNumberCard: typed })).toEqual({});
  });
  it.each(['EAC123456789', 'EAC12345678901', 'EA1234567890X', 'EAC-123-456-7890', '1234567890123', 'A12345678'])('%s reads validation.permanentNumberCard', (permanentNumberCard) => {
    expect(errorsOf({ permanentNumberCard })).toEqual({ permanentNumberCard: 'validation.permanentNumberCard' });
  });
});

describe("driver's license: front and back both uploaded (VAL-13)", () => {
  it('both sides, an image and a PDF, are accepted', () => {
    expect(errorsOf({ driverLicense: { front: IMAGE, back: PDF } })).toEqual({});
    expect(errorsOf({ driverLicense: { front: 'data:image/png;base64,iVBORw0KGgo=', back: 'data:image/heic;base64,AAAA' } })).toEqual({});
  });
  it.each([
    [{ front: IMAGE }, { 'driverLicense.back': 'validation.driverLicense' }],
    [{ back: IMAGE }, { 'driverLicense.front': 'validation.driverLicense' }],
    [{}, { 'driverLicense.front': 'validation.driverLicense', 'driverLicense.back': 'validation.driverLicense' }],
    [{ front: IMAGE, back: 'data:text/html;base64,PHNjcmlwdD4=' }, { 'driverLicense.back': 'validation.driverLicenseFile' }],
    [{ front: 'front.jpg', back: IMAGE }, { 'driverLicense.front': 'validation.driverLicenseFile' }],
  ])('%j reads %j', (driverLicense, expected) => {
    expect(errorsOf({ driverLicense })).toEqual(expected);
  });
});
