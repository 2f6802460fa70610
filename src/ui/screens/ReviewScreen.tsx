/**
 * A check-your-answers page (review-info-panel; the GOV.UK "check your answers" pattern): every
 * answer the applicant gave, grouped by section, each section with a Change link that opens the
 * step that asked it and comes back here. Sensitive values are masked (SSN as ***-**-1234).
 * Where the page asks the applicant's consent (issue 20, PAY-06), a checkbox below the answers:
 * never ticked for the applicant; Continue while it is unticked shows the error summary (focused,
 * its link moves to the box) and the message beside the box, and the page title says 'Error: '.
 * Loaded on demand with its own styles; never on a first screen.
 */
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import type { ReviewScreenProps } from '../contract';
import { UI_KEYS } from './copy';
import { displayValue } from './review/display';
import { useHeadingFocus } from './useHeadingFocus';
import { errorSummaryText } from './form/errorSummary';
import { markErrorTitle } from './form/error-title';
import { adoptStyles } from '../styles/adopt';
import reviewCss from '../styles/review.css?inline';

adoptStyles(reviewCss);

export default function ReviewScreen(props: ReviewScreenProps) {
  const { panel, view, content, sections, canGoBack, onPrevious, onChange, onContinue, optionLabel, consent } = props;
  const heading = useHeadingFocus<HTMLHeadingElement>();
  const headingId = useId();
  const consentId = useId();
  const boxId = `${consentId}-box`;
  const errorId = `${consentId}-error`;
  const summaryId = `${consentId}-summary`;
  const [ticked, setTicked] = useState(consent?.given === true);
  // Continue pressed while the box is unticked: the count makes each refusal focus the summary again.
  const [refused, setRefused] = useState(0);
  const showError = consent !== undefined && refused > 0 && !ticked;
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refused > 0) summary.current?.focus();
  }, [refused]);
  useEffect(() => (showError ? markErrorTitle(content) : undefined), [content, showError]);
  const onContinueClick = (): void => {
    if (consent && !ticked) {
      setRefused((n) => n + 1);
      return;
    }
    onContinue(consent ? true : undefined);
  };
  const toBox = (event: MouseEvent<HTMLAnchorElement>): void => {
    event.preventDefault();
    document.getElementById(boxId)?.focus();
  };
  const variantCopy = panel.variants?.[view.variant];
  const title = variantCopy?.title ?? panel.title;
  const subhead = variantCopy?.subhead ?? panel.subhead;
  return (
    <section className="mu-screen mu-review-screen" data-screen={view.step} data-variant={view.variant} aria-labelledby={headingId}>
      <h1 id={headingId} ref={heading} tabIndex={-1} className="mu-heading">
        {content.text(title)}
      </h1>
      {showError && (
        <div className="mu-review-error-summary" role="alert" aria-labelledby={summaryId} tabIndex={-1} ref={summary} data-part="error-summary">
          <h2 id={summaryId} className="mu-review-error-summary__title">
            {errorSummaryText(1, content)}
          </h2>
          <ul className="mu-review-error-summary__list">
            <li>
              <a href={`#${boxId}`} onClick={toBox} data-field="consent">
                {content.text(consent.message)}
              </a>
            </li>
          </ul>
        </div>
      )}
      {subhead !== undefined && content.has(subhead) && <p className="mu-subhead">{content.text(subhead)}</p>}
      {sections.map((s) => {
        const sectionTitle = content.text(s.section.title);
        return (
          <section key={`${s.section.module}/${s.section.step}`} className="mu-review-section" data-review-section={s.section.step}>
            <div className="mu-review-section__head">
              <h2 className="mu-review-section__title">{sectionTitle}</h2>
              <button
                type="button"
                className="mu-review-change"
                data-action="change"
                data-change={s.section.step}
                onClick={() => onChange({ module: s.section.module, step: s.section.step })}
              >
                {content.text(UI_KEYS.reviewChange)}
                <span className="mu-visually-hidden"> {sectionTitle}</span>
              </button>
            </div>
            <dl className="mu-review-list">
              {s.entries.map((entry) => {
                const labelKey = s.panel.labels?.[entry.field];
                return (
                  <div key={entry.field} className="mu-review-row" data-field={entry.field}>
                    <dt className="mu-review-row__key">{labelKey !== undefined ? content.text(labelKey) : entry.field}</dt>
                    <dd className="mu-review-row__value">
                      {entry.parts
                        ? entry.parts.map((part, i) => (
                            <span key={part.field} className="mu-review-row__line">
                              {i > 0 && <br />}
                              {displayValue(s, part, content, optionLabel)}
                            </span>
                          ))
                        : displayValue(s, entry, content, optionLabel)}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </section>
        );
      })}
      {consent && (
        <section className={`mu-review-consent${showError ? ' mu-review-consent--error' : ''}`} data-part="consent" aria-labelledby={consent.heading !== undefined ? `${consentId}-heading` : undefined}>
          {consent.heading !== undefined && (
            <h2 id={`${consentId}-heading`} className="mu-review-section__title">
              {content.text(consent.heading)}
            </h2>
          )}
          {showError && (
            <p id={errorId} className="mu-review-consent__error">
              {content.text(consent.message)}
            </p>
          )}
          <div className="mu-review-consent__box">
            <input
              id={boxId}
              type="checkbox"
              name="consent"
              checked={ticked}
              aria-invalid={showError || undefined}
              aria-describedby={showError ? errorId : undefined}
              onChange={(event) => setTicked(event.target.checked)}
            />
            <label htmlFor={boxId}>{content.text(consent.label)}</label>
          </div>
        </section>
      )}
      <div className="mu-actions">
        <button type="button" className="mu-button mu-button--primary" data-action="continue" onClick={onContinueClick}>
          {content.text(UI_KEYS.continue)}
        </button>
        {canGoBack && (
          <button type="button" className="mu-button mu-button--secondary" data-action="previous" onClick={onPrevious}>
            {content.text(UI_KEYS.previous)}
          </button>
        )}
      </div>
    </section>
  );
}
