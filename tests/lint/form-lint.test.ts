/**
 * lint:content checks what a form panel adds to its schema (issue 9, "Authors' tools"): widgets
 * by name from the one registry, option sources and their placeholders, checks and normalisation
 * of fields the form has, and bind paths in the state contract. The project's real documents plus
 * a probe panel (and a probe option source), each test breaking one thing; every finding is
 * asserted by file:line:col and check id.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/engine/diagnostics';
import { WIDGET_NAMES } from '../../src/engine/widgets';
import type { SourceFile } from '../../src/engine/loader';
import { aContentKey, at, lint, locate, positionAt, realSources, where, withJson, withText, type Json } from './helpers';

const base = realSources();
const key = aContentKey(base);
const PROBE = 'schemas/panels/lint-probe.json';
const SOURCES = 'flows/option-sources.json';

/** The real documents with a probe option source `probeRanks` (path .../{branch}/ranks). */
const withSource = withJson(base, SOURCES, (doc) => {
  (doc.sources as Json).probeRanks = { path: 'probe/branches/{branch}/ranks', value: 'code', label: 'name' };
}).sources;

/** A clean form panel with a cascade (probeRank follows probeBranch), a check and a normalisation. */
function probePanel(): Json {
  return {
    id: 'lint-probe',
    kind: 'form',
    bind: 'form',
    title: key,
    schema: {
      type: 'object',
      properties: {
        probeBranch: { type: 'string' },
        probeRank: { type: 'string' },
        probeStart: { type: 'string' },
        probeBlock: { type: 'object', properties: { probeCity: { type: 'string' } } },
      },
    },
    uiSchema: { probeBranch: { 'ui:widget': 'OptionsSelect' }, probeStart: { 'ui:widget': 'DateWidget' } },
    labels: { probeBranch: key, probeRank: key, probeStart: key, probeBlock: key },
    options: { probeRank: { source: 'probeRanks', params: { branch: 'probeBranch' } } },
    checks: [{ field: 'probeStart', invalidWhen: { '==': [{ var: 'form.probeStart' }, 'never'] }, message: key }],
    normalize: { 'probeBlock.probeCity': 'collapse' },
  };
}

function probe(edit: (panel: Json) => void, sources: SourceFile[] = withSource): { sources: SourceFile[]; text: string } {
  const panel = probePanel();
  edit(panel);
  const text = `${JSON.stringify(panel, null, 2)}\n`;
  return { sources: withText(sources, PROBE, text), text };
}

function errorsIn(file: string, sources: SourceFile[]): Diagnostic[] {
  return lint(sources).filter((d) => d.severity === 'error' && d.file === file);
}

/** The position of `needle` at or after the first `anchor` (for names that appear in several places). */
function locateAfter(text: string, anchor: string, needle: string): { line: number; col: number } {
  const from = text.indexOf(anchor);
  const i = text.indexOf(needle, from);
  if (from < 0 || i < 0) throw new Error(`"${needle}" after "${anchor}" is not in the text`);
  return positionAt(text, i);
}

describe('lint:content on form panels', () => {
  it('finds nothing in a clean probe panel', () => {
    expect(errorsIn(PROBE, probe(() => {}).sources)).toEqual([]);
  });

  it('an unknown widget in the uiSchema, with the registered names', () => {
    const { sources, text } = probe((p) => {
      (p.uiSchema as Json).probeRank = { 'ui:widget': 'OptionSelect' };
      (p.uiSchema as Json).probeBlock = { probeCity: { 'ui:options': { widget: 'CityPicker' } } };
    });
    const found = errorsIn(PROBE, sources);
    expect(where(found)).toEqual(expect.arrayContaining([at(PROBE, locate(text, '"OptionSelect"'), 'broken-reference'), at(PROBE, locate(text, '"CityPicker"'), 'broken-reference')]));
    expect(found.map((d) => d.message)).toContain(`unknown widget "OptionSelect" (did you mean "OptionsSelect"?): the registered widgets are ${WIDGET_NAMES.join(', ')}`);
    expect(found).toHaveLength(2);
  });

  it('Markdown in descriptions or help is refused: the form does not render it', () => {
    const { sources } = probe((p) => {
      (p.uiSchema as Json).probeRank = { 'ui:enableMarkdownInHelp': true };
      (p.uiSchema as Json).probeBlock = { probeCity: { 'ui:options': { enableMarkdownInDescription: true } } };
    });
    const found = errorsIn(PROBE, sources).filter((d) => d.check === 'unsupported');
    expect(found.map((d) => d.message)).toEqual([
      '"ui:enableMarkdownInHelp" is not supported: Markdown is not rendered; write the copy in content (HTML values are sanitised)',
      '"enableMarkdownInDescription" is not supported: Markdown is not rendered; write the copy in content (HTML values are sanitised)',
    ]);
  });

  it('an options entry: unknown source, unfilled placeholder, a param the path lacks, a param reading no field, a field the form lacks', () => {
    const unknown = probe((p) => ((p.options as Json).probeRank = { source: 'probeRank', params: { branch: 'probeBranch' } }));
    const f1 = errorsIn(PROBE, unknown.sources);
    expect(where(f1)).toEqual([at(PROBE, locate(unknown.text, '"probeRank",'), 'broken-reference')]);
    expect(f1[0]?.message).toBe('unknown option source "probeRank" (did you mean "probeRanks"?): flows/option-sources.json has no such source');

    const unfilled = probe((p) => ((p.options as Json).probeRank = { source: 'probeRanks' }));
    const f2 = errorsIn(PROBE, unfilled.sources);
    expect(where(f2)).toEqual([at(PROBE, locateAfter(unfilled.text, '"options"', '"probeRank"'), 'broken-reference')]);
    expect(f2[0]?.message).toContain('has the placeholder {branch} in its path "probe/branches/{branch}/ranks": fill it with "params": {"branch": ');

    const params = probe((p) => ((p.options as Json).probeRank = { source: 'probeRanks', params: { branch: 'probeBranh', rank: 'probeRank' } }));
    const f3 = errorsIn(PROBE, params.sources);
    expect(where(f3)).toEqual(
      expect.arrayContaining([at(PROBE, locate(params.text, '"probeBranh"'), 'broken-reference'), at(PROBE, locateAfter(params.text, '"params"', '"rank"'), 'broken-reference')]),
    );
    expect(f3.map((d) => d.message)).toEqual(
      expect.arrayContaining(['param {branch} reads field "probeBranh", which the form schema does not have (did you mean "probeBranch"?)', expect.stringContaining('option source "probeRanks" has no placeholder {rank}')]),
    );

    const field = probe((p) => ((p.options as Json).probeRnk = { source: 'probeRanks', params: { branch: 'probeBranch' } }));
    const f4 = errorsIn(PROBE, field.sources);
    expect(where(f4)).toEqual([at(PROBE, locate(field.text, '"probeRnk"'), 'broken-reference')]);
    expect(f4[0]?.message).toBe('options names field "probeRnk", which the form schema does not have (did you mean "probeRank"?)');
  });

  it("an option filter: its condition passes the rule check; option.value and a form field are readable (VAL-19/20)", () => {
    const clean = probe((p) => ((p.options as Json).probeRank = { source: 'probeRanks', params: { branch: 'probeBranch' }, showWhen: { rule: ['options.rankOffered', { rank: { var: 'option.value' }, noaaUsphs: { '==': [{ var: 'form.probeBranch' }, 'NOAA'] } }] } }));
    expect(errorsIn(PROBE, clean.sources)).toEqual([]);
    const unknownRule = probe((p) => ((p.options as Json).probeRank = { source: 'probeRanks', params: { branch: 'probeBranch' }, showWhen: 'options.noSuchRule' }));
    expect(where(errorsIn(PROBE, unknownRule.sources))).toEqual([at(PROBE, locate(unknownRule.text, '"options.noSuchRule"'), 'broken-reference')]);
    const unknownOp = probe((p) => ((p.options as Json).probeRank = { source: 'probeRanks', params: { branch: 'probeBranch' }, showWhen: { and: [{ var: 'option.value' }, { frobnicate: [1] }] } }));
    expect(where(errorsIn(PROBE, unknownOp.sources))).toEqual([at(PROBE, locate(unknownOp.text, '"frobnicate": ', '"frobnicate": '.length), 'unknown-operation')]);
  });

  it('a nested or conditional field counts as a field of the form', () => {
    const { sources } = probe((p) => {
      (p.schema as Json).allOf = [{ if: { properties: { probeBranch: { const: 'x' } } }, then: { properties: { probeExtra: { type: 'string' } } } }];
      p.normalize = { 'probeBlock.probeCity': 'trim', probeExtra: 'digits' };
      (p.checks as Json[]).push({ field: 'probeExtra', invalidWhen: { '==': [{ var: 'form.probeBlock.probeCity' }, 'x'] }, message: key });
    });
    expect(errorsIn(PROBE, sources)).toEqual([]);
  });

  it("a check: its field, its message key, its condition's rule check, and the form fields it reads", () => {
    const { sources, text } = probe((p) => {
      p.checks = [
        { field: 'probeStrat', invalidWhen: 'validation.noSuchRule', message: 'validation.no.such.key' },
        { field: 'probeStart', invalidWhen: { and: [{ '==': [{ var: 'form.probeStop' }, 1] }, { frobnicate: [1] }] }, message: key },
      ];
    });
    const found = errorsIn(PROBE, sources);
    expect(where(found)).toEqual(
      expect.arrayContaining([
        at(PROBE, locate(text, '"probeStrat"'), 'broken-reference'),
        at(PROBE, locate(text, '"validation.noSuchRule"'), 'broken-reference'),
        at(PROBE, locate(text, '"validation.no.such.key"'), 'broken-reference'),
        at(PROBE, locate(text, '"form.probeStop"'), 'broken-reference'),
        at(PROBE, locate(text, '"frobnicate": ', '"frobnicate": '.length), 'unknown-operation'),
      ]),
    );
    expect(found.map((d) => d.message)).toContain('"form.probeStop" reads field "probeStop", which the form schema does not have: the check would never see a value');
  });

  it('a normalisation of a field the form does not have', () => {
    const { sources, text } = probe((p) => (p.normalize = { 'probeBlock.probeCty': 'trim' }));
    const found = errorsIn(PROBE, sources);
    expect(where(found)).toEqual([at(PROBE, locate(text, '"probeBlock.probeCty"'), 'broken-reference')]);
  });

  it("a zipPlus4 split's rest field the form does not have; one it has is clean (issue 20)", () => {
    const clean = probe((p) => (p.normalize = { probeStart: { split: 'zipPlus4', rest: 'probeBlock.probeCity' }, probeRank: { split: 'zipPlus4' } }));
    expect(errorsIn(PROBE, clean.sources)).toEqual([]);
    const { sources, text } = probe((p) => (p.normalize = { probeStart: { split: 'zipPlus4', rest: 'probeBlock.probeZip4' } }));
    const found = errorsIn(PROBE, sources);
    expect(where(found)).toEqual([at(PROBE, locate(text, '"probeBlock.probeZip4"'), 'broken-reference')]);
    expect(found[0]?.message).toContain('probeBlock.probeZip4');
  });

  it('a bind path outside the state contract, and form fields under a closed object of it', () => {
    const nowhere = probe((p) => (p.bind = 'eligibility.{variant}.nowhere'));
    const f1 = errorsIn(PROBE, nowhere.sources);
    expect(where(f1)).toEqual([at(PROBE, locate(nowhere.text, '"eligibility.{variant}.nowhere"'), 'unknown-variable')]);
    expect(f1[0]?.message).toContain('"eligibility.self.nowhere", which is not in the state contract');

    // militaryDetails is closed (additionalProperties false): each field must be in the contract.
    const closed = probe((p) => (p.bind = 'eligibility.{variant}.militaryDetails'));
    const f2 = errorsIn(PROBE, closed.sources);
    const keyOf = (name: string): { line: number; col: number } => locateAfter(closed.text, '"schema"', `"${name}"`);
    expect(where(f2).sort()).toEqual(['probeBranch', 'probeRank', 'probeStart', 'probeCity'].map((f) => at(PROBE, keyOf(f), 'unknown-variable')).sort());
    expect(f2.map((d) => d.message)).toContain('field "probeBlock.probeCity" is stored at "eligibility.self.militaryDetails.probeBlock.probeCity", which the state contract does not have (schemas/state.schema.json): add it there or rename the field');
  });

  it("a question panel's answer outside the state contract", () => {
    const path = 'schemas/panels/lint-probe-question.json';
    const text = `${JSON.stringify({ id: 'lint-probe-question', kind: 'question', field: 'probeAnswer', title: key, answers: [{ value: 'yes', label: key }] }, null, 2)}\n`;
    const found = errorsIn(path, withText(base, path, text));
    expect(where(found)).toEqual([at(path, locate(text, '"probeAnswer"'), 'unknown-variable')]);
    expect(found[0]?.message).toContain('"triage.probeAnswer", which is not in the state contract');
  });

  it("an option source's fixed labels are copy and its query conditions pass the rule check", () => {
    const { sources, text } = withJson(base, SOURCES, (doc) => {
      (doc.sources as Json).probeRanks = {
        path: 'probe/ranks',
        value: 'code',
        label: 'name',
        prepend: [{ value: '99', label: 'reference.no.such.key' }],
        query: [{ name: 'x', value: 'true', when: 'probe.noSuchRule' }],
      };
    });
    const found = errorsIn(SOURCES, sources);
    expect(where(found)).toEqual([at(SOURCES, locate(text, '"reference.no.such.key"'), 'broken-reference'), at(SOURCES, locate(text, '"probe.noSuchRule"'), 'broken-reference')]);
  });
});
