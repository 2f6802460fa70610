/** Edge coverage (test:rules): which module edges count. */
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../tools/lib/project';
import { allEdges } from '../../src/engine/rule-tables';
import { miniProject } from './mini';

describe('allEdges (edge coverage)', () => {
  it('leaves out the edges of a command that leaves the app: no walk can take them', () => {
    const docs = loadProject(
      miniProject({
        'flows/commands.json': {
          commands: {
            callDetour: { route: '/command-call-detour', description: 'detour', outcomes: ['done'], success: 'done' },
            lookup: { route: '/lookup', description: 'a lookup', outcomes: ['found', 'missing', 'error'], success: 'found' },
            redirect: { route: '/redirect', description: 'leaves', outcomes: ['redirected'], success: 'redirected', leavesApp: true },
          },
        },
        'flows/modules/b.json': {
          id: 'b',
          start: 'qd',
          steps: {
            qd: { kind: 'panel', next: [{ answer: 'none', to: 'go' }] },
            go: { kind: 'command', command: 'redirect', next: [{ outcome: 'redirected', to: '@end' }] },
            qe: { kind: 'panel', next: [{ to: '@end' }] },
          },
        },
      }),
    );
    const keys = [...allEdges(docs).keys()];
    expect(keys).toContain('b:qd:0');
    expect(keys).toContain('a:look:0');
    expect(keys.some((k) => k.startsWith('b:go:'))).toBe(false);
  });
});
