/**
 * lint:content checks a question variant's own answer labels (issue 9: the spouse variants
 * offered first-person answers): each names an answer value of the panel and existing copy.
 */
import { describe, expect, it } from 'vitest';
import { at, lint, locate, realSources, withJson, where, type Json } from './helpers';

const sources = realSources();
const path = 'schemas/panels/military-service.json';

describe('variant answer labels', () => {
  it('the real documents use them without findings', () => {
    expect(lint(sources).filter((d) => d.severity === 'error' && d.file === path)).toEqual([]);
  });

  it('an unknown content key is a broken reference at its place', () => {
    const { sources: broken, text } = withJson(sources, path, (doc) => {
      ((doc.variants as Record<string, Record<string, Json>>).spouse as Record<string, Json>).answers = { yes: 'triage.no.such.answer' };
    });
    expect(where(lint(broken))).toContain(at(path, locate(text, '"triage.no.such.answer"'), 'broken-reference'));
  });

  it('a label for an answer the panel does not have is a broken reference', () => {
    const { sources: broken, text } = withJson(sources, path, (doc) => {
      ((doc.variants as Record<string, Record<string, Json>>).spouse as Record<string, Json>).answers = { maybe: 'triage.militaryService.spouse.answers.yes' };
    });
    const found = lint(broken);
    expect(where(found)).toContain(at(path, locate(text, '"triage.militaryService.spouse.answers.yes"'), 'broken-reference'));
    expect(found.find((d) => d.check === 'broken-reference' && d.file === path)?.message).toContain('answer "maybe"');
  });
});
