/** Helpers for the lint tests: the project's real documents, edited in memory, and where a text sits in them. */
import { analyzeDocuments } from '../../src/engine/analysis';
import type { Diagnostic } from '../../src/engine/diagnostics';
import type { SourceFile } from '../../src/engine/loader';
import type { JsonValue } from '../../src/rules/index';
import { loadProject, readProjectSources } from '../../tools/lib/project';

export type Json = { [k: string]: JsonValue };

/** The project's documents as they are on disk now. */
export function realSources(): SourceFile[] {
  return readProjectSources();
}

export function textOf(sources: readonly SourceFile[], path: string): string {
  const s = sources.find((f) => f.path === path);
  if (!s) throw new Error(`no document ${path}`);
  return s.text;
}

/** Replace (or add) one document's text. */
export function withText(sources: readonly SourceFile[], path: string, text: string): SourceFile[] {
  return [...sources.filter((f) => f.path !== path), { path, text }];
}

/** Edit one document as JSON and write it back with two-space indentation. */
export function withJson(sources: readonly SourceFile[], path: string, edit: (doc: Json) => void): { sources: SourceFile[]; text: string } {
  const doc = JSON.parse(textOf(sources, path)) as Json;
  edit(doc);
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  return { sources: withText(sources, path, text), text };
}

/** 1-based line and column of character `index` of `text`. */
export function positionAt(text: string, index: number): { line: number; col: number } {
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  return { line, col: index - before.lastIndexOf('\n') };
}

/** Line and column of the first occurrence of `needle` (plus `offset` characters); the needle must be there once. */
export function locate(text: string, needle: string, offset = 0): { line: number; col: number } {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`"${needle}" is not in the text`);
  if (text.indexOf(needle, i + 1) >= 0) throw new Error(`"${needle}" is in the text more than once`);
  return positionAt(text, i + offset);
}

/** Loader findings plus graph findings, as `lint:content` reports them (less the per-product checks). */
export function lint(sources: SourceFile[]): Diagnostic[] {
  const docs = loadProject(sources);
  return [...docs.diagnostics, ...analyzeDocuments(docs)];
}

/** `file:line:col check` of each finding, for compact assertions. */
export function where(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.file}:${d.line}:${d.col} ${d.check}`);
}

export function at(file: string, pos: { line: number; col: number }, check: string): string {
  return `${file}:${pos.line}:${pos.col} ${check}`;
}

/** A module document of the real project that has at least one step with edges, and that step. */
export function aModuleWithEdges(sources: readonly SourceFile[]): { path: string; step: string; doc: Json } {
  for (const f of sources) {
    if (!/^flows\/modules\/[^/]+\.json$/.test(f.path)) continue;
    const doc = JSON.parse(f.text) as Json;
    const steps = doc.steps as { [id: string]: { next?: unknown[] } };
    const step = Object.keys(steps).find((id) => (steps[id]?.next ?? []).length > 0);
    if (step) return { path: f.path, step, doc };
  }
  throw new Error('no module with edges');
}

/** The first rules document of the real project and its area. */
export function aRulesFile(sources: readonly SourceFile[]): { path: string; area: string } {
  const f = sources.find((s) => /^rules\/[^/]+\.rules\.json$/.test(s.path));
  if (!f) throw new Error('no rules document');
  return { path: f.path, area: (JSON.parse(f.text) as { area: string }).area };
}

/** Any content key of the real project (for new documents that must not add broken references). */
export function aContentKey(sources: readonly SourceFile[]): string {
  for (const f of sources) {
    if (!/^content\/[a-z]{2}\/[^/]+\.json$/.test(f.path)) continue;
    const key = Object.keys((JSON.parse(f.text) as { strings: Json }).strings)[0];
    if (key) return key;
  }
  throw new Error('no content key');
}
