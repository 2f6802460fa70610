/**
 * Issue 22, hardening findings that lint:content (and the build, which refuses the same,
 * src/engine/check.ts) must refuse at their place: the project's real documents with one
 * document broken in memory, each finding asserted by check id, file and line:col.
 */
import { describe, expect, it } from 'vitest';
import { aModuleWithEdges, at, lint, locate, realSources, where, withJson, type Json } from './helpers';

const sources = realSources();

describe('an empty rule {} (issue 22, FLOW-14: fail closed)', () => {
  it("is refused as an edge's condition, at the condition", () => {
    const { path, step } = aModuleWithEdges(sources);
    const { sources: broken, text } = withJson(sources, path, (doc) => {
      const edges = (doc.steps as Record<string, { next: Json[] }>)[step]?.next ?? [];
      edges.unshift({ when: {}, to: String(edges[0]?.to ?? '@end') });
    });
    const found = lint(broken).filter((d) => d.severity === 'error');
    const d = found.find((x) => x.check === 'bad-rule');
    expect(d?.message).toMatch(/empty rule/);
    expect(d?.file).toBe(path);
    const edgeAt = locate(text, '"when": {}', '"when": '.length);
    expect(where(found)).toContain(at(path, edgeAt, 'bad-rule'));
  });

  it('is refused as a named rule, at its logic', () => {
    const path = 'rules/exit.rules.json';
    const { sources: broken, text } = withJson(sources, path, (doc) => {
      (doc.rules as Json[]).push({ id: 'exit.emptyRule', description: 'An empty rule.', logic: {} });
    });
    const found = lint(broken).filter((d) => d.severity === 'error');
    expect(where(found)).toContain(at(path, locate(text, '"logic": {}', '"logic": '.length), 'bad-rule'));
    expect(found.find((x) => x.check === 'bad-rule')?.message).toMatch(/empty rule/);
  });
});
