// @vitest-environment jsdom
/** The milestone screen (UI-11..UI-18, CONT-12..CONT-14). */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JsonValue } from '../../src/rules/index';
import type { MilestoneScreenProps } from '../../src/ui/contract';
import { applyFragment, FRAGMENT_ATTEMPTS, FRAGMENT_RETRY_MS, localMilestoneCopy, MilestoneScreen } from '../../src/ui/screens/MilestoneScreen';
import { AXE_OPTIONS, englishContent, makeContent, makeTelemetry, makeView } from './helpers';

const content = makeContent({
  'milestones.testDone.heading': 'You may be eligible',
  'milestones.testDone.subheading': 'Here is what happens next.',
  'milestones.testDone.list': ['Banking', 'Insurance', 'Advice'],
  'milestones.testDone.button1': 'Continue to join',
  'milestones.testDone.button2': 'Not now',
  'milestones.testDone.logon': 'Already a member? Log on',
  'milestones.testDone.disclosure': { html: '<p>We share <em>nothing</em>.</p>' },
  'modals.rules.body': { html: '<p>Who can join.</p>' },
  'modals.rules2.heading': 'Family rules',
  'modals.rules2.link': 'Read the family rules',
  'modals.rules2.body': 'Relatives of members can join.',
  'milestones.bare.heading': 'Bare milestone',
  'milestones.bare.button1': 'Next',
});

function setup(over: Partial<MilestoneScreenProps> = {}) {
  const props: MilestoneScreenProps = {
    view: makeView('abc', 'self', { kind: 'milestone', milestone: 'abc', content: 'testDone' }),
    content,
    telemetry: makeTelemetry(),
    canGoBack: false,
    onPrevious: vi.fn(),
    contentKey: 'testDone',
    milestone: 'spouse/not-eligible',
    showOnContentFailure: false,
    onPrimary: vi.fn(),
    onContentFailure: vi.fn(),
    ...over,
  };
  const result = render(<MilestoneScreen {...props} />);
  return { ...result, props };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('MilestoneScreen: local content', () => {
  it('shows heading, subheading and the bulleted list with icons', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'You may be eligible' })).toBeTruthy();
    expect(screen.getByText('Here is what happens next.')).toBeTruthy();
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Banking', 'Insurance', 'Advice']);
    for (const li of items) expect(li.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('carries data-milestone, data-screen and data-variant on its root', () => {
    const { container } = setup();
    const root = container.firstElementChild as HTMLElement;
    expect(root.getAttribute('data-milestone')).toBe('spouse/not-eligible');
    expect(root.getAttribute('data-screen')).toBe('abc');
    expect(root.getAttribute('data-variant')).toBe('self');
  });

  it('focuses the heading, once the screen is painted', async () => {
    setup();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  });

  it('advances once with the first button (UI-15)', () => {
    const { props } = setup();
    const button = screen.getByRole('button', { name: 'Continue to join' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(props.onPrimary).toHaveBeenCalledTimes(1);
  });

  it('shows the secondary button and the logon link only when the shell handles them', () => {
    setup();
    expect(screen.queryByRole('button', { name: 'Not now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Already a member? Log on' })).toBeNull();
    cleanup();
    const onSecondary = vi.fn();
    const onLogon = vi.fn();
    setup({ onSecondary, onLogon });
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onSecondary).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Already a member? Log on' }));
    expect(onLogon).toHaveBeenCalledTimes(1);
  });

  it('shows the Information Disclosure notice from content', () => {
    setup();
    const notice = screen.getByRole('region', { name: 'Information Disclosure' });
    expect(notice.textContent).toContain('We share nothing.');
  });

  it('leaves out what content does not have', () => {
    setup({ contentKey: 'bare' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bare milestone');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Information Disclosure' })).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Next']);
  });

  it('renders every milestone in content/en with its own copy', () => {
    const real = makeContent();
    const keys = Object.keys(englishContent())
      .map((k) => /^milestones\.([^.]+)\.heading$/.exec(k)?.[1])
      .filter((k): k is string => k !== undefined);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      setup({ content: real, contentKey: key, milestone: key, onSecondary: vi.fn(), onLogon: vi.fn() });
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(real.text(`milestones.${key}.heading`));
      if (real.has(`milestones.${key}.button1`)) expect(screen.getByRole('button', { name: real.text(`milestones.${key}.button1`) }).getAttribute('data-action')).toBe('primary');
      cleanup();
    }
    expect(real.missing).toEqual([]);
  });
});

describe('MilestoneScreen: modals (UI-12, UI-13)', () => {
  it('opens up to two dialogs titled Membership Eligibility or the content heading, tracked once', async () => {
    const { props } = setup({ modals: [{ key: 'modals.rules' }, { key: 'modals.rules2' }, { key: 'modals.third' }] });
    const links = Array.from(document.querySelectorAll<HTMLElement>('[data-modal]'));
    expect(links.map((l) => l.textContent)).toEqual(['Membership Eligibility', 'Read the family rules']);

    fireEvent.click(links[0] as HTMLElement);
    expect((await screen.findByRole('dialog', { name: 'Membership Eligibility' })).textContent).toContain('Who can join.');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(links[0]);

    fireEvent.click(links[1] as HTMLElement);
    expect(screen.getByRole('dialog', { name: 'Family rules' }).textContent).toContain('Relatives of members can join.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    fireEvent.click(links[0] as HTMLElement);

    expect(props.telemetry.track).toHaveBeenCalledTimes(1);
    expect(props.telemetry.track).toHaveBeenCalledWith('membership_eligibility_rules');
  });

  it('uses the configured title key when content has it', async () => {
    setup({ modals: [{ key: 'modals.rules', title: 'milestones.testDone.subheading' }] });
    fireEvent.click(document.querySelector('[data-modal]') as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Here is what happens next.' })).toBeTruthy();
  });
});

describe('MilestoneScreen: remote content (CONT-12..CONT-14, UI-17, UI-18)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  const flush = async (ms = 0) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  };

  it("shows 'Processing ...' while loading, then the fragment's copy, and focuses the heading", async () => {
    let resolve: (v: JsonValue) => void = () => undefined;
    const loadFragment = vi.fn(() => new Promise<JsonValue>((r) => (resolve = r)));
    setup({ loadFragment });
    expect(screen.getByRole('status').textContent).toBe('Processing ...');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(loadFragment).toHaveBeenCalledWith('testDone');
    await act(async () => resolve({ heading: 'Remote heading', list: ['One', 2, 'Two'], subheading: 7 }));
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1.textContent).toBe('Remote heading');
    await act(async () => vi.advanceTimersByTime(100));
    expect(document.activeElement).toBe(h1);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['One', 'Two']);
    expect(screen.getByText('Here is what happens next.')).toBeTruthy(); // a non-string field is discarded
  });

  it('retries: two failures, then the third attempt succeeds', async () => {
    const loadFragment = vi
      .fn<(key: string) => Promise<JsonValue>>()
      .mockRejectedValueOnce(new Error('503'))
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValueOnce({ heading: 'Third time' });
    const { props } = setup({ loadFragment });
    await flush();
    expect(loadFragment).toHaveBeenCalledTimes(1);
    await flush(FRAGMENT_RETRY_MS);
    expect(loadFragment).toHaveBeenCalledTimes(2);
    await flush(FRAGMENT_RETRY_MS * 2);
    expect(loadFragment).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Third time');
    expect(props.telemetry.log).not.toHaveBeenCalled();
    expect(props.onContentFailure).not.toHaveBeenCalled();
  });

  it('after the third failure logs the error and reports AEM_CONTENT_LOAD_ERROR (CONT-13)', async () => {
    const loadFragment = vi.fn<(key: string) => Promise<JsonValue>>().mockRejectedValue(new Error('offline'));
    const { props } = setup({ loadFragment });
    await flush(10_000);
    expect(loadFragment).toHaveBeenCalledTimes(FRAGMENT_ATTEMPTS);
    expect(props.onContentFailure).toHaveBeenCalledTimes(1);
    expect(props.onContentFailure).toHaveBeenCalledWith('AEM_CONTENT_LOAD_ERROR|testDone');
    expect(props.telemetry.log).toHaveBeenCalledWith('error', expect.any(String), expect.objectContaining({ code: 'AEM_CONTENT_LOAD_ERROR', content: 'testDone', attempts: 3 }));
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('on the trap-door, entry and landing paths still shows the screen with local copy (CONT-13, CONT-14)', async () => {
    const loadFragment = vi.fn<(key: string) => Promise<JsonValue>>().mockRejectedValue(new Error('offline'));
    const { props } = setup({ loadFragment, showOnContentFailure: true, contentKey: 'trap', milestone: 'trap-door' });
    await flush(10_000);
    expect(loadFragment).toHaveBeenCalledTimes(3);
    expect(props.onContentFailure).not.toHaveBeenCalled();
    expect(props.telemetry.log).toHaveBeenCalledTimes(1);
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1.textContent).toBe('Something went wrong');
    await act(async () => vi.advanceTimersByTime(100));
    expect(document.activeElement).toBe(h1);
  });

  it('counts an attempt that never answers as failed', async () => {
    const loadFragment = vi.fn(() => new Promise<JsonValue>(() => undefined));
    const { props } = setup({ loadFragment, showOnContentFailure: true });
    await flush(60_000);
    expect(loadFragment).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('You may be eligible');
    expect(props.telemetry.log).toHaveBeenCalledTimes(1);
  });

  it('stops retrying once the screen is gone', async () => {
    const loadFragment = vi.fn<(key: string) => Promise<JsonValue>>().mockRejectedValue(new Error('offline'));
    const { props, unmount } = setup({ loadFragment });
    await flush();
    unmount();
    await flush(10_000);
    expect(loadFragment).toHaveBeenCalledTimes(1);
    expect(props.onContentFailure).not.toHaveBeenCalled();
  });
});

describe('MilestoneScreen: copy helpers', () => {
  it('applyFragment keeps local copy for anything the fragment lacks or gets wrong', () => {
    const local = localMilestoneCopy(content, 'testDone');
    expect(applyFragment(local, null)).toEqual(local);
    expect(applyFragment(local, ['x'])).toEqual(local);
    const out = applyFragment(local, { button1: 'Go', disclosure: '<b>plain</b>', list: 'nope' });
    expect(out.button1).toBe('Go');
    expect(out.disclosure).toEqual({ text: '<b>plain</b>' });
    expect(out.list).toEqual(['Banking', 'Insurance', 'Advice']);
  });

  it('has no axe violations', async () => {
    vi.useRealTimers();
    const { container } = setup({ modals: [{ key: 'modals.rules' }], onSecondary: vi.fn(), onLogon: vi.fn() });
    const results = await axe.run(container, AXE_OPTIONS);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
