/** The graph checks of src/engine/analysis.ts on a small synthetic project, one mistake at a time. */
import { describe, expect, it } from 'vitest';
import { analyzeDocuments, analyzeOverrides } from '../../src/engine/analysis';
import type { Diagnostic } from '../../src/engine/diagnostics';
import type { JsonValue } from '../../src/rules/index';
import { createAjvFormatValidator } from '../../src/engine/validate-ajv';
import { loadProject, readFormatSchemas } from '../../tools/lib/project';
import { at, locate, positionAt, where, type Json } from './helpers';
import { edited, fixture, sourcesOf, type Docs } from './fixture';

function run(docs: Docs): { loader: Diagnostic[]; graph: Diagnostic[]; overrides: Diagnostic[]; text: (path: string) => string } {
  const sources = sourcesOf(docs);
  const set = loadProject(sources);
  return {
    loader: set.diagnostics,
    graph: analyzeDocuments(set),
    overrides: analyzeOverrides(set, createAjvFormatValidator(readFormatSchemas())),
    text: (path) => sources.find((s) => s.path === path)?.text ?? '',
  };
}

const step = (docs: Docs, module: string, id: string): Json => ((docs[`flows/modules/${module}.json`] as Json).steps as Record<string, Json>)[id] as Json;
const strings = (docs: Docs): Json => (docs['content/en/mini.json'] as Json).strings as Json;
const rules = (docs: Docs): Json[] => (docs['rules/mini.rules.json'] as Json).rules as Json[];

describe('the fixture', () => {
  it('is clean: no loader finding and no graph finding', () => {
    const r = run(fixture());
    expect(r.loader).toEqual([]);
    expect(r.graph).toEqual([]);
    expect(r.overrides).toEqual([]);
  });
});

describe('unreachable-step', () => {
  it('counts steps reached only from another module ({ module, step }) as reachable', () => {
    const docs = edited((d) => {
      step(d, 'a', 'qb').next = [{ when: 'mini.isActive', to: '@end' }, { to: 'extra' }];
      const a = (d['flows/modules/a.json'] as Json).steps as Json;
      a.extra = { kind: 'branch', next: [{ to: '@end' }] };
      a.island = { kind: 'branch', next: [{ to: '@end' }] };
      step(d, 'b', 'qc').next = [{ when: false, to: { module: 'a', step: 'island' } }, { to: '@end' }];
    });
    expect(run(docs).graph).toEqual([]);
  });

  it('reports a step nothing leads to, at its key', () => {
    const docs = edited((d) => {
      ((d['flows/modules/a.json'] as Json).steps as Json).island = { kind: 'branch', next: [{ to: '@end' }] };
    });
    const r = run(docs);
    expect(where(r.graph)).toEqual([at('flows/modules/a.json', locate(r.text('flows/modules/a.json'), '"island":'), 'unreachable-step')]);
  });
});

describe('shadowed-edge', () => {
  it('reports edges after an unconditional edge (none of answer/outcome/when, or when: true)', () => {
    const docs = edited((d) => {
      step(d, 'a', 'qb').next = [{ when: true, to: '@end' }, { when: 'mini.isActive', to: '@end' }];
      step(d, 'b', 'qc').next = [{ to: '@end' }, { to: '@error' }];
    });
    const r = run(docs);
    expect(r.graph.map((x) => `${x.pointer} ${x.check}`)).toEqual(['/steps/qb/next/1 shadowed-edge', '/steps/qc/next/1 shadowed-edge']);
    expect(r.graph[0]?.message).toBe('edge 1 of a/qb can never be taken: edge 0 before it always holds; move it up or remove it');
    const text = r.text('flows/modules/b.json');
    // At the edge's opening brace.
    expect(where(r.graph.slice(1))).toEqual([at('flows/modules/b.json', positionAt(text, text.lastIndexOf('{', text.indexOf('"to": "@error"'))), 'shadowed-edge')]);
  });

  it('reports an edge whose answers earlier edges without `when` already take', () => {
    const docs = edited((d) => {
      (step(d, 'a', 'qa').next as Json[]).push({ answer: ['no', 'yes'], to: 'qb' });
    });
    const r = run(docs);
    expect(r.graph.map((x) => `${x.pointer} ${x.check}`)).toEqual(['/steps/qa/next/3 shadowed-edge']);
    expect(r.graph[0]?.message).toContain('answer "no", "yes" is already taken by edge 0, 1 before it');
  });

  it('does not report an answer edge after one with the same answer and a `when`', () => {
    const docs = edited((d) => {
      (step(d, 'a', 'qa').next as Json[]).unshift({ answer: 'yes', when: 'mini.isActive', to: '@end' });
    });
    expect(run(docs).graph).toEqual([]);
  });

  it('reports a repeated outcome', () => {
    const docs = edited((d) => {
      (step(d, 'a', 'look').next as Json[]).push({ outcome: 'found', to: 'm' });
    });
    expect(run(docs).graph.map((x) => `${x.pointer} ${x.check}`)).toEqual(['/steps/look/next/3 shadowed-edge']);
  });
});

describe('unhandled-answer and unhandled-outcome', () => {
  it('reports an answer value with no edge, and a link button answer with no edge', () => {
    const docs = edited((d) => {
      step(d, 'a', 'qa').next = [{ answer: 'yes', to: 'qb' }, { answer: 'lookup', to: 'look' }];
      (d['schemas/panels/qa.json'] as Json).linkButtons = [{ label: 'c.answer', answer: 'no' }];
      ((d['flows/modules/a.json'] as Json).entries as Json).reTriageSelf = { start: 'm' };
    });
    const r = run(docs);
    expect(r.loader).toEqual([]);
    expect(r.graph.map((x) => x.message)).toEqual(['answer "no" of panel qa is handled by no edge of a/qa: add an edge with "answer": "no"']);
    expect(where(r.graph)).toEqual([at('flows/modules/a.json', locate(r.text('flows/modules/a.json'), '"qa": {'), 'unhandled-answer')]);
  });

  it('counts an edge with only `when` as handling any answer', () => {
    const docs = edited((d) => {
      step(d, 'a', 'qa').next = [{ answer: 'yes', to: 'qb' }, { when: 'mini.isActive', to: 'm' }, { answer: 'lookup', to: 'look' }];
    });
    expect(run(docs).graph).toEqual([]);
  });

  it('reports a command outcome with no edge', () => {
    const docs = edited((d) => {
      step(d, 'a', 'look').next = [{ outcome: 'found', to: 'qb' }, { outcome: 'missing', to: 'm' }];
    });
    const r = run(docs);
    expect(r.graph.map((x) => `${x.pointer} ${x.check} ${x.message}`)).toEqual([
      '/steps/look unhandled-outcome outcome "error" of command lookup is handled by no edge of a/look: add an edge with "outcome": "error"',
    ]);
  });
});

describe('dead-end', () => {
  it('reports a command with an empty list of edges, once (not also as unhandled outcomes)', () => {
    const docs = edited((d) => {
      step(d, 'a', 'look').next = [];
    });
    const r = run(docs);
    expect(r.graph.map((x) => `${x.pointer} ${x.check}`)).toEqual(['/steps/look/next dead-end']);
  });

  it('does not count a milestone without edges, @retriage, @error or another module as a dead end', () => {
    const docs = edited((d) => {
      step(d, 'b', 'qc').next = [{ when: false, to: '@retriage' }, { when: false, to: '@error' }, { to: { module: 'a', entry: 'reTriageSelf' } }];
    });
    expect(run(docs).graph).toEqual([]);
  });
});

describe('unused-panel, unused-rule, unused-content', () => {
  it('warns of a panel, a rule and a content key nothing uses, at their definitions', () => {
    const docs = edited((d) => {
      d['schemas/panels/qz.json'] = { id: 'qz', kind: 'question', field: 'qz', title: 'c.title', answers: [{ value: 'x', label: 'c.answer' }] };
      rules(d).push({ id: 'mini.orphan', description: 'unused', logic: { '===': [1, 1] } });
      strings(d)['c.orphan'] = 'Nobody reads me';
    });
    const r = run(docs);
    expect(r.graph.every((x) => x.severity === 'warning')).toBe(true);
    expect(where(r.graph).sort()).toEqual(
      [
        at('schemas/panels/qz.json', locate(r.text('schemas/panels/qz.json'), '"id": "qz"', '"id": '.length), 'unused-panel'),
        at('rules/mini.rules.json', locate(r.text('rules/mini.rules.json'), '"mini.orphan"'), 'unused-rule'),
        at('content/en/mini.json', locate(r.text('content/en/mini.json'), '"c.orphan"'), 'unused-content'),
      ].sort(),
    );
  });

  it('a panel or content key on standby (why, for which requirements) is kept on purpose: no warning', () => {
    const docs = edited((d) => {
      d['schemas/panels/qz.json'] = { id: 'qz', kind: 'question', field: 'qz', title: 'c.title', answers: [{ value: 'x', label: 'c.answer' }], standby: { why: 'ROUTE-11 lists it; no module shows it yet', requirements: ['ROUTE-11'] } };
      strings(d)['c.orphan'] = 'Nobody reads me';
      (d['content/en/mini.json'] as Json).standby = { 'c.orphan': 'VAL-01 lists the message; no field uses it' };
    });
    const r = run(docs);
    expect(r.graph.filter((x) => x.check === 'unused-panel' || x.check === 'unused-content')).toEqual([]);
  });

  it('counts every kind of use', () => {
    const docs = edited((d) => {
      const extra = (id: string, logic: JsonValue): void => {
        rules(d).push({ id, description: id, logic });
      };
      extra('mini.byTable', true);
      extra('mini.byRule', true);
      extra('mini.usesRule', { rule: 'mini.byRule' });
      extra('mini.byFilter', true);
      extra('mini.byLinkButton', true);
      extra('mini.byHideWhen', true);
      extra('mini.byStartPosition', true);
      extra('mini.bySet', true);
      extra('mini.byStart', true);
      d['rules/mini.table.json'] = { tables: [{ rule: 'mini.byTable', columns: ['=>'], rows: [[true]] }, { rule: 'mini.usesRule', columns: ['=>'], rows: [[true]] }] };
      const qa = d['schemas/panels/qa.json'] as Json;
      (qa.answers as Json[])[0] = { value: 'yes', label: 'c.yes', description: 'c.yesMore', showWhen: 'mini.byFilter' };
      qa.linkButtons = [{ label: 'c.link', answer: 'no', showWhen: { '!': { rule: 'mini.byLinkButton' } } }];
      qa.variants = { spouse: { title: 'c.spouseTitle', alertPosition: 'top' } };
      qa.subhead = 'c.subhead';
      (qa.answers as Json[]).push({ spacer: true, label: 'c.spacer' });
      const p = d['flows/products/p.json'] as Json;
      p.progressBar = { sections: ['c.section'], hideWhen: 'mini.byHideWhen' };
      p.startPosition = [{ when: 'mini.byStartPosition', index: 0 }];
      p.disclaimers = [{ key: 'c.disclaimer', order: 1 }];
      p.milestones = { content: { notQualified: 'productNotQualified' } };
      step(d, 'a', 'qb').next = [{ when: 'mini.isActive', to: '@end', set: { 'triage.variant': { if: [{ rule: 'mini.bySet' }, 'self', 'spouse'] } } }, { to: '@end' }];
      (d['flows/modules/b.json'] as Json).start = [{ when: 'mini.byStart', to: 'qc' }, { to: 'qc2' }];
      Object.assign(strings(d), {
        'c.yes': 'Yes',
        'c.yesMore': 'Yes, really',
        'c.link': 'Link',
        'c.spouseTitle': 'Spouse',
        'c.subhead': 'Sub',
        'c.spacer': 'Or',
        'c.section': 'Section',
        'c.disclaimer': 'Disclaimer',
        'milestones.productNotQualified.heading': 'Product copy',
        'milestones.productNotQualified.body': 'More product copy',
      });
      d['content/demo/mini.json'] = { locale: 'en', strings: { 'c.title': 'Demo title' } };
      d['schemas/panels/form.json'] = {
        id: 'form',
        kind: 'form',
        bind: 'eligibility.{variant}.personalInfo',
        title: 'c.formTitle',
        schema: { type: 'object', properties: { firstName: { type: 'string', enum: ['a'] } } },
        labels: { firstName: 'c.first' },
        help: { firstName: 'c.firstHelp' },
        enumLabels: { firstName: { a: 'c.firstA' } },
        messages: { required: 'c.required' },
      };
      Object.assign(strings(d), { 'c.formTitle': 'Form', 'c.first': 'First', 'c.firstHelp': 'Help', 'c.firstA': 'A', 'c.required': 'Required' });
      // The form is shown only through a product override.
      p.modules = [{ module: 'a', overrides: { steps: { qb: { next: [{ to: 'form' }] }, form: { kind: 'panel', next: [{ to: '@end' }] } } } }, 'b'];
    });
    const r = run(docs);
    expect(r.loader).toEqual([]);
    expect(r.graph).toEqual([]);
  });

  it('leaves unused findings out while a document that may use things fails its format', () => {
    const docs = edited((d) => {
      (d['schemas/panels/qc.json'] as Json).kind = 'mystery';
      strings(d)['c.orphan'] = 'Nobody reads me';
    });
    const r = run(docs);
    expect(r.loader.map((x) => x.check)).toContain('format');
    expect(r.graph.filter((x) => x.check.startsWith('unused-'))).toEqual([]);
  });
});

describe('product-level module overrides', () => {
  it('reports a merged module that breaks the format at the override', () => {
    const docs = edited((d) => {
      (d['flows/products/p.json'] as Json).modules = [{ module: 'a', overrides: { steps: { qb: { kind: 'screen' } } } }, 'b'];
    });
    const r = run(docs);
    const text = r.text('flows/products/p.json');
    expect(r.overrides.map((x) => x.check)).toEqual(['format']);
    expect(where(r.overrides)).toEqual([at('flows/products/p.json', locate(text, '"kind": "screen"'), 'format')]);
  });

  it('reports graph findings the override brings, at the override, and not those of the module itself', () => {
    const docs = edited((d) => {
      (d['flows/products/p.json'] as Json).modules = [{ module: 'a', overrides: { steps: { qb: { next: [{ to: '@end' }, { to: 'qa' }, { to: 'nowhere' }] } } } }, 'b'];
      ((d['flows/modules/a.json'] as Json).steps as Json).island = { kind: 'branch', next: [{ to: '@end' }] };
    });
    const r = run(docs);
    expect(r.graph.map((x) => `${x.file} ${x.check}`)).toEqual(['flows/modules/a.json unreachable-step']);
    const text = r.text('flows/products/p.json');
    expect(r.overrides.map((x) => `${x.pointer} ${x.check}`)).toEqual([
      '/modules/0/overrides/steps/qb/next/1 shadowed-edge',
      '/modules/0/overrides/steps/qb/next/2 shadowed-edge',
      '/modules/0/overrides/steps/qb/next/2/to broken-reference',
    ]);
    expect(r.overrides[2]).toMatchObject({ file: 'flows/products/p.json', ...locate(text, '"nowhere"') });
  });
});
