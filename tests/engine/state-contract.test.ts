/**
 * The state contract's bare shape (src/engine/state-contract.ts contractShape): the browser's
 * rule engine checks variables against it, so it must answer isKnownVar exactly as the full
 * schema does, for every path the contract names and for paths it does not.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStateContract } from '../../src/engine/state-contract';
import { contractShape } from '../../src/engine/contract-shape';

const root = path.resolve(__dirname, '../..');
const schema = JSON.parse(readFileSync(path.join(root, 'schemas/state.schema.json'), 'utf8')) as object;

describe('contractShape', () => {
  const full = createStateContract(schema);
  const bare = createStateContract(contractShape(schema));

  it('knows exactly the variables the full contract knows', () => {
    const paths = full.paths();
    expect(paths.length).toBeGreaterThan(50);
    const probes = [...paths, ...paths.map((p) => `${p}.zz`), ...paths.map((p) => `${p}.0`), ...paths.map((p) => `${p}.0.firstName`), 'nope', 'eligibility.nope', '', 'triage', '__proto__', 'constructor.prototype'];
    for (const p of probes) expect(bare.isKnownVar(p), p).toBe(full.isKnownVar(p));
  });

  it('reads an object without `additionalProperties: false` as open (form, the form being validated); a closed one names its paths', () => {
    for (const c of [full, bare]) {
      expect(c.isKnownVar('form.startDate')).toBe(true);
      expect(c.isKnownVar('form.mailing.domesticCity')).toBe(true);
      expect(c.isKnownVar('eligibility.self.personalInfo.firstName')).toBe(true);
      expect(c.isKnownVar('eligibility.self.personalInfo.nope')).toBe(false);
      expect(c.isKnownVar('triage.nope')).toBe(false);
    }
  });

  it('drops the prose: descriptions and titles are not shipped to the browser', () => {
    const text = JSON.stringify(contractShape(schema));
    expect(text).not.toContain('"description"');
    expect(text.length).toBeLessThan(JSON.stringify(schema).length * 0.6);
  });

  it('is what the browser loads (src/generated/state-contract.json, written by npm run pack)', () => {
    const generated = JSON.parse(readFileSync(path.join(root, 'src/generated/state-contract.json'), 'utf8')) as unknown;
    expect(generated).toEqual(contractShape(schema));
  });
});
