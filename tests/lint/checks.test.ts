/**
 * lint:content catches each kind of authoring mistake at its exact place (issue 2 §6): the
 * project's real documents, with one document broken in memory, loaded by the real loader
 * and analysed; each finding is asserted by check id, file and line:col.
 */
import { describe, expect, it } from 'vitest';
import { aContentKey, aModuleWithEdges, aRulesFile, at, lint, locate, positionAt, realSources, textOf, where, withJson, withText, type Json } from './helpers';

const sources = realSources();

describe('lint:content on the real documents', () => {
  it('finds no errors in the project as it is', () => {
    const errors = lint(sources).filter((d) => d.severity === 'error');
    expect(errors).toEqual([]);
  });
});

describe('lint:content catches, at the exact place,', () => {
  it('a broken reference: an edge to a step that does not exist', () => {
    const { path, step } = aModuleWithEdges(sources);
    const { sources: broken, text } = withJson(sources, path, (doc) => {
      const edges = (doc.steps as Record<string, { next: Json[] }>)[step]?.next ?? [];
      (edges[0] as Json).to = 'nowhere-step';
    });
    const found = lint(broken);
    expect(where(found)).toContain(at(path, locate(text, '"nowhere-step"'), 'broken-reference'));
    expect(found.find((d) => d.check === 'broken-reference')?.message).toContain('edge goes to unknown step "nowhere-step"');
  });

  it("a broken reference: a form's held error naming an unknown rule or content key (UI-21)", () => {
    const path = 'schemas/panels/basic-info-panel.json';
    const { sources: broken, text } = withJson(sources, path, (doc) => {
      doc.heldError = { when: 'prefill.noSuchRule', message: 'app.no.such.key' };
    });
    const found = lint(broken);
    expect(where(found)).toContain(at(path, locate(text, '"prefill.noSuchRule"'), 'broken-reference'));
    expect(where(found)).toContain(at(path, locate(text, '"app.no.such.key"'), 'broken-reference'));
  });

  it('an unreachable step', () => {
    const { path } = aModuleWithEdges(sources);
    const { sources: broken, text } = withJson(sources, path, (doc) => {
      (doc.steps as Json)['orphan-step'] = { kind: 'branch', next: [{ to: '@end' }] };
    });
    const found = lint(broken);
    const d = found.find((x) => x.check === 'unreachable-step');
    expect(where(found)).toContain(at(path, locate(text, '"orphan-step":'), 'unreachable-step'));
    expect(d?.severity).toBe('error');
    expect(d?.message).toMatch(/^step "orphan-step" of module \S+ is reached from neither/);
  });

  it('a dead end: a step with an empty list of edges', () => {
    const { path, step } = aModuleWithEdges(sources);
    const { sources: broken, text } = withJson(sources, path, (doc) => {
      const steps = doc.steps as Record<string, { next: Json[] }>;
      steps.stuck = { kind: 'branch', next: [] } as unknown as { next: Json[] };
      steps[step]?.next.unshift({ when: false, to: 'stuck' }); // reachable, so this is the only finding
    });
    // The real documents may carry warnings of their own: only the errors are asserted.
    const found = lint(broken).filter((d) => d.severity === 'error');
    expect(where(found)).toEqual([at(path, locate(text, '"next": []', '"next": '.length), 'dead-end')]);
    expect(found[0]?.message).toContain('branch step "stuck" of module');
  });

  it('a dead end: a closed cycle no path leads out of', () => {
    const { path, step } = aModuleWithEdges(sources);
    const { sources: broken } = withJson(sources, path, (doc) => {
      const steps = doc.steps as Record<string, { next: Json[] }>;
      steps['loop-a'] = { kind: 'branch', next: [{ when: false, to: '@end' }, { to: 'loop-b' }] } as unknown as { next: Json[] };
      steps['loop-b'] = { kind: 'branch', next: [{ to: 'loop-a' }] } as unknown as { next: Json[] };
      steps[step]?.next.unshift({ when: false, to: 'loop-a' });
    });
    const found = lint(broken);
    // loop-a can leave by its first edge (the walk cannot know `false` never holds): only a true cycle counts.
    expect(found.filter((d) => d.check === 'dead-end')).toEqual([]);

    const { sources: closed, text: closedText } = withJson(sources, path, (doc) => {
      const steps = doc.steps as Record<string, { next: Json[] }>;
      steps['loop-a'] = { kind: 'branch', next: [{ to: 'loop-b' }] } as unknown as { next: Json[] };
      steps['loop-b'] = { kind: 'branch', next: [{ to: 'loop-a' }] } as unknown as { next: Json[] };
      steps[step]?.next.unshift({ when: false, to: 'loop-a' });
    });
    const cycle = lint(closed).filter((d) => d.severity === 'error');
    expect(where(cycle)).toEqual([
      at(path, locate(closedText, '"loop-a":'), 'dead-end'),
      at(path, locate(closedText, '"loop-b":'), 'dead-end'),
    ]);
    expect(cycle[0]?.message).toContain('it only goes round loop-a -> loop-b');
  });

  it('an unknown operation in a rule', () => {
    const { path, area } = aRulesFile(sources);
    const { sources: broken, text } = withJson(sources, path, (doc) => {
      (doc.rules as Json[]).push({ id: `${area}.lintProbe`, description: 'probe', logic: { frobnicate: [1] } });
    });
    const found = lint(broken);
    expect(where(found)).toContain(at(path, locate(text, '"frobnicate": [', '"frobnicate": '.length), 'unknown-operation'));
    expect(found.find((d) => d.check === 'unknown-operation')?.message).toContain('"frobnicate"');
  });

  it('an unknown variable in a rule', () => {
    const { path, area } = aRulesFile(sources);
    const { sources: broken, text } = withJson(sources, path, (doc) => {
      (doc.rules as Json[]).push({ id: `${area}.lintProbe`, description: 'probe', logic: { '===': [{ var: 'nosuchslice.value' }, 1] } });
    });
    const found = lint(broken);
    expect(where(found)).toContain(at(path, locate(text, '"nosuchslice.value"'), 'unknown-variable'));
  });

  it('an answer value no edge handles', () => {
    const { path } = aModuleWithEdges(sources);
    const moduleId = (JSON.parse(textOf(sources, path)) as { id: string }).id;
    const key = aContentKey(sources);
    const panel = { id: 'lint-probe', kind: 'question', field: 'probe', title: key, answers: ['yes', 'no', 'maybe'].map((value) => ({ value, label: key })) };
    const withPanel = withText(sources, 'schemas/panels/lint-probe.json', JSON.stringify(panel, null, 2));
    const { sources: broken, text } = withJson(withPanel, path, (doc) => {
      (doc.steps as Json)['lint-probe'] = { kind: 'panel', next: [{ answer: 'yes', to: '@end' }, { answer: 'no', to: '@end' }] };
    });
    const found = lint(broken).filter((d) => d.check === 'unhandled-answer');
    expect(where(found)).toEqual([at(path, locate(text, '"lint-probe":'), 'unhandled-answer')]);
    expect(found[0]?.message).toBe(`answer "maybe" of panel lint-probe is handled by no edge of ${moduleId}/lint-probe: add an edge with "answer": "maybe"`);
  });

  it('truncated JSON, at the end of the file', () => {
    const { path } = aModuleWithEdges(sources);
    const original = textOf(sources, path);
    const cut = original.slice(0, original.indexOf('"steps": ') + '"steps": '.length);
    // The documents that use the module now report it missing; the module's own finding is the syntax error.
    const found = lint(withText(sources, path, cut)).filter((d) => d.file === path);
    expect(where(found)).toEqual([at(path, positionAt(cut, cut.length), 'json-syntax')]);
    expect(found[0]?.message).toContain('truncated');

    const noBrace = original.trimEnd().slice(0, -1);
    expect(where(lint(withText(sources, path, noBrace)).filter((d) => d.file === path))).toEqual([at(path, positionAt(noBrace, noBrace.length), 'json-syntax')]);
  });

  it('a trailing comma, at the closing brace', () => {
    const path = 'flows/products/join-now.json';
    const text = textOf(sources, path).replace(/\s*\}\s*$/, ',\n}\n');
    // The products that extend join-now now report it missing; its own finding is the syntax error.
    const found = lint(withText(sources, path, text)).filter((d) => d.file === path);
    expect(where(found)).toEqual([at(path, positionAt(text, text.lastIndexOf('}')), 'json-syntax')]);
    expect(found[0]?.message).toContain('Trailing comma');
  });
});
