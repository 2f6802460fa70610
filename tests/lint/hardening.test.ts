/**
 * Issue 22, hardening findings that lint:content (and the build, which refuses the same,
 * src/engine/check.ts) must refuse at their place: the project's real documents with one
 * document broken in memory, each finding asserted by check id, file and line:col.
 */
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../src/rules/index';
import { checkPack } from '../../src/engine/check';
import { DOCUMENT_LIMITS } from '../../src/engine/document-limits';
import { buildPack } from '../../src/engine/pack';
import { createStateContract } from '../../src/engine/state-contract';
import { createAjvFormatValidator } from '../../src/engine/validate-ajv';
import { lintProject, loadProject, readFormatSchemas, readJson } from '../../tools/lib/project';
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

describe('documents without size limits (issue 22): refused early, with file:line:col and the limit', () => {
  const contentPath = 'content/en/milestones.json';
  const rulesPath = 'rules/exit.rules.json';

  function errorsOf(files: ReturnType<typeof realSources>): { lines: string[]; ms: number } {
    const started = performance.now();
    const found = lintProject(files).findings.filter((d) => d.severity === 'error');
    return { lines: found.map((d) => `${d.file}:${d.line}:${d.col} ${d.check} ${d.message}`), ms: performance.now() - started };
  }

  it('a content list of a million items: the file is over the size limit, refused at once', () => {
    const { sources: broken } = withJson(sources, contentPath, (doc) => {
      (doc.strings as Json)['milestones.entry.list'] = Array.from({ length: 1_000_000 }, (_, i) => `item ${i}`);
    });
    const { lines, ms } = errorsOf(broken);
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^${contentPath}:1:1 too-large the file has \\d+ characters \\(at most ${DOCUMENT_LIMITS.fileChars}\\)`))]);
    expect(ms).toBeLessThan(20_000);
  });

  it('a list over the items limit in a small file: at the list', () => {
    const { sources: broken, text } = withJson(sources, contentPath, (doc) => {
      (doc.strings as Json)['milestones.entry.list'] = Array.from({ length: DOCUMENT_LIMITS.members + 1 }, () => 'x');
    });
    const { lines } = errorsOf(broken);
    const pos = locate(text, '"milestones.entry.list": [', '"milestones.entry.list": '.length);
    expect(lines).toEqual([`${contentPath}:${pos.line}:${pos.col} too-large the list holds ${DOCUMENT_LIMITS.members + 1} items (at most ${DOCUMENT_LIMITS.members})`]);
  });

  it('a rule of 100 000 operands: refused in seconds, not minutes', () => {
    const { sources: broken } = withJson(sources, rulesPath, (doc) => {
      (doc.rules as Json[]).push({ id: 'exit.huge', description: 'Huge.', logic: { or: Array.from({ length: 100_000 }, () => false) } });
    });
    const { lines, ms } = errorsOf(broken);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${rulesPath}:1:1 too-large the file has \\d+ characters`));
    expect(ms).toBeLessThan(20_000);
  });

  it('a rule over the values limit, and one nested too deep, in a small file: at the rule', () => {
    const deep = (n: number): JsonValue => (n === 0 ? true : { '!!': [deep(n - 1)] });
    const { sources: broken, text } = withJson(sources, rulesPath, (doc) => {
      (doc.rules as Json[]).push({ id: 'exit.wide', description: 'Wide.', logic: { or: Array.from({ length: DOCUMENT_LIMITS.ruleValues }, () => false) } });
      (doc.rules as Json[]).push({ id: 'exit.deep', description: 'Deep.', logic: deep(DOCUMENT_LIMITS.ruleDepth) });
    });
    const { lines } = errorsOf(broken);
    const wide = locate(text, '"logic": {\n        "or"', '"logic": '.length);
    const deepAt = locate(text, '"logic": {\n        "!!"', '"logic": '.length);
    expect(lines.sort()).toEqual([
      `${rulesPath}:${deepAt.line}:${deepAt.col} too-large the rule is nested more than ${DOCUMENT_LIMITS.ruleDepth} levels deep (the limit): split it into named rules`,
      `${rulesPath}:${wide.line}:${wide.col} too-large the rule holds more than ${DOCUMENT_LIMITS.ruleValues} values (the limit): split it into named rules, or use "in" with a list`,
    ].sort());
  });

  it("the browser's full check refuses the same pack (checkPack, the one check)", () => {
    const pack = buildPack(loadProject(sources), sources, 'join-now');
    const files = pack.files.map((f) => (f.path === contentPath ? { ...f, text: f.text.replace('"milestones.entry.list": [', `"milestones.entry.list": [${'"x",'.repeat(DOCUMENT_LIMITS.members)}`) } : f));
    expect(files.some((f) => f.path === contentPath)).toBe(true);
    const options = { validator: createAjvFormatValidator(readFormatSchemas()), contract: createStateContract(readJson('schemas/state.schema.json')) };
    const { findings } = checkPack({ ...pack, files }, options);
    expect(findings.map((d) => `${d.file} ${d.check}`)).toEqual([`${contentPath} too-large`]);
  });
});

describe('schema patterns that freeze the tab (issue 22): refused as rule patterns are', () => {
  const EXPONENTIAL = "^([A-Za-z0-9/'#. -]+)*$";

  it('in a fields file and in a panel schema: unsafe-pattern at the pattern, by the one check (lint and the build)', () => {
    const fieldsPath = 'schemas/fields/address.json';
    const panelPath = 'schemas/panels/parent-member-number.json';
    const { sources: step1, text: fieldsText } = withJson(sources, fieldsPath, (doc) => {
      ((doc.$defs as Json).addressLine1 as Json).pattern = EXPONENTIAL;
    });
    const { sources: broken, text: panelText } = withJson(step1, panelPath, (doc) => {
      const props = (doc.schema as Json).properties as Json;
      (props.parentMemberNumber as Json).pattern = '^(\\d|\\d\\d)+$';
    });
    const errors = lintProject(broken).findings.filter((d) => d.severity === 'error');
    const fieldAt = locate(fieldsText, JSON.stringify(EXPONENTIAL));
    const panelAt = locate(panelText, JSON.stringify('^(\\d|\\d\\d)+$'));
    expect(where(errors).sort()).toEqual([at(fieldsPath, fieldAt, 'unsafe-pattern'), at(panelPath, panelAt, 'unsafe-pattern')].sort());
    expect(errors[0]?.message).toMatch(/exponential time/);
  });

  it('the shipped panels and fields have none', () => {
    expect(lintProject(sources).findings.filter((d) => d.check === 'unsafe-pattern')).toEqual([]);
  });
});
