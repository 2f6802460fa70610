/**
 * The public test corpora in ../shared/corpora (SOURCES.md there): one way for every test to read
 * them (issue 13). When a file is missing, a test that needs it is skipped with the reason, shown
 * by the reporter as a skipped test; on CI (`CI=true`) it fails instead, saying what is missing,
 * so a CI run never passes without having run the corpora.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestContext } from 'vitest';

export const CORPORA = path.resolve(__dirname, '../../shared/corpora');

/** The corpus file's text, or undefined when it is missing (for building test cases at collection time). */
export function corpusText(name: string): string | undefined {
  const file = path.join(CORPORA, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** Why a missing corpus file stops a test. */
export function missingCorpus(name: string): string {
  return `${path.join(CORPORA, name)} is missing: the public test corpora belong in ../shared/corpora beside the project (see its SOURCES.md)`;
}

/**
 * Inside a test: the corpus file's text. When it is missing, the test is skipped with the reason
 * (`ctx.skip(note)`), or fails on CI (`CI=true`).
 */
export function corpus(ctx: Pick<TestContext, 'skip'>, name: string): string {
  const text = corpusText(name);
  if (text !== undefined) return text;
  if (process.env.CI === 'true') throw new Error(`${missingCorpus(name)}. On CI (CI=true) the corpus tests must run.`);
  return ctx.skip(missingCorpus(name));
}
