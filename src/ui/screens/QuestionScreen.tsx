/**
 * The shared question-panel screen (UI-01..UI-04): answer buttons (spacers are not
 * clickable), the highlight box, the alert (unless suppressed), the info subhead, link
 * buttons and Previous. Selecting an answer marks it and reports it after the auto-advance
 * delay (UI-02, 500 ms). Another selection during the delay replaces the choice and starts the
 * delay again: the answer shown as chosen is always the one reported; once reported, further
 * selections are ignored.
 *
 * This screen is on the first screen's JS budget: it must not import rjsf or ajv.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { QuestionScreenProps } from '../contract';
import { answerLabelKey, copyKeys, UI_KEYS } from './copy';
import { stepKey } from './stepKey';
import { useHeadingFocus } from './useHeadingFocus';
import { keepPhonesWhole } from '../keep-phones';

export const AUTO_ADVANCE_MS = 500;

type Entry = QuestionScreenProps['answers'][number];

function isSpacer(entry: Entry): entry is Extract<Entry, { spacer: true }> {
  return 'spacer' in entry && entry.spacer === true;
}

function QuestionBody(props: QuestionScreenProps) {
  const { panel, view, content, answers, linkButtons, canGoBack, onPrevious, onAnswer } = props;
  const delay = props.autoAdvanceMs ?? AUTO_ADVANCE_MS;
  const copy = copyKeys(panel, view.variant);
  const headingId = useId();
  const heading = useHeadingFocus<HTMLHeadingElement>();
  const [selected, setSelected] = useState<string | undefined>(props.selected);
  /** The answer the timer will report: the last one chosen. */
  const chosen = useRef<string | undefined>(undefined);
  const reported = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const group = useRef<HTMLDivElement>(null);

  useEffect(
    () => () => {
      if (timer.current !== undefined) clearTimeout(timer.current);
    },
    [],
  );

  const select = useCallback(
    (value: string) => {
      if (reported.current) return; // the answer has gone forward
      chosen.current = value;
      setSelected(value);
      if (timer.current !== undefined) clearTimeout(timer.current);
      timer.current = undefined;
      const report = (): void => {
        timer.current = undefined;
        reported.current = true;
        onAnswer(chosen.current ?? value);
      };
      if (delay <= 0) report();
      else timer.current = setTimeout(report, delay);
    },
    [delay, onAnswer],
  );

  const previous = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
    onPrevious();
  }, [onPrevious]);

  // Arrow keys move between the answers (Enter and Space select: they are real buttons).
  const onGroupKeyDown = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(group.current?.querySelectorAll<HTMLButtonElement>('button[data-answer]') ?? []);
    const index = buttons.findIndex((b) => b === document.activeElement);
    if (index < 0 || buttons.length === 0) return;
    let next: number | undefined;
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') next = (index + 1) % buttons.length;
    else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') next = (index - 1 + buttons.length) % buttons.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    buttons[next]?.focus();
  }, []);

  const showAlert = copy.alert !== undefined && panel.suppressAlert !== true && content.has(copy.alert);
  const alert = showAlert ? (
    <div className="mu-alert" data-part="alert">
      <span className="mu-alert__icon" aria-hidden="true" />
      <div className="mu-alert__body" dangerouslySetInnerHTML={{ __html: content.html(copy.alert) }} />
    </div>
  ) : null;

  return (
    <section className="mu-screen mu-question" data-screen={view.step} data-variant={view.variant} aria-labelledby={headingId}>
      <h1 id={headingId} ref={heading} tabIndex={-1} className="mu-heading">
        {content.text(copy.title)}
      </h1>
      {copy.subhead !== undefined && content.has(copy.subhead) && (
        <p className="mu-subhead" data-part="subhead">
          {keepPhonesWhole(content.text(copy.subhead))}
        </p>
      )}
      {copy.alertPosition === 'top' && alert}
      {copy.highlight !== undefined && content.has(copy.highlight) && (
        <div className="mu-highlight" data-part="highlight" dangerouslySetInnerHTML={{ __html: content.html(copy.highlight) }} />
      )}
      {copy.infoSubhead !== undefined && content.has(copy.infoSubhead) && (
        <p className="mu-info-subhead" data-part="info-subhead">
          {keepPhonesWhole(content.text(copy.infoSubhead))}
        </p>
      )}
      <div className="mu-answers" role="group" aria-labelledby={headingId} ref={group} onKeyDown={onGroupKeyDown}>
        {answers.map((entry, i) => {
          if (isSpacer(entry)) {
            const label = entry.label !== undefined ? content.text(entry.label) : '';
            return (
              <div key={`spacer-${i}`} className={label ? 'mu-spacer' : 'mu-spacer mu-spacer--gap'} data-spacer="">
                {label && <span className="mu-spacer__label">{label}</span>}
              </div>
            );
          }
          const isSelected = selected === entry.value;
          return (
            <button
              key={entry.value}
              type="button"
              className={isSelected ? 'mu-answer mu-answer--selected' : 'mu-answer'}
              data-answer={entry.value}
              aria-pressed={isSelected}
              onClick={() => select(entry.value)}
            >
              <span className="mu-answer__label">{content.text(answerLabelKey(panel, view.variant, entry.value, entry.label))}</span>
              {entry.description !== undefined && content.has(entry.description) && (
                <span className="mu-answer__description">{content.text(entry.description)}</span>
              )}
            </button>
          );
        })}
      </div>
      {linkButtons.length > 0 && (
        <div className="mu-link-buttons">
          {linkButtons.map((link) => (
            <button
              key={`${link.answer}-${link.label}`}
              type="button"
              className="mu-link-button"
              data-answer={link.answer}
              aria-pressed={selected === link.answer}
              onClick={() => select(link.answer)}
            >
              {content.text(link.label)}
            </button>
          ))}
        </div>
      )}
      {copy.alertPosition === 'bottom' && alert}
      {canGoBack && (
        <div className="mu-actions">
          <button type="button" className="mu-button mu-button--secondary" data-action="previous" onClick={previous}>
            {content.text(UI_KEYS.previous)}
          </button>
        </div>
      )}
    </section>
  );
}

export function QuestionScreen(props: QuestionScreenProps) {
  return <QuestionBody key={stepKey(props.view)} {...props} />;
}

export default QuestionScreen;
