// @vitest-environment jsdom
/** The form screen's pure parts: error summary wording, date entry, messages, UI schema, the validator loader. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import type { JsonValue } from '../../src/rules/index';
import type { FormPanel } from '../../src/engine/formats.generated';
import { stableHash } from '../../src/engine/hash';
import { dateValueFor, formatDateForInput, parseDateInput } from '../../src/ui/screens/form/dates';
import { errorSummaryKey, errorSummaryText } from '../../src/ui/screens/form/errorSummary';
import { createErrorTransformer, errorField, fieldId, messageKeyFor } from '../../src/ui/screens/form/messages';
import { buildUiSchema } from '../../src/ui/screens/form/uiSchema';
import { createPanelValidatorLoader, PanelValidatorError } from '../../src/ui/screens/form/validators';
import { makeContent, makeTelemetry, precompile } from './helpers';

const content = makeContent();

describe('error summary wording (UI-07, UI-08 reading A)', () => {
  it.each([
    [1, 'To continue, fix the error'],
    [2, 'To continue, fix two errors'],
    [3, 'To continue, fix three errors'],
    [4, 'To continue, fix four errors'],
    [5, 'To continue, fix five errors'],
    [6, 'To continue, fix six errors'],
    [7, 'To continue, fix seven errors'],
    [8, 'To continue, fix eight errors'],
    [9, 'To continue, fix nine errors'],
    [10, 'To continue, fix the errors'],
    [11, 'To continue, fix the errors'],
    [250, 'To continue, fix the errors'],
  ])('%i error(s): %s', (count, text) => {
    expect(errorSummaryText(count, content)).toBe(text);
  });

  it('names content keys, and refuses a count below one', () => {
    expect(errorSummaryKey(1)).toBe('app.form.errorSummary.one');
    expect(errorSummaryKey(9)).toBe('app.form.errorSummary.nine');
    expect(errorSummaryKey(10)).toBe('app.form.errorSummary.many');
    expect(() => errorSummaryKey(0)).toThrow(RangeError);
    expect(() => errorSummaryKey(1.5)).toThrow(RangeError);
  });
});

describe('date entry (VAL-10)', () => {
  it.each([
    ['01/15/1990', '1990-01-15'],
    ['1/5/1990', '1990-01-05'],
    [' 12/31/2000 ', '2000-12-31'],
    ['1990-01-15', '1990-01-15'],
    ['02/1990', '1990-02-01'],
    ['2/1990', '1990-02-01'],
    ['02/29/2024', '2024-02-29'],
  ])('%s is %s', (text, iso) => {
    expect(parseDateInput(text)).toBe(iso);
    expect(dateValueFor(text)).toBe(iso);
  });

  it.each(['02/29/2023', '13/01/1990', '00/10/1990', '01/32/1990', '1990-13-01', '1990-1-5', '15.01.1990', 'tomorrow', '01/15/90', '13/1990'])('%s is not a date, kept as typed', (text) => {
    expect(parseDateInput(text)).toBeUndefined();
    expect(dateValueFor(text)).toBe(text);
  });

  it('stores nothing for empty text, so required applies', () => {
    expect(dateValueFor('')).toBeUndefined();
    expect(dateValueFor('   ')).toBeUndefined();
  });

  it('shows a stored date as MM/dd/yyyy', () => {
    expect(formatDateForInput('1990-01-15')).toBe('01/15/1990');
    expect(formatDateForInput('13/45/1990')).toBe('13/45/1990');
    expect(formatDateForInput(undefined)).toBe('');
    expect(formatDateForInput(19900115)).toBe('');
  });
});

const panel: FormPanel = {
  id: 'test-form',
  kind: 'form',
  bind: 'eligibility.{variant}.test',
  title: 'basicInfo.title',
  schema: { type: 'object', properties: { phone: { type: 'string' }, dob: { type: 'string', format: 'date' }, address: { type: 'object', properties: { zip: { type: 'string' } } } } },
  labels: { phone: 'basicInfo.phoneNumber', dob: 'basicInfo.dob', 'address.zip': 'basicInfo.lastName' },
  messages: {
    required: 'validation.required',
    pattern: 'validation.invalidFormat',
    'phone/pattern': 'test.phone.pattern',
    'format:date': 'validation.invalidDate',
    'address.zip/minLength': 'validation.invalidFormat',
  },
};
const err = (e: Partial<RJSFValidationError>): RJSFValidationError => ({ stack: '', ...e });

describe('validation messages from content (VAL-01, VAL-02)', () => {
  it('finds the field of an error and its rjsf id', () => {
    expect(errorField(err({ property: '.phone' }))).toBe('phone');
    expect(errorField(err({ property: 'phone' }))).toBe('phone');
    expect(errorField(err({ property: '.address.zip' }))).toBe('address.zip');
    expect(errorField(err({ property: '' }))).toBe('');
    expect(fieldId('address.zip')).toBe('root_address_zip');
    expect(fieldId('')).toBe('root');
  });

  it('looks up field/keyword, then keyword:format, then keyword', () => {
    expect(messageKeyFor(panel, err({ name: 'pattern', property: '.phone' }))).toBe('test.phone.pattern');
    expect(messageKeyFor(panel, err({ name: 'pattern', property: '.other' }))).toBe('validation.invalidFormat');
    expect(messageKeyFor(panel, err({ name: 'format', property: '.dob', params: { format: 'date' } }))).toBe('validation.invalidDate');
    expect(messageKeyFor(panel, err({ name: 'minLength', property: '.address.zip' }))).toBe('validation.invalidFormat');
    expect(messageKeyFor(panel, err({ name: 'required', property: 'phone' }))).toBe('validation.required');
  });

  it("falls back to the keyword's default message when the panel maps none; truly unknown keywords have none (VAL-02)", () => {
    const bare = { ...panel, messages: {} };
    const key = (e: Partial<RJSFValidationError>) => messageKeyFor(bare, err(e));
    expect(key({ name: 'maxLength', property: '.rank', params: { limit: 10 } })).toBe('validation.tooLong');
    expect(key({ name: 'minLength', property: '.rank', params: { limit: 2 } })).toBe('validation.tooShort');
    expect(key({ name: 'pattern', property: '.phone' })).toBe('validation.invalidFormat');
    expect(key({ name: 'format', property: '.email', params: { format: 'email' } })).toBe('validation.email');
    expect(key({ name: 'format', property: '.dob', params: { format: 'date' } })).toBe('validation.invalidDate');
    expect(key({ name: 'format', property: '.x', params: { format: 'uri' } })).toBe('validation.invalidFormat');
    expect(key({ name: 'const', property: '.consent' })).toBe('validation.required');
    expect(key({ name: 'required', property: 'phone' })).toBe('validation.required');
    expect(key({ name: 'enum', property: '.branch' })).toBe('validation.choose');
    expect(key({ name: 'type', property: '.age', params: { type: 'integer' } })).toBe('validation.invalidNumber');
    expect(key({ name: 'maximum', property: '.age', params: { limit: 999 } })).toBe('validation.invalidNumber');
    expect(key({ name: 'uniqueItems', property: '.list' })).toBeUndefined();
    expect(key({ name: 'oneOf', property: '' })).toBeUndefined();
    // The panel's own entry wins over the default.
    expect(messageKeyFor(panel, err({ name: 'format', property: '.dob', params: { format: 'email' } }))).toBe('validation.email');
    expect(messageKeyFor({ ...panel, messages: { maxLength: 'x.long' } }, err({ name: 'maxLength', property: '.rank' }))).toBe('x.long');
  });

  it('fills {limit} from the error params', () => {
    const c = makeContent({ 'validation.tooLong': 'Must be {limit} characters or fewer' });
    const out = createErrorTransformer({ ...panel, messages: {} }, c, makeTelemetry(), () => '')([err({ name: 'maxLength', property: '.rank', params: { limit: 10 } })]);
    expect(out[0]?.message).toBe('Must be 10 characters or fewer');
  });

  it("rewrites messages from content; unknown ones read 'Unknown validation error' and are logged without values", () => {
    const telemetry = makeTelemetry();
    const transform = createErrorTransformer(panel, content, telemetry, (f) => (f === 'phone' ? 'Phone number' : ''));
    const out = transform([
      err({ name: 'required', property: 'phone', message: "must have required property 'phone'" }),
      err({ name: 'pattern', property: '.phone' }), // maps to a key content lacks
      err({ name: 'uniqueItems', property: '.dob', params: { i: 1, j: 0 } }),
    ]);
    expect(out.map((e) => e.message)).toEqual(['Required', 'Unknown validation error', 'Unknown validation error']);
    expect(out.map((e) => e.stack)).toEqual(['Required', 'Unknown validation error', 'Unknown validation error']);
    expect(out[0]?.title).toBe('Phone number');
    expect(telemetry.log).toHaveBeenCalledWith('warn', expect.any(String), { panel: 'test-form', field: 'phone', keyword: 'pattern' });
    expect(telemetry.log).toHaveBeenCalledWith('warn', expect.any(String), { panel: 'test-form', field: 'dob', keyword: 'uniqueItems' });
  });
  it('uses validation.unknown when content authors define it', () => {
    const c = makeContent({ 'validation.unknown': 'Something is wrong here' });
    const out = createErrorTransformer(panel, c, makeTelemetry(), () => '')([err({ name: 'uniqueItems', property: '.dob' })]);
    expect(out[0]?.message).toBe('Something is wrong here');
  });
});

describe('UI schema from content', () => {
  it('adds labels, help and choice labels, keeps the panel UI schema, and hides rjsf’s submit button', () => {
    const c = makeContent({ 'test.help': 'Ten digits', 'test.branch.army': 'Army', 'test.branch.navy': 'Navy' });
    const ui = buildUiSchema(
      {
        ...panel,
        uiSchema: { phone: { 'ui:autocomplete': 'tel' }, 'ui:order': ['dob', 'phone', '*'] },
        help: { phone: 'test.help', dob: 'test.missing' },
        enumLabels: { branch: { army: 'test.branch.army', navy: 'test.branch.navy' } },
      },
      c,
    );
    expect(ui).toEqual({
      'ui:order': ['dob', 'phone', '*'],
      'ui:submitButtonOptions': { norender: true },
      phone: { 'ui:autocomplete': 'tel', 'ui:title': 'Phone number', 'ui:help': 'Ten digits' },
      dob: { 'ui:title': 'Date of birth' },
      address: { zip: { 'ui:title': 'Last name' } },
      branch: { 'ui:enumNames': { army: 'Army', navy: 'Navy' } },
    });
    expect(panel.uiSchema).toBeUndefined(); // the document is not changed
  });
  it('turns autofill off on a relative\'s details: the browser must not fill the applicant\'s own', () => {
    const c = makeContent({});
    const withTokens = { ...panel, uiSchema: { firstName: { 'ui:autocomplete': 'given-name' }, address: { zip: { 'ui:autocomplete': 'postal-code' } } } };
    expect(buildUiSchema(withTokens, c, 'self')).toMatchObject({ firstName: { 'ui:autocomplete': 'given-name' }, address: { zip: { 'ui:autocomplete': 'postal-code' } } });
    expect(buildUiSchema(withTokens, c, 'spouse')).toMatchObject({ firstName: { 'ui:autocomplete': 'off' }, address: { zip: { 'ui:autocomplete': 'off' } } });
    expect(withTokens.uiSchema.firstName['ui:autocomplete']).toBe('given-name');
  });
});

describe('createPanelValidatorLoader (strict CSP: precompiled validators only)', () => {
  const schema: { [key: string]: JsonValue } = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 2 } } };
  const fns = precompile(schema);

  it('gives an rjsf validator for a panel whose validator matches its schema', async () => {
    const load = vi.fn(async () => fns);
    const loader = createPanelValidatorLoader({ p: { hash: stableHash(schema), load } });
    const validator = await loader('p', schema);
    expect(validator.isValid(schema as RJSFSchema, { name: 'Al' }, schema as RJSFSchema)).toBe(true);
    expect(validator.validateFormData({}, schema as RJSFSchema).errors.map((e) => e.name)).toEqual(['required']);
    await loader('p', schema);
    expect(load).toHaveBeenCalledTimes(1); // cached
  });

  it('accepts a CommonJS module imported as { default }', async () => {
    const loader = createPanelValidatorLoader({ p: { hash: stableHash(schema), load: async () => ({ default: fns }) } });
    const validator = await loader('p', schema);
    expect(validator.isValid(schema as RJSFSchema, { name: 'A' }, schema as RJSFSchema)).toBe(false);
  });

  it('finds the schema by panel id when only the id is given', async () => {
    const loader = createPanelValidatorLoader({ p: { hash: stableHash(schema), load: async () => fns } }, (id) => (id === 'p' ? schema : undefined));
    await expect(loader('p')).resolves.toBeDefined();
    await expect(loader('q')).rejects.toMatchObject({ code: 'SCHEMA_MISSING' });
  });

  it('refuses a panel without a validator', async () => {
    const loader = createPanelValidatorLoader({});
    await expect(loader('p', schema)).rejects.toBeInstanceOf(PanelValidatorError);
    await expect(loader('p', schema)).rejects.toMatchObject({ code: 'VALIDATOR_MISSING', message: expect.stringMatching(/no precompiled validator/) });
  });

  it('refuses a validator compiled from another schema (hash mismatch), without loading it', async () => {
    const load = vi.fn(async () => fns);
    const loader = createPanelValidatorLoader({ p: { hash: stableHash(schema), load } });
    const changed = { ...schema, required: ['name', 'age'] };
    await expect(loader('p', changed)).rejects.toMatchObject({ code: 'VALIDATOR_STALE', message: expect.stringMatching(/another schema/) });
    expect(load).not.toHaveBeenCalled();
  });

  it('refuses a validator module that does not fit the schema, or fails to load', async () => {
    const other = precompile({ type: 'object', properties: { x: { type: 'number' } } });
    const wrong = createPanelValidatorLoader({ p: { hash: stableHash(schema), load: async () => other } });
    await expect(wrong('p', schema)).rejects.toMatchObject({ code: 'VALIDATOR_BROKEN' });
    const failing = createPanelValidatorLoader({ p: { hash: stableHash(schema), load: () => Promise.reject(new Error('chunk 404')) } });
    await expect(failing('p', schema)).rejects.toMatchObject({ code: 'VALIDATOR_MISSING', message: expect.stringMatching(/chunk 404/) });
  });
});

describe('validators.ts on the first screen', () => {
  it('has no run-time import of rjsf or ajv at its top (the factory loads with the first form)', () => {
    const source = readFileSync(path.resolve(__dirname, '../../src/ui/screens/form/validators.ts'), 'utf8');
    const runtime = [...source.matchAll(/^import\s+(?!type\b)[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
    expect(runtime.filter((s) => /@rjsf|ajv/.test(s ?? ''))).toEqual([]);
    expect(source).toContain("import('@rjsf/validator-ajv8/lib/createPrecompiledValidator.js')");
  });
});
