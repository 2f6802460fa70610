// @vitest-environment jsdom
/**
 * Phone numbers in copy are kept whole (src/ui/phone-numbers.tsx): the pattern, and the screens
 * that show copy as text (a milestone with a remote fragment's literal number, the help dialog).
 * The HTML paths are in tests/app/content.test.ts; the layout is checked in Chromium
 * (tests/e2e/sign-up.e2e.test.ts, the 999999 page and the trap at 390 and 1280 px).
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { phoneRuns, phonesInEscapedText } from '../../src/ui/phone-numbers';
import { keepPhonesWhole } from '../../src/ui/keep-phones';
import { applyFragment, localMilestoneCopy, MilestoneScreen } from '../../src/ui/screens/MilestoneScreen';
import { HelpDialog } from '../../src/ui/template/HelpDialog';
import type { MilestoneScreenProps } from '../../src/ui/contract';
import { bundleSource, createContent } from '../../src/ui/content';
import { makeTelemetry, makeView } from './helpers';

afterEach(cleanup);

describe('the phone number pattern', () => {
  it.each([
    ['call us at 1-800-555-0199 and', '1-800-555-0199'],
    ['800-555-0199.', '800-555-0199'],
    ['(210) 555-0148', '(210) 555-0148'],
    ['+1 210 555 0148', '+1 210 555 0148'],
    ['1.800.555.0199', '1.800.555.0199'],
  ])('finds %s', (text, phone) => {
    expect(phoneRuns(text).filter((_, i) => i % 2 === 1)).toEqual([phone]);
  });

  it.each(['2105550148', 'born 2018-06-30', 'ZIP 78258-1234', 'SSN ***-**-1234 or 123-45-6789', 'Step 4 of 30', 'rank E-7'])('leaves %s alone', (text) => {
    expect(phoneRuns(text)).toEqual([text]);
  });

  it('wraps each number, in text and in escaped text', () => {
    const { container } = render(<p>{keepPhonesWhole('Call 1-800-555-0199 or (210) 555-0148.')}</p>);
    expect(container.innerHTML).toBe('<p>Call <span class="mu-phone">1-800-555-0199</span> or <span class="mu-phone">(210) 555-0148</span>.</p>');
    expect(keepPhonesWhole('No number here.')).toBe('No number here.');
    expect(phonesInEscapedText('Tom &amp; Ann: 1-800-555-0199')).toBe('Tom &amp; Ann: <span class="mu-phone">1-800-555-0199</span>');
  });
});

describe('screens', () => {
  // The app's content API (src/ui/content.ts): {phone} is filled from placeholders.phone.
  const content = createContent(bundleSource({ strings: {
    'milestones.serviceRetry.heading': 'Error submitting to service. Try again.',
    'milestones.serviceRetry.subheading': "We couldn't send your details just now. Try again, or call us at {phone} and we'll help.",
    'milestones.serviceRetry.button1': 'Try again',
    'placeholders.phone': '1-800-555-0199',
    'app.help.title': 'Help',
    'app.help.body': 'Call us at {phone}.',
    'app.help.close': 'Close',
  } }));

  it("a milestone's subheading, from local content or from a remote fragment's literal text", async () => {
    const props: MilestoneScreenProps = {
      view: makeView('service-retry', 'self', { kind: 'milestone', milestone: 'trap-door', content: 'serviceRetry' }),
      content,
      telemetry: makeTelemetry(),
      canGoBack: false,
      onPrevious: () => undefined,
      contentKey: 'serviceRetry',
      milestone: 'trap-door',
      showOnContentFailure: true,
      onPrimary: () => undefined,
      onContentFailure: () => undefined,
    };
    const local = render(<MilestoneScreen {...props} />);
    expect([...local.container.querySelectorAll('.mu-subhead .mu-phone')].map((e) => e.textContent)).toEqual(['1-800-555-0199']);
    cleanup();
    expect(applyFragment(localMilestoneCopy(content, 'serviceRetry'), { subheading: 'Call 1-888-555-0100 now.' }).subheading).toBe('Call 1-888-555-0100 now.');
    const remote = render(<MilestoneScreen {...props} loadFragment={async () => ({ subheading: 'Call 1-888-555-0100 now.' })} />);
    expect((await remote.findByText('1-888-555-0100')).className).toBe('mu-phone');
  });

  it('the help dialog', () => {
    render(<HelpDialog open content={content} onClose={() => undefined} />);
    expect(document.querySelector('[data-dialog="help"] .mu-phone')?.textContent).toBe('1-800-555-0199');
  });
});
