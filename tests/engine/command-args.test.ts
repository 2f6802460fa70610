/** Command arguments are JSON-Logic on the state: the loader checks them like any rule (fail closed). */
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../tools/lib/project';
import { miniProject } from './mini';

const lookupWith = (args: object) =>
  miniProject({
    'flows/modules/a.json': {
      id: 'a',
      start: 'look',
      steps: { look: { kind: 'command', command: 'lookup', args: args as never, next: [{ outcome: ['found', 'missing', 'error'], to: '@end' }] } },
    },
  });

describe('command args', () => {
  it('accepts a named rule and plain values', () => {
    const docs = loadProject(lookupWith({ queryId: { rule: 'mini.isActive' }, person: 'spouse' }));
    expect(docs.diagnostics.filter((d) => d.file === 'flows/modules/a.json')).toEqual([]);
  });
  it('reports an unknown rule and a variable outside the state contract at the argument', () => {
    const docs = loadProject(lookupWith({ queryId: { rule: 'mini.noSuchRule' }, person: { var: 'triage.nothing' } }));
    const found = docs.diagnostics.filter((d) => d.file === 'flows/modules/a.json').map((d) => [d.check, d.pointer]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['broken-reference', '/steps/look/args/queryId/rule'],
        ['unknown-variable', '/steps/look/args/person/var'],
      ]),
    );
  });
});
