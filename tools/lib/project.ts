/**
 * Reads the project's documents from disk and loads them with the engine's loader: the one
 * place the authors' tools (lint, simulate, graph, test:rules) and the tests get documents.
 */
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkProject, type CheckResult } from '../../src/engine/check';
import { classifyPath, loadDocuments, type DocumentSet, type SourceFile } from '../../src/engine/loader';
import { createStateContract } from '../../src/engine/state-contract';
import { CONFIG_PATH } from '../../src/engine/urls';
import { createAjvFormatValidator, type FormatSchemas } from '../../src/engine/validate-ajv';
import { DOCUMENT_KINDS } from '../../src/engine/format-validator';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOCUMENT_FOLDERS = ['flows', 'schemas/panels', 'schemas/fields', 'rules', 'content', 'tests/scenarios'];

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
}

/**
 * Every document file of the project, as project-relative paths with their text, and the runtime
 * configuration (public/config.json, src/engine/urls.ts CONFIG_PATH), whose URLs and allowed
 * hosts the check reads; the loader passes over it (it is not a document).
 */
export function readProjectSources(root = PROJECT_ROOT): SourceFile[] {
  const files: string[] = [];
  for (const folder of DOCUMENT_FOLDERS) walk(path.join(root, folder), files);
  if (existsSync(path.join(root, CONFIG_PATH))) files.push(path.join(root, CONFIG_PATH));
  return files
    .map((f) => path.relative(root, f).split(path.sep).join('/'))
    .filter((p) => classifyPath(p) !== null || p === CONFIG_PATH)
    .sort()
    .map((p) => ({ path: p, text: readFileSync(path.join(root, p), 'utf8') }));
}

export function readJson(file: string, root = PROJECT_ROOT): object {
  return JSON.parse(readFileSync(path.join(root, file), 'utf8')) as object;
}

export function readFormatSchemas(root = PROJECT_ROOT): FormatSchemas {
  const schemas = { common: readJson('schemas/formats/common.schema.json', root) } as FormatSchemas;
  for (const kind of DOCUMENT_KINDS) schemas[kind] = readJson(`schemas/formats/${kind}.schema.json`, root);
  return schemas;
}

function loadOptions(root: string): { validator: ReturnType<typeof createAjvFormatValidator>; contract: ReturnType<typeof createStateContract> } {
  return { validator: createAjvFormatValidator(readFormatSchemas(root)), contract: createStateContract(readJson('schemas/state.schema.json', root)) };
}

/** Load documents (the project's, or the given sources) with the Node validator. */
export function loadProject(sources?: SourceFile[], root = PROJECT_ROOT): DocumentSet {
  return loadDocuments(sources ?? readProjectSources(root), loadOptions(root));
}

/**
 * What lint:content and the build refuse (src/engine/check.ts checkProject): the loader's
 * findings, the graph analysis, every product's flow and overrides, and each product's pack.
 */
export function lintProject(sources?: SourceFile[], root = PROJECT_ROOT): CheckResult {
  return checkProject(sources ?? readProjectSources(root), loadOptions(root));
}

/** config.json's named destinations (DEST-02), for walks that leave the app (simulate, test:rules). */
export function configDestinations(root = PROJECT_ROOT): Record<string, string> {
  const file = path.join(root, 'public/config.json');
  if (!existsSync(file)) return {};
  const d = (JSON.parse(readFileSync(file, 'utf8')) as { destinations?: unknown }).destinations;
  if (d === null || typeof d !== 'object' || Array.isArray(d)) return {};
  return Object.fromEntries(Object.entries(d as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** config.json's `sponsorRequest` (the provider's brand spelling), which reading a sponsor answer in `simulate` needs. */
export function projectSponsorRequest(root = PROJECT_ROOT): { brand: string; memberNumberOrder: number[] } | undefined {
  const file = path.join(root, 'public', 'config.json');
  if (!existsSync(file)) return undefined;
  const config = JSON.parse(readFileSync(file, 'utf8')) as { sponsorRequest?: { brand: string; memberNumberOrder: number[] } };
  return config.sponsorRequest;
}

/** config.json's `joinStartUrl`, where a CTA redirect sends the applicant (EXIT-10); simulate's stop names it. */
export function projectJoinStartUrl(root = PROJECT_ROOT): string | undefined {
  const file = path.join(root, 'public', 'config.json');
  if (!existsSync(file)) return undefined;
  const url = (JSON.parse(readFileSync(file, 'utf8')) as { joinStartUrl?: unknown }).joinStartUrl;
  return typeof url === 'string' && url !== '' ? url : undefined;
}
