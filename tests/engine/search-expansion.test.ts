// search-expansion (ROUTE-11, PROD-18): the expansion variant of the sponsor search asks one
// additional piece where search-sponsor asks two (doc 2 §5). On standby: the expansion flag is
// off, so no module shows it; checked here as the form and simulate would check it.
import { describe, expect, it } from 'vitest';
import { checkForm, normalizeFormData } from '../../src/engine/form-check';
import { schemaMessageKey } from '../../src/engine/form-messages';
import type { FormPanel } from '../../src/engine/formats.generated';
import type { JsonObject } from '../../src/engine/state';
import { createFormChecker } from '../../tools/lib/form-checker';
import { loadProject } from '../../tools/lib/project';

const docs = loadProject();
const schemaCheck = createFormChecker();
const ctx = { today: '2026-11-22' };

function errorsOf(id: string, typed: JsonObject): Record<string, string> {
  const p = docs.panels.get(id)?.value as FormPanel;
  const data = normalizeFormData(p, typed);
  const result = schemaCheck(p, data);
  const errors: Record<string, string> = {};
  for (const field of result.missing) errors[field] ??= schemaMessageKey(p, { field, keyword: 'required' }) ?? '(none)';
  for (const e of result.errors ?? []) errors[e.field] ??= schemaMessageKey(p, e) ?? '(none)';
  for (const e of checkForm(docs, p, data, { flow: { variant: 'parent' } }, ctx)) errors[e.field] ??= e.message;
  return errors;
}

const NAME = { firstName: 'Luis', lastName: 'Ortega', consentAcquired: true };

describe('search-expansion: one additional piece (ROUTE-11, PROD-18)', () => {
  it('is on standby: no module shows it while the expansion flag is off', () => {
    const panel = docs.panels.get('search-expansion')?.value as { standby?: { requirements: string[] } };
    expect(panel.standby?.requirements).toContain('PROD-18');
  });

  it.each<JsonObject>([{ zipCode: '78201' }, { dob: '1960-04-02' }, { ssnLast4: '6789' }, { emailAddress: 'luis@example.com' }, { memberNumber: '123456789' }])('%j is enough', (piece) => {
    expect(errorsOf('search-expansion', { ...NAME, ...piece })).toEqual({});
  });

  it('none is not; search-sponsor still asks two', () => {
    expect(errorsOf('search-expansion', NAME)).toEqual({ memberNumber: 'validation.sponsorOnePiece' });
    expect(errorsOf('search-sponsor', { ...NAME, zipCode: '78201' })).toEqual({ memberNumber: 'validation.sponsorPieces' });
    expect(errorsOf('search-sponsor', { ...NAME, zipCode: '78201', ssnLast4: '6789' })).toEqual({});
  });

  it('the consent box and the field rules are the sponsor search\'s', () => {
    expect(errorsOf('search-expansion', { ...NAME, consentAcquired: false, zipCode: '78201' })).toEqual({ consentAcquired: 'validation.consent' });
    expect(errorsOf('search-expansion', { ...NAME, ssnLast4: '0000' })).toEqual({ ssnLast4: 'validation.ssnLast4NotIssued' });
  });
});
