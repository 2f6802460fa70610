// @vitest-environment jsdom
/** The template's parts: exit dialog wording, progress bar, disclosures, interstitial timing, blocking pages. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowFromPack } from '../../src/app/documents';
import { progressModel } from '../../src/app/progress';
import { startFlow, current, resolveProduct, type Flow } from '../../src/engine/flow';
import { loadProject } from '../../tools/lib/project';
import type { ProductFlow, Text } from '../../src/engine/formats.generated';
import { bundleSource, createContent } from '../../src/ui/content';
import { BlockingPage } from '../../src/ui/template/BlockingPage';
import { ExitDialog } from '../../src/ui/template/ExitDialog';
import { exitCopy } from '../../src/ui/template/exit-copy';
import { orderedDisclosures } from '../../src/ui/template/disclosures';
import { Disclosures } from '../../src/ui/template/Disclosures';
import { Interstitial } from '../../src/ui/template/Interstitial';
import { InterstitialTimer, INTERSTITIAL_TIMING } from '../../src/ui/template/interstitial-timer';
import { ProgressBar } from '../../src/ui/template/ProgressBar';
import { shellContent } from '../../src/app/boot';
import appBundle from '../../content/en/app.json';
import shellBundle from '../../content/en/shell.json';
import { projectPack } from './helpers';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The shell's copy as the app has it with its documents: app.json and shell.json. */
const app = createContent(bundleSource(appBundle, shellBundle));

describe('the exit dialog (EXIT-01..EXIT-03)', () => {
  it("reads 'Do you want to leave?' / 'Your progress won't be saved.' with Leave and Continue Questions", async () => {
    const onLeave = vi.fn();
    const onStay = vi.fn();
    render(<ExitDialog open copy={exitCopy(undefined, app, false)} onLeave={onLeave} onStay={onStay} />);
    const dialog = await screen.findByRole('dialog', { name: 'Do you want to leave?' });
    expect(dialog.textContent).toContain("Your progress won't be saved.");
    fireEvent.click(screen.getByRole('button', { name: 'Continue Questions' }));
    expect(onStay).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onStay).toHaveBeenCalledTimes(2);
  });

  it('uses Yes, Exit and No, Continue Quote in quote flows: the quote products point exitDialog at them (the flag itself means nothing to the code)', () => {
    const quote = resolveProduct(loadProject(), 'pnc-auto-insurance')?.config;
    expect(quote?.quoteFlow).toBe(true);
    expect(exitCopy(quote, app, false)).toEqual({ title: 'Do you want to leave?', summary: "Your progress won't be saved.", leave: 'Yes, Exit', stay: 'No, Continue Quote' });
    expect(exitCopy({ quoteFlow: true }, app, false)).toEqual({ title: 'Do you want to leave?', summary: "Your progress won't be saved.", leave: 'Leave', stay: 'Continue Questions' });
  });

  it("has the 'Ready to leave?' variant: progress saved with a prospect, lost without", () => {
    const ready = { title: 'app.exit.ready.title', summary: 'app.exit.ready.summary', exitBtn: 'app.exit.ready.leave', continueBtn: 'app.exit.ready.continue' };
    expect(exitCopy({ exitDialog: ready }, app, true)).toEqual({ title: 'Ready to leave?', summary: 'Your progress will be saved.', leave: 'Yes, exit', stay: 'No, go back' });
    expect(exitCopy({ exitDialog: ready }, app, false).summary).toBe('Your progress will be lost.');
  });

  it("uses the product's exitDialog keys", () => {
    const content = createContent(bundleSource({ strings: { 't.t': 'Leaving?', 't.s': 'Sure?', 't.l': 'Go', 't.c': 'Stay' } }));
    expect(exitCopy({ exitDialog: { title: 't.t', summary: 't.s', exitBtn: 't.l', continueBtn: 't.c' } }, content, false)).toEqual({ title: 'Leaving?', summary: 'Sure?', leave: 'Go', stay: 'Stay' });
  });
});

describe('the progress bar (UI-22..UI-27)', () => {
  const { flow } = flowFromPack(projectPack('join-now'));
  const ctx = { today: '2026-11-22' };

  it("reads 'step x of n' with a percent fill and the section headers, the current one marked", () => {
    render(<ProgressBar step={3} total={8} percent={25} sections={['progress.personalInformation', 'progress.onlineAccess']} current={0} content={createContent(bundleSource({ strings: { ...appStrings(), 'progress.personalInformation': 'Personal Information', 'progress.onlineAccess': 'Online Access' } }))} />);
    expect(screen.getByText('Step 3 of 8')).toBeTruthy();
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('Step 3 of 8');
    expect((bar.firstElementChild as HTMLElement).style.getPropertyValue('--mu-progress-fill')).toBe('25%');
    const current = screen.getByText('Personal Information');
    expect(current.getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('Online Access').getAttribute('aria-current')).toBeNull();
  });

  it('is hidden on triage questions and milestones, shown on a module that shows it (join-now: basic-info)', () => {
    let state = startFlow(flow, ctx);
    expect(progressModel(flow, state, current(flow, state), ctx).visible).toBe(false); // entry milestone
    const atBasicInfo = startFlow(flow, ctx, { panel: 'basic-info-panel' });
    const view = current(flow, atBasicInfo);
    expect(view.module).toBe('basic-info');
    const model = progressModel(flow, atBasicInfo, view, ctx);
    expect(model).toMatchObject({ visible: true, step: 1, current: 0, sections: ['progress.personalInformation', 'progress.onlineAccess'] });
    expect(model.total).toBeGreaterThan(1);
    state = startFlow(flow, ctx, { panel: 'military-service' });
    expect(progressModel(flow, state, current(flow, state), ctx).visible).toBe(false);
  });

  it('honours hideWhen and modules without a setting', () => {
    const product: ProductFlow = { ...flow.product, progressBar: { sections: ['s'], modules: { 'basic-info': { show: true } }, hideWhen: true } };
    const f: Flow = { ...flow, product };
    const s = startFlow(f, ctx, { panel: 'basic-info-panel' });
    expect(progressModel(f, s, current(f, s), ctx).visible).toBe(false);
    const none: Flow = { ...flow, product: { ...flow.product, progressBar: { sections: [] } } };
    expect(progressModel(none, s, current(none, s), ctx).visible).toBe(false);
  });

  it("fills with the engine's progress (FLOW-22)", () => {
    const s = startFlow(flow, ctx, { panel: 'basic-info-panel' });
    const moved = { ...s, flow: { ...(s.flow as object), progress: 0.4 } };
    expect(progressModel(flow, moved, current(flow, moved), ctx).percent).toBe(40);
  });
});

function appStrings(): Record<string, string> {
  return { 'app.progress.label': 'Application progress', 'app.progress.step': 'Step {x} of {n}' };
}

describe('footnotes and disclosures (CONT-19..CONT-21)', () => {
  const content = createContent(
    bundleSource({
      strings: {
        'd.one': 'Non-deposit investment products.',
        'd.half': { html: '<p>About ads <a href="/privacy">privacy</a></p><script>x()</script>' },
        'd.two': 'Member eligibility.\n\nSecond paragraph.',
        'd.list': ['not', 'a', 'string'],
        'd.auth': 'Signed in only.',
        'f.four': 'Footnote four.',
        'f.two': 'Footnote at two.',
      },
    }),
  );
  const product: Pick<ProductFlow, 'disclaimers' | 'footnotes'> = {
    disclaimers: [
      { key: 'd.two', order: 2 },
      { key: 'd.list', order: 3 },
      { key: 'd.one', order: 1 },
      { key: 'd.auth', order: 1.5, authenticated: true },
      { key: 'd.half', order: 0.5 },
    ],
    footnotes: [
      { key: 'f.four', order: 4 },
      { key: 'f.two', order: 2 },
    ],
  };

  it('orders by `order`, discards text that is not a string, and shows signed-in items to signed-in applicants only', () => {
    const log = vi.fn();
    const items = orderedDisclosures(product, content, false, { log });
    expect(items.map((i) => i.key)).toEqual(['d.half', 'd.one', 'd.two', 'f.two', 'f.four']);
    expect(log).toHaveBeenCalledWith('warn', expect.stringContaining('not a string'), { key: 'd.list' });
    expect(orderedDisclosures(product, content, true).map((i) => i.key)).toContain('d.auth');
  });

  it('renders sanitised HTML and paragraphs, in order', () => {
    const { container } = render(<Disclosures items={orderedDisclosures(product, content, false)} label="Disclosures" />);
    const blocks = Array.from(container.querySelectorAll('[data-disclosure]'));
    expect(blocks.map((b) => b.getAttribute('data-disclosure'))).toEqual(['d.half', 'd.one', 'd.two', 'f.two', 'f.four']);
    expect(container.querySelector('script')).toBeNull();
    expect(blocks[2]?.querySelectorAll('p')).toHaveLength(2);
    expect(screen.getByRole('contentinfo', { name: 'Disclosures' })).toBeTruthy();
  });

  it('renders a block of links (the about-ads and privacy links, CONT-19) as escaped text, keeping only site paths and https links', () => {
    const links = createContent(
      new Map<string, Text>([
        ['d.links', { links: [
          { text: 'About <our> ads', href: '/privacy/about-our-ads/' },
          { text: 'Evil', href: 'javascript:alert(1)' },
          { text: 'Other host', href: '//evil.example/' },
          { text: 'Privacy', href: 'https://example.com/privacy' },
        ] }],
      ]),
    );
    const items = orderedDisclosures({ disclaimers: [{ key: 'd.links', order: 0.5 }] }, links, false);
    const { container } = render(<Disclosures items={items} label="Disclosures" />);
    const anchors = Array.from(container.querySelectorAll('a'));
    expect(anchors.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['About <our> ads', '/privacy/about-our-ads/'],
      ['Privacy', 'https://example.com/privacy'],
    ]);
  });

  it('the products show the default disclosures of CONT-19 in order, the about-ads and privacy links first', () => {
    const project = loadProject();
    const all = createContent(new Map([...project.content].map(([k, e]) => [k, e.text] as const)));
    for (const id of ['bank-cd', '37', 'pnc-auto-insurance', 'pnc-insurance-renters-join']) {
      const p = resolveProduct(project, id) as ProductFlow;
      const keys = orderedDisclosures(p, all, false).map((i) => i.key);
      expect(keys.slice(0, 4)).toEqual(['disclosures.aboutAdsPrivacy', 'disclosures.nonDepositInvestment', 'disclosures.memberEligibilityLong', 'disclosures.onlineCompanies']);
    }
    const card = orderedDisclosures(resolveProduct(project, '37') as ProductFlow, all, false).map((i) => [i.key, i.order]);
    expect(card.slice(4)).toEqual([['disclosures.creditCardApproval', 4], ['disclosures.contactlessSymbols', 5], ['disclosures.amex', 6]]);
  });
});

describe('the interstitial (UI-19, UI-20)', () => {
  it('opens only after 1000 ms and then stays at least 2000 ms', async () => {
    vi.useFakeTimers();
    const seen: boolean[] = [];
    const timer = new InterstitialTimer((v) => seen.push(v));
    timer.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(timer.visible).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(timer.visible).toBe(true);
    await vi.advanceTimersByTimeAsync(500); // the wait ends 500 ms after it opened
    let done = false;
    void timer.finish().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1499);
    expect(done).toBe(false);
    expect(timer.visible).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(seen).toEqual([true, false]);
  });

  it('never opens for a wait under 1000 ms, and the flow goes on at once', async () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    const timer = new InterstitialTimer(onChange);
    timer.start();
    await vi.advanceTimersByTimeAsync(900);
    let done = false;
    void timer.finish().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("shows 'Processing your request...' by default and the three profile messages 3 s apart", async () => {
    vi.useFakeTimers();
    expect(INTERSTITIAL_TIMING).toEqual({ openDelayMs: 1000, minOpenMs: 2000, messageEveryMs: 3000 });
    const { unmount } = render(<Interstitial messages={[app.text('app.interstitial.processing')]} />);
    expect(screen.getByRole('status').textContent).toBe('Processing your request...');
    unmount();
    render(<Interstitial messages={app.list('app.interstitial.profile')} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Your profile is being created.');
    await act(async () => vi.advanceTimersByTimeAsync(2999));
    expect(status.textContent).toBe('Your profile is being created.');
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(status.textContent).toBe('This takes a few seconds.');
    await act(async () => vi.advanceTimersByTimeAsync(3000));
    expect(status.textContent).toBe("Just a moment. We're almost done.");
    await act(async () => vi.advanceTimersByTimeAsync(9000));
    expect(status.textContent).toBe("Just a moment. We're almost done.");
  });
});

describe('blocking pages', () => {
  it('private browsing: the message verbatim (SESS-12)', () => {
    render(<BlockingPage kind="private" content={shellContent()} brand="muster" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Your browser is disabling some of the brand's features. Turn off private browsing mode to continue.");
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('support variant without a caller (AUTH-18)', () => {
    render(<BlockingPage kind="support" content={shellContent()} brand="muster" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This application requires an authenticated member.');
    expect(screen.getByText('Choose a caller from Portal to continue.')).toBeTruthy();
  });

  it('documents that fail: the trap, its phone number kept whole', () => {
    const { container } = render(<BlockingPage kind="trap" content={shellContent()} brand="muster" />);
    expect(container.querySelector('[data-milestone="trap-door"]')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    expect([...container.querySelectorAll('.mu-subhead .mu-phone')].map((e) => e.textContent)).toEqual([shellContent().text('placeholders.phone')]);
  });
});
