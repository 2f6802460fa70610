// @vitest-environment jsdom
/** The question panel (UI-01..UI-04): answers, spacers, link buttons, alert, auto-advance, keyboard, focus, hooks. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuestionPanel } from '../../src/engine/formats.generated';
import type { QuestionScreenProps } from '../../src/ui/contract';
import { AUTO_ADVANCE_MS, QuestionScreen } from '../../src/ui/screens/QuestionScreen';
import { AXE_OPTIONS, makeContent, makeTelemetry, makeView, readProjectJson } from './helpers';

const content = makeContent({
  'test.q.title': 'Which one?',
  'test.q.spouse.title': 'Which one for your spouse?',
  'test.q.subhead': 'Pick the one that fits.',
  'test.q.infoSubhead': 'You can change it later.',
  'test.q.highlight': { html: '<strong>Tip:</strong> read all answers.' },
  'test.q.alert': 'Check your answer.',
  'test.q.a': 'Answer A',
  'test.q.b': 'Answer B',
  'test.q.b.description': 'B, described',
  'test.q.c': 'Answer C',
  'test.q.or': 'Or',
  'test.q.link': 'Officers with NOAA/USPHS',
});

const panel: QuestionPanel = {
  id: 'test-question',
  kind: 'question',
  field: 'testAnswer',
  title: 'test.q.title',
  subhead: 'test.q.subhead',
  infoSubhead: 'test.q.infoSubhead',
  highlight: 'test.q.highlight',
  alert: 'test.q.alert',
  answers: [
    { value: 'a', label: 'test.q.a' },
    { value: 'B-2', label: 'test.q.b', description: 'test.q.b.description' },
    { spacer: true, label: 'test.q.or' },
    { value: 'c', label: 'test.q.c' },
  ],
  linkButtons: [{ label: 'test.q.link', answer: 'c' }],
  variants: { spouse: { title: 'test.q.spouse.title' } },
};

function setup(over: Partial<QuestionScreenProps> = {}) {
  const props: QuestionScreenProps = {
    view: makeView('test-question-2', 'self'),
    content,
    telemetry: makeTelemetry(),
    canGoBack: true,
    onPrevious: vi.fn(),
    panel,
    answers: panel.answers,
    linkButtons: panel.linkButtons ?? [],
    onAnswer: vi.fn(),
    ...over,
  };
  const result = render(<QuestionScreen {...props} />);
  return { ...result, props };
}

const answerButton = (value: string): HTMLElement => {
  const el = document.querySelector<HTMLElement>(`.mu-answers [data-answer="${value}"]`);
  if (!el) throw new Error(`no answer ${value}`);
  return el;
};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('QuestionScreen: what it shows', () => {
  it('shows the title as the h1, the subhead, info subhead, highlight and alert', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Which one?' })).toBeTruthy();
    expect(screen.getByText('Pick the one that fits.')).toBeTruthy();
    expect(screen.getByText('You can change it later.')).toBeTruthy();
    expect(document.querySelector('[data-part="highlight"]')?.textContent).toBe('Tip: read all answers.');
    expect(document.querySelector('[data-part="alert"]')?.textContent).toBe('Check your answer.');
  });

  it('renders each answer as a button carrying data-answer exactly as the document stores it, in order', () => {
    setup();
    const group = screen.getByRole('group', { name: 'Which one?' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('data-answer'))).toEqual(['a', 'B-2', 'c']);
    expect(buttons.every((b) => b.tagName === 'BUTTON' && b.getAttribute('type') === 'button')).toBe(true);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'false']);
    expect(within(buttons[1] as HTMLElement).getByText('B, described')).toBeTruthy();
  });

  it('renders a spacer as a non-clickable separator with its label', () => {
    const { props } = setup({ autoAdvanceMs: 0 });
    const spacer = document.querySelector<HTMLElement>('[data-spacer]');
    expect(spacer?.textContent).toBe('Or');
    expect(spacer?.tagName).not.toBe('BUTTON');
    expect(spacer?.querySelector('button, a, [tabindex]')).toBeNull();
    fireEvent.click(spacer as HTMLElement);
    expect(props.onAnswer).not.toHaveBeenCalled();
  });

  it('shows the answers it is given (after answer filters), no others', () => {
    setup({ answers: [panel.answers[3] as QuestionScreenProps['answers'][number]] });
    expect(within(screen.getByRole('group')).getAllByRole('button').map((b) => b.getAttribute('data-answer'))).toEqual(['c']);
  });

  it('uses the variant copy of the panel', () => {
    setup({ view: makeView('test-question-2', 'spouse') });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Which one for your spouse?');
    expect(document.querySelector('[data-screen]')?.getAttribute('data-variant')).toBe('spouse');
  });

  it('does not show the alert when the panel suppresses it (UI-03)', () => {
    setup({ panel: { ...panel, suppressAlert: true } });
    expect(document.querySelector('[data-part="alert"]')).toBeNull();
    expect(screen.queryByText('Check your answer.')).toBeNull();
  });

  it('puts the alert at the bottom when asked', () => {
    setup({ panel: { ...panel, alertPosition: 'bottom' } });
    const alert = document.querySelector('[data-part="alert"]') as HTMLElement;
    const group = screen.getByRole('group');
    expect(group.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows link buttons styled as links, with data-answer', () => {
    setup();
    const link = screen.getByRole('button', { name: 'Officers with NOAA/USPHS' });
    expect(link.className).toContain('mu-link-button');
    expect(link.getAttribute('data-answer')).toBe('c');
  });

  it('carries data-screen and data-variant on its root', () => {
    const { container } = setup();
    const root = container.firstElementChild as HTMLElement;
    expect(root.getAttribute('data-screen')).toBe('test-question-2');
    expect(root.getAttribute('data-variant')).toBe('self');
  });

  it('offers Previous only when the engine can go back', () => {
    const { props } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(props.onPrevious).toHaveBeenCalledTimes(1);
    cleanup();
    setup({ canGoBack: false });
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
  });

  it("shows a variant's own answer labels, and the answer's own where the variant names none", () => {
    const spouseContent = makeContent({ 'test.q.title': 'Which one?', 'test.q.spouse.title': 'Which one for your spouse?', 'test.q.a': 'Answer A', 'test.q.b': 'Answer B', 'test.q.c': 'Answer C', 'test.q.spouse.a': 'Answer A, for your spouse' });
    const withLabels: QuestionPanel = { ...panel, variants: { spouse: { title: 'test.q.spouse.title', answers: { a: 'test.q.spouse.a' } } } };
    setup({ panel: withLabels, content: spouseContent, view: makeView('test-question-2', 'spouse') });
    expect(answerButton('a').textContent).toBe('Answer A, for your spouse');
    expect(answerButton('c').textContent).toBe('Answer C');
    cleanup();
    setup({ panel: withLabels, content: spouseContent });
    expect(answerButton('a').textContent).toBe('Answer A');
  });

  it('asks about the spouse in the spouse\'s words: no first-person answer on a spouse or parent variant (issue 9)', () => {
    const real = makeContent();
    for (const id of ['military-service', 'current-military-status', 'military-discharge-type', 'agency-service']) {
      const p = readProjectJson<QuestionPanel>(`schemas/panels/${id}.json`);
      for (const variant of Object.keys(p.variants ?? {})) {
        setup({ panel: p, content: real, answers: p.answers, linkButtons: p.linkButtons ?? [], view: makeView(p.id, variant) });
        const labels = Array.from(document.querySelectorAll('.mu-answers [data-answer] .mu-answer__label')).map((el) => el.textContent ?? '');
        expect(labels.filter((l) => /\b(I|I'm|I've|my|me)\b/.test(l) && !/\bmy (spouse|parent)\b/i.test(l)), `${id}/${variant}`).toEqual([]);
        cleanup();
      }
    }
  });

  it('marks the stored answer when coming back', () => {
    setup({ selected: 'B-2' });
    expect(answerButton('B-2').getAttribute('aria-pressed')).toBe('true');
    expect(answerButton('a').getAttribute('aria-pressed')).toBe('false');
  });

  it('renders every question panel in schemas/panels, in each of its variants, with all its copy', () => {
    const real = makeContent();
    const dir = path.resolve(__dirname, '../../schemas/panels');
    const panels = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => readProjectJson<QuestionPanel | { kind: string }>(`schemas/panels/${f}`))
      .filter((p): p is QuestionPanel => p.kind === 'question');
    expect(panels.length).toBeGreaterThan(0);
    for (const p of panels) {
      for (const variant of ['self', ...Object.keys(p.variants ?? {})]) {
        setup({ panel: p, content: real, answers: p.answers, linkButtons: p.linkButtons ?? [], view: makeView(p.id, variant) });
        const title = p.variants?.[variant]?.title ?? p.title;
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(real.text(title));
        expect(Array.from(document.querySelectorAll('.mu-answers [data-answer]')).map((b) => b.getAttribute('data-answer'))).toEqual(
          p.answers.flatMap((a) => ('value' in a ? [a.value] : [])),
        );
        // Each answer shows the variant's own label when the variant has one.
        for (const a of p.answers) {
          if (!('value' in a)) continue;
          const key = p.variants?.[variant]?.answers?.[a.value] ?? a.label;
          expect(answerButton(a.value).querySelector('.mu-answer__label')?.textContent).toBe(real.text(key));
        }
        cleanup();
      }
    }
    expect(real.missing).toEqual([]);
  });
});

describe('QuestionScreen: selecting an answer (UI-02)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('marks the answer at once and reports it after the 500 ms auto-advance delay', () => {
    const { props } = setup();
    expect(AUTO_ADVANCE_MS).toBe(500);
    fireEvent.click(answerButton('B-2'));
    expect(answerButton('B-2').getAttribute('aria-pressed')).toBe('true');
    act(() => vi.advanceTimersByTime(499));
    expect(props.onAnswer).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(props.onAnswer).toHaveBeenCalledTimes(1);
    expect(props.onAnswer).toHaveBeenCalledWith('B-2');
  });

  it('a later click during the delay changes the choice: the answer shown as chosen is the one reported', () => {
    const { props } = setup();
    fireEvent.click(answerButton('a'));
    act(() => vi.advanceTimersByTime(300));
    fireEvent.click(answerButton('c'));
    expect(answerButton('c').getAttribute('aria-pressed')).toBe('true');
    expect(answerButton('a').getAttribute('aria-pressed')).toBe('false');
    // The delay starts again from the new choice, so the applicant sees what goes forward.
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS - 1));
    expect(props.onAnswer).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(props.onAnswer).toHaveBeenCalledTimes(1);
    expect(props.onAnswer).toHaveBeenCalledWith('c');
  });

  it('reports once, the last choice, after several clicks (the link button included)', () => {
    const { props } = setup();
    fireEvent.click(answerButton('a'));
    fireEvent.click(answerButton('B-2'));
    fireEvent.click(screen.getByRole('button', { name: 'Officers with NOAA/USPHS' }));
    fireEvent.click(answerButton('a'));
    act(() => vi.advanceTimersByTime(1000));
    expect(props.onAnswer).toHaveBeenCalledTimes(1);
    expect(props.onAnswer).toHaveBeenCalledWith('a');
    expect(answerButton('a').getAttribute('aria-pressed')).toBe('true');
    expect(answerButton('c').getAttribute('aria-pressed')).toBe('false');
  });

  it('ignores clicks once the answer is reported', () => {
    const { props } = setup();
    fireEvent.click(answerButton('a'));
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS));
    fireEvent.click(answerButton('c'));
    act(() => vi.advanceTimersByTime(1000));
    expect(props.onAnswer).toHaveBeenCalledTimes(1);
    expect(props.onAnswer).toHaveBeenCalledWith('a');
  });

  it('answers with the link button value', () => {
    const { props } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Officers with NOAA/USPHS' }));
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS));
    expect(props.onAnswer).toHaveBeenCalledWith('c');
  });

  it('reports at once when the delay is 0', () => {
    const { props } = setup({ autoAdvanceMs: 0 });
    fireEvent.click(answerButton('c'));
    expect(props.onAnswer).toHaveBeenCalledWith('c');
  });

  it('reports nothing once the screen is gone, or after Previous', () => {
    const first = setup();
    fireEvent.click(answerButton('a'));
    first.unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(first.props.onAnswer).not.toHaveBeenCalled();

    const second = setup();
    fireEvent.click(answerButton('a'));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(second.props.onAnswer).not.toHaveBeenCalled();
    expect(second.props.onPrevious).toHaveBeenCalledTimes(1);
  });
});

describe('QuestionScreen: keyboard and focus', () => {
  it('focuses the heading when it mounts, once the screen is painted', async () => {
    setup();
    const h1 = screen.getByRole('heading', { level: 1 });
    await waitFor(() => expect(document.activeElement).toBe(h1));
    expect(h1.getAttribute('tabindex')).toBe('-1');
  });

  it('moves between answers with the arrow keys, Home and End, and selects the focused one', () => {
    const { props } = setup({ autoAdvanceMs: 0 });
    answerButton('a').focus();
    fireEvent.keyDown(answerButton('a'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(answerButton('B-2'));
    fireEvent.keyDown(answerButton('B-2'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(answerButton('c')); // the spacer is skipped
    fireEvent.keyDown(answerButton('c'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(answerButton('a'));
    fireEvent.keyDown(answerButton('a'), { key: 'End' });
    expect(document.activeElement).toBe(answerButton('c'));
    fireEvent.keyDown(answerButton('c'), { key: 'Home' });
    fireEvent.keyDown(answerButton('a'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(answerButton('c'));
    // Enter and Space on a native <button> fire its click: the browser does that, jsdom does not.
    fireEvent.click(document.activeElement as HTMLElement);
    expect(props.onAnswer).toHaveBeenCalledWith('c');
  });

  it('has no axe violations (WCAG 2.2 A/AA rules a DOM can check)', async () => {
    const { container } = setup();
    const results = await axe.run(container, AXE_OPTIONS);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});

describe('QuestionScreen: first-screen budget', () => {
  it('imports neither rjsf nor ajv, directly or through its own modules', () => {
    const seen = new Set<string>();
    const imports: string[] = [];
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/^\s*import\s+(type\s+)?[^'"]*?['"]([^'"]+)['"]/gm)) {
        if (m[1]) continue; // type-only imports vanish at build time
        const spec = m[2] as string;
        imports.push(spec);
        if (spec.startsWith('.')) {
          for (const ext of ['', '.ts', '.tsx']) {
            const candidate = path.resolve(path.dirname(file), spec + ext);
            try {
              if (readFileSync(candidate) && /\.tsx?$/.test(candidate)) {
                visit(candidate);
                break;
              }
            } catch {
              // not this extension
            }
          }
        }
      }
    };
    visit(path.resolve(__dirname, '../../src/ui/screens/QuestionScreen.tsx'));
    expect(imports.filter((s) => /@rjsf|ajv/.test(s))).toEqual([]);
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe('QuestionScreen: a new step', () => {
  it('starts fresh even when the same component instance is given the next step', () => {
    vi.useFakeTimers();
    const { props, rerender } = setup();
    fireEvent.click(answerButton('a'));
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS));
    expect(props.onAnswer).toHaveBeenCalledTimes(1);
    rerender(<QuestionScreen {...props} view={makeView('test-question-3', 'spouse')} />);
    expect(answerButton('a').getAttribute('aria-pressed')).toBe('false');
    act(() => vi.advanceTimersByTime(100));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    fireEvent.click(answerButton('c'));
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS));
    expect(props.onAnswer).toHaveBeenLastCalledWith('c');
  });
});
