/** The corpora helper (tests/corpora.ts): a missing corpus is a skipped test with its reason, or a failure on CI (issue 13). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { corpus, corpusText } from './corpora';

const MISSING = 'no-such-corpus.txt';

describe('corpus()', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('returns a present corpus file', () => {
    const skip = vi.fn();
    expect(corpus({ skip: skip as never }, 'jsonlogic-tests.json').length).toBeGreaterThan(1000);
    expect(skip).not.toHaveBeenCalled();
  });

  it('skips the test with the reason when the file is missing, outside CI', () => {
    vi.stubEnv('CI', '');
    const skip = vi.fn((note: string) => {
      throw new Error(`skipped: ${note}`);
    });
    expect(() => corpus({ skip: skip as never }, MISSING)).toThrow(/^skipped: .*shared\/corpora\/no-such-corpus\.txt is missing: the public test corpora belong in \.\.\/shared\/corpora/);
    expect(skip).toHaveBeenCalledTimes(1);
    expect(corpusText(MISSING)).toBeUndefined();
  });

  it('fails with a clear message on CI (CI=true), never skipping', () => {
    vi.stubEnv('CI', 'true');
    const skip = vi.fn();
    expect(() => corpus({ skip: skip as never }, MISSING)).toThrow(/no-such-corpus\.txt is missing: .*On CI \(CI=true\) the corpus tests must run\./);
    expect(skip).not.toHaveBeenCalled();
  });
});
