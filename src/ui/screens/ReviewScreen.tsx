/**
 * A check-your-answers page (review-info-panel; the GOV.UK "check your answers" pattern): every
 * answer the applicant gave, grouped by section, each section with a Change link that opens the
 * step that asked it and comes back here. Sensitive values are masked (SSN as ***-**-1234).
 * Loaded on demand with its own styles; never on a first screen.
 */
import { useId } from 'react';
import type { ReviewScreenProps } from '../contract';
import { UI_KEYS } from './copy';
import { displayValue } from './review/display';
import { useHeadingFocus } from './useHeadingFocus';
import { adoptStyles } from '../styles/adopt';
import reviewCss from '../styles/review.css?inline';

adoptStyles(reviewCss);

export default function ReviewScreen(props: ReviewScreenProps) {
  const { panel, view, content, sections, canGoBack, onPrevious, onChange, onContinue, optionLabel } = props;
  const heading = useHeadingFocus<HTMLHeadingElement>();
  const headingId = useId();
  const variantCopy = panel.variants?.[view.variant];
  const title = variantCopy?.title ?? panel.title;
  const subhead = variantCopy?.subhead ?? panel.subhead;
  return (
    <section className="mu-screen mu-review-screen" data-screen={view.step} data-variant={view.variant} aria-labelledby={headingId}>
      <h1 id={headingId} ref={heading} tabIndex={-1} className="mu-heading">
        {content.text(title)}
      </h1>
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
      <div className="mu-actions">
        <button type="button" className="mu-button mu-button--primary" data-action="continue" onClick={onContinue}>
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
