/** A small synthetic project for engine tests: documents built in memory, loaded by the real loader. */
import type { SourceFile } from '../../src/engine/loader';
import type { JsonValue } from '../../src/rules/index';

export function source(path: string, value: JsonValue): SourceFile {
  return { path, text: JSON.stringify(value, null, 2) };
}

const question = (id: string, field: string, values: string[]): SourceFile =>
  source(`schemas/panels/${id}.json`, {
    id,
    kind: 'question',
    field,
    title: 'c.title',
    answers: values.map((value) => ({ value, label: 'c.answer' })),
  });

/** The command catalogue and the error route (system module) both synthetic projects use. */
export const SHARED_DOCUMENTS: Record<string, JsonValue> = {
  'flows/commands.json': {
    commands: {
      callDetour: { route: '/command-call-detour', description: 'detour', outcomes: ['done'], success: 'done' },
      lookup: { route: '/lookup', description: 'a lookup', outcomes: ['found', 'missing', 'error'], success: 'found' },
    },
  },
  'flows/modules/system.json': {
    id: 'system',
    start: 'detour',
    steps: {
      detour: { kind: 'command', command: 'callDetour', next: [{ outcome: 'done', to: 'trap-door' }] },
      'trap-door': { kind: 'milestone', milestone: 'trap-door', content: 'trap' },
    },
  },
};

/** Two modules: `a` (qa -> qb or milestone m) and `b` (qc -> end); product `p` and `p-bank` (starts at b). */
export function miniProject(overrides: Record<string, JsonValue> = {}): SourceFile[] {
  const files: Record<string, JsonValue> = {
    ...SHARED_DOCUMENTS,
    'flows/modules/a.json': {
      id: 'a',
      start: 'qa',
      entries: { reTriageSelf: { start: 'qa', set: { 'triage.variant': 'self' } } },
      steps: {
        qa: { kind: 'panel', next: [{ answer: 'yes', to: 'qb' }, { answer: 'no', to: 'm', reasons: ['HAS_NOT_SERVED'], retriage: 'reTriageSelf' }, { answer: 'lookup', to: 'look' }] },
        qb: { kind: 'panel', next: [{ when: 'mini.isActive', to: '@end' }, { to: 'qc' }] },
        qc: { kind: 'panel', next: [{ to: '@end' }] },
        m: { kind: 'milestone', milestone: 'not-qualified', content: 'notQualified', next: [{ to: '@retriage' }] },
        look: { kind: 'command', command: 'lookup', next: [{ outcome: 'found', to: 'qb' }, { outcome: 'missing', to: 'm' }, { outcome: 'error', to: '@error' }] },
      },
    },
    'flows/modules/b.json': {
      id: 'b',
      start: [{ when: 'mini.isActive', to: 'qd' }, { to: 'qe' }],
      steps: {
        qd: { kind: 'panel', next: [{ to: '@end' }] },
        qe: { kind: 'panel', next: [{ to: '@end' }] },
      },
    },
    'flows/products/p.json': { id: 'p', config: { productName: 'c.title' }, modules: ['a', 'b'] },
    'flows/products/join-now.json': { id: 'join-now', extends: 'p' },
    'flows/products/p-bank.json': { id: 'p-bank', extends: 'p', startPosition: [{ index: 1 }] },
    'schemas/panels/qa.json': question('qa', 'militaryService', ['yes', 'no', 'lookup']).text,
    'schemas/panels/qb.json': question('qb', 'currentMilitaryStatus', ['active', 'retired']).text,
    'schemas/panels/qc.json': question('qc', 'militaryDischargeType', ['HON', 'GEN']).text,
    'schemas/panels/qd.json': question('qd', 'tac', ['none']).text,
    'schemas/panels/qe.json': question('qe', 'californiaAncestry', ['y', 'n']).text,
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
        'milestones.trap.heading': 'Trap',
      },
    },
    ...overrides,
  };
  return Object.entries(files).map(([path, value]) =>
    typeof value === 'string' ? { path, text: value } : source(path, value),
  );
}
