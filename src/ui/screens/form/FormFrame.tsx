/**
 * What a form panel shows around its fields (UI-05, UI-06, UI-21): the heading, a held error
 * (the prefill failure), the subhead, the panel's alert and highlight, the info subhead, and
 * Previous. One component for both of the form's renderers: its first paint (FirstForm.tsx,
 * no rjsf) and the full form (FormScreen.tsx, rjsf), so the one hands over to the other without
 * a visible change.
 */
import { useId, type ReactNode, type Ref } from 'react';
import type { FormPanel } from '../../../engine/formats.generated';
import type { StepView } from '../../../engine/flow';
import type { ContentApi } from '../../contract';
import { formCopyKeys, UI_KEYS } from '../copy';
import { keepPhonesWhole } from '../../keep-phones';

export interface FormFrameProps {
  panel: FormPanel;
  view: StepView;
  content: ContentApi;
  heldErrorKey?: string | undefined;
  /** Why the panel is asked again (issue 20: its answers were not kept across a reload): a notice under the heading. */
  noticeKey?: string | undefined;
  /** `data-state`: preview (the first paint), loading, ready or error. */
  state: string;
  heading: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

export function FormFrame({ panel, view, content, heldErrorKey, noticeKey, state, heading, children }: FormFrameProps) {
  const copy = formCopyKeys(panel, view.variant, content);
  const headingId = useId();
  const alert = copy.alert !== undefined && content.has(copy.alert) && (
    <div className="mu-alert" data-part="alert">
      <span className="mu-alert__icon" aria-hidden="true" />
      <div className="mu-alert__body" dangerouslySetInnerHTML={{ __html: content.html(copy.alert) }} />
    </div>
  );
  return (
    <section className="mu-screen mu-form-screen" data-screen={view.step} data-variant={view.variant} data-state={state} aria-labelledby={headingId}>
      <h1 id={headingId} ref={heading} tabIndex={-1} className="mu-heading">
        {content.text(copy.title)}
      </h1>
      {heldErrorKey !== undefined && (
        <div className="mu-banner mu-banner--error" role="alert" data-part="held-error">
          {keepPhonesWhole(content.text(heldErrorKey))}
        </div>
      )}
      {noticeKey !== undefined && (
        <div className="mu-banner mu-banner--notice" role="status" data-part="asked-again">
          {keepPhonesWhole(content.text(noticeKey))}
        </div>
      )}
      {copy.subhead !== undefined && content.has(copy.subhead) && <p className="mu-subhead">{keepPhonesWhole(content.text(copy.subhead))}</p>}
      {copy.alertPosition === 'top' && alert}
      {copy.highlight !== undefined && content.has(copy.highlight) && (
        <div className="mu-highlight" data-part="highlight" dangerouslySetInnerHTML={{ __html: content.html(copy.highlight) }} />
      )}
      {copy.infoSubhead !== undefined && content.has(copy.infoSubhead) && <p className="mu-info-subhead">{keepPhonesWhole(content.text(copy.infoSubhead))}</p>}
      {children}
      {copy.alertPosition === 'bottom' && alert}
    </section>
  );
}

/** Previous (FLOW-21), when the history allows it. */
export function PreviousButton({ content, onPrevious }: { content: ContentApi; onPrevious: () => void }) {
  return (
    <button type="button" className="mu-button mu-button--secondary" data-action="previous" onClick={onPrevious}>
      {content.text(UI_KEYS.previous)}
    </button>
  );
}
