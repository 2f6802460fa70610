// @vitest-environment jsdom
/** 'Error: ' in the page title while a form shows errors (issue 20; UI-06): marked and unmarked, never over a newer title. */
import { afterEach, describe, expect, it } from 'vitest';
import { markErrorTitle } from '../../src/ui/screens/form/error-title';
import { makeContent } from './helpers';

const content = makeContent({ 'app.title.error': 'Error: {title}' });

afterEach(() => {
  document.title = '';
});

describe('markErrorTitle', () => {
  it("puts 'Error: ' in front while marked and takes it off after", () => {
    document.title = "What's your Social Security number? - Join Now | Muster";
    const unmark = markErrorTitle(content);
    expect(document.title).toBe("Error: What's your Social Security number? - Join Now | Muster");
    unmark();
    expect(document.title).toBe("What's your Social Security number? - Join Now | Muster");
  });

  it("leaves a title the shell set meanwhile (the next screen's) alone", () => {
    document.title = 'About you - Join Now | Muster';
    const unmark = markErrorTitle(content);
    document.title = 'Your address - Join Now | Muster';
    unmark();
    expect(document.title).toBe('Your address - Join Now | Muster');
  });

  it('does nothing without the content key', () => {
    document.title = 'About you';
    markErrorTitle(makeContent({}))();
    expect(document.title).toBe('About you');
  });
});
