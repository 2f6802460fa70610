/** The page title (WCAG 2.4.2, PROD-12, PROD-13): screen name, product, brand. */
import { describe, expect, it } from 'vitest';
import type { StepView } from '../../src/engine/flow';
import type { FormPanel, QuestionPanel } from '../../src/engine/formats.generated';
import { pageTitle, screenName } from '../../src/app/page-title';
import { makeContent } from '../ui/helpers';

const content = makeContent({
  'app.title': '{product} | {brand}',
  'app.title.screen': '{screen} - {product} | {brand}',
  'app.trap.heading': 'Something went wrong',
  'app.end.heading': "You're done here",
  'q.title': 'Have you served?',
  'q.spouse.title': 'Has your spouse served?',
  'f.title': 'About you',
  'forms.basic.spouse.title': 'About your spouse',
  'milestones.entry.heading': 'Join in minutes',
});
const question: QuestionPanel = { id: 'q', kind: 'question', field: 'f', title: 'q.title', answers: [{ value: 'yes', label: 'q.title' }], variants: { spouse: { title: 'q.spouse.title' } } };
const form = { id: 'basic', kind: 'form', bind: 'eligibility.{variant}.personalInfo', title: 'f.title', schema: { type: 'object' } } as unknown as FormPanel;
const view = (over: Partial<StepView>): StepView => ({ kind: 'panel', position: 0, module: 'm', step: 's', variant: 'self', ...over });

describe('screenName', () => {
  it('is the panel title after the variant copy and the per-form content', () => {
    expect(screenName(view({ panel: question }), content)).toBe('Have you served?');
    expect(screenName(view({ panel: question, variant: 'spouse' }), content)).toBe('Has your spouse served?');
    expect(screenName(view({ panel: form }), content)).toBe('About you');
    expect(screenName(view({ panel: form, variant: 'spouse' }), content)).toBe('About your spouse');
  });
  it('is the milestone heading, the trap or end heading; none for a command', () => {
    expect(screenName(view({ kind: 'milestone', step: 'entry-page', content: 'entry' }), content)).toBe('Join in minutes');
    expect(screenName(view({ kind: 'milestone', step: 'unknown' }), content)).toBeUndefined();
    expect(screenName(view({ kind: 'error' }), content)).toBe('Something went wrong');
    expect(screenName(view({ kind: 'end' }), content)).toBe("You're done here");
    expect(screenName(view({ kind: 'command' }), content)).toBeUndefined();
  });
});

describe('pageTitle', () => {
  it('names the screen first, then the product and the brand', () => {
    expect(pageTitle(content, { screen: 'Your military service', product: 'Join now', brand: 'Brand' })).toBe('Your military service - Join now | Brand');
    expect(pageTitle(content, { product: 'Join now', brand: 'Brand' })).toBe('Join now | Brand');
    expect(pageTitle(content, { screen: 'Oops', product: '', brand: 'Brand' })).toBe('Oops | Brand');
    expect(pageTitle(content, { product: '', brand: 'Brand' })).toBe('Brand');
  });
});
