/**
 * The progress bar (UI-22..UI-27): 'Step x of n', a percent fill, and the section headers
 * with the current one marked. Horizontal below 1024 px, vertical from 1024 px (template.css).
 */
import type { CSSProperties } from 'react';
import type { ContentApi } from '../contract';

export interface ProgressBarProps {
  step: number;
  total: number;
  percent: number;
  sections: string[];
  current?: number;
  content: ContentApi;
}

export function ProgressBar({ step, total, percent, sections, current, content }: ProgressBarProps) {
  const label = content.text('app.progress.label');
  const text = content.text('app.progress.step', { x: String(step), n: String(total) });
  return (
    <aside className="mu-progress" aria-label={label} data-progress={`${step}/${total}`}>
      {sections.length > 0 && (
        <ol className="mu-progress__sections">
          {sections.map((key, i) => (
            <li key={key} className={i === current ? 'mu-progress__section mu-progress__section--current' : 'mu-progress__section'} aria-current={i === current ? 'step' : undefined}>
              {content.text(key)}
            </li>
          ))}
        </ol>
      )}
      <p className="mu-progress__text">{text}</p>
      <div className="mu-progress__track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text}>
        {/* A custom property set through the CSSOM (allowed by the strict CSP): width when horizontal, height when vertical. */}
        <div className="mu-progress__fill" style={{ '--mu-progress-fill': `${percent}%` } as CSSProperties} />
      </div>
    </aside>
  );
}
