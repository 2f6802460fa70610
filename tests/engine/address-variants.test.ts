// ADDR-19: the nine invalid-address variants (and the ZIP mismatch, ADDR-26) are told apart in
// what the applicant reads: the confirm and mismatch pages hold a list of banners (`heldError`),
// the first whose condition holds shown (src/app/StepHost.tsx), each condition reading rule
// addresses.invalidVariant over the codes of the last address answer.
import { describe, expect, it } from 'vitest';
import type { FormPanel } from '../../src/engine/formats.generated';
import { conditionHolds, type Logic } from '../../src/rules/engine';
import { loadProject } from '../../tools/lib/project';

const docs = loadProject();
const ctx = { today: '2026-11-22' };

function held(panelId: string, codes: string[]): string | undefined {
  const panel = docs.panels.get(panelId)?.value as FormPanel;
  const state = { flow: { variant: 'self' }, eligibility: { self: { address: { validation: { codes } } } } };
  return [panel.heldError ?? []].flat().find((h) => conditionHolds(docs.ruleEngine, h.when as Logic, state, ctx))?.message;
}

const text = (key: string | undefined): string | undefined => (key === undefined ? undefined : (docs.content.get(key)?.text as string | undefined));

describe('the invalid-address variants on the confirm and mismatch pages (ADDR-19)', () => {
  const cases: [string, string][] = [
    ['19501', 'apartment'],
    ['19502', 'house or building number'],
    ['19503', 'street direction'],
    ['19504', 'street type'],
    ['19505', 'rural route or highway contract box'],
    ['19506', 'private mailbox'],
    ['19507', 'post office that delivers'],
    ['19508', 'country'],
    ['19509', 'city'],
    ['17615', 'ZIP code'],
  ];

  it.each(cases)('code %s reads a message about the %s', (code, words) => {
    for (const panel of ['address-mismatch', 'address-confirm']) {
      const message = text(held(panel, [code]));
      expect(message, panel).toBeDefined();
      expect(message?.toLowerCase(), panel).toContain(words.toLowerCase());
    }
  });

  it('the ten messages differ from each other', () => {
    const messages = cases.map(([code]) => text(held('address-mismatch', [code])));
    expect(new Set(messages).size).toBe(10);
  });

  it('no banner for a code of no variant, or none; the generic subhead and help stay', () => {
    expect(held('address-mismatch', ['19599'])).toBeUndefined();
    expect(held('address-mismatch', [])).toBeUndefined();
    expect(text('address.mismatch.help')).toBeDefined();
  });
});
