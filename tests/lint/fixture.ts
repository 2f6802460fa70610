/** A small synthetic project for the graph checks: every document built in memory, loaded by the real loader. */
import type { SourceFile } from '../../src/engine/loader';
import type { JsonValue } from '../../src/rules/index';
import { SHARED_DOCUMENTS } from '../engine/mini';

export type Docs = Record<string, JsonValue>;

const question = (id: string, field: string, values: string[], extra: Docs = {}): JsonValue => ({
  id,
  kind: 'question',
  field,
  title: 'c.title',
  answers: values.map((value) => ({ value, label: 'c.answer' })),
  ...extra,
});

/** Module `a` (qa -> qb, or the milestone m, or the lookup command), module `b` (qc), the system module; product `p`. */
export function fixture(): Docs {
  return {
    ...SHARED_DOCUMENTS,
    'flows/modules/a.json': {
      id: 'a',
      start: 'qa',
      entries: { reTriageSelf: { start: 'qa', set: { 'triage.variant': 'self' } } },
      steps: {
        qa: { kind: 'panel', next: [{ answer: 'yes', to: 'qb' }, { answer: 'no', to: 'm', reasons: ['HAS_NOT_SERVED'], retriage: 'reTriageSelf' }, { answer: 'lookup', to: 'look' }] },
        qb: { kind: 'panel', next: [{ when: 'mini.isActive', to: '@end' }, { to: '@end' }] },
        m: { kind: 'milestone', milestone: 'not-qualified', content: 'notQualified', next: [{ to: '@retriage' }] },
        look: { kind: 'command', command: 'lookup', next: [{ outcome: 'found', to: 'qb' }, { outcome: 'missing', to: 'm' }, { outcome: 'error', to: '@error' }] },
      },
    },
    'flows/modules/b.json': {
      id: 'b',
      start: [{ when: { '===': [{ var: 'triage.currentMilitaryStatus' }, 'active'] }, to: 'qc' }, { to: 'qc2' }],
      steps: {
        qc: { kind: 'panel', next: [{ to: '@end' }] },
        qc2: { kind: 'panel', variant: 'spouse', next: [{ to: '@end' }] },
      },
    },
    'flows/products/p.json': { id: 'p', config: { productName: 'c.title' }, modules: ['a', 'b'] },
    'flows/products/join-now.json': { id: 'join-now', extends: 'p' },
    'schemas/panels/qa.json': question('qa', 'militaryService', ['yes', 'no', 'lookup']),
    'schemas/panels/qb.json': question('qb', 'currentMilitaryStatus', ['active', 'retired']),
    'schemas/panels/qc.json': question('qc', 'militaryDischargeType', ['HON', 'GEN']),
    'rules/mini.rules.json': {
      area: 'mini',
      rules: [{ id: 'mini.isActive', description: 'active duty', logic: { '===': [{ var: 'triage.currentMilitaryStatus' }, 'active'] } }],
    },
    'content/en/mini.json': {
      locale: 'en',
      strings: {
        'c.title': 'Title',
        'c.answer': 'Answer',
        'milestones.notQualified.heading': 'Not qualified',
        'milestones.notQualified.button1': 'Check again',
        'milestones.trap.heading': 'Trap',
        'app.brand': 'Muster',
        'placeholders.phone': '555-0100',
      },
    },
  };
}

/** The documents as source files (two-space JSON), in a stable order. */
export function sourcesOf(docs: Docs): SourceFile[] {
  return Object.entries(docs)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, value]) => ({ path, text: typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n` }));
}

/** A deep copy of the fixture, edited. */
export function edited(edit: (docs: Docs) => void): Docs {
  const docs = JSON.parse(JSON.stringify(fixture())) as Docs;
  edit(docs);
  return docs;
}
