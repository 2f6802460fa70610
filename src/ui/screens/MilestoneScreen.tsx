/**
 * A milestone screen (doc 1 §2 "A milestone screen behaves as follows", UI-11..UI-18,
 * CONT-12..CONT-14): heading, subheading, an optional bulleted list with icons, up to two
 * modal links, the first button (advance), an optional secondary button, an optional logon
 * link and an optional Information Disclosure notice. Copy is content under
 * `milestones.<key>.`; remote fragments, when the shell gives a loader, replace it.
 *
 * Remote content: up to 3 attempts ('Processing ...' meanwhile). After the third failure the
 * error is logged; on the trap-door, entry and landing paths (`showOnContentFailure`) the
 * screen shows with local copy, elsewhere the shell is told `AEM_CONTENT_LOAD_ERROR|<key>`.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { JsonValue } from '../../rules/index';
import type { ContentApi, MilestoneScreenProps } from '../contract';
import { Dialog } from '../components/LazyDialog';
import { UI_KEYS } from './copy';
import { stepKey } from './stepKey';
import { useHeadingFocus } from './useHeadingFocus';
import { keepPhonesWhole } from '../keep-phones';

/** CONT-12: content is loaded with up to this many attempts. */
export const FRAGMENT_ATTEMPTS = 3;
/** Wait before attempt n+1: n × this. */
export const FRAGMENT_RETRY_MS = 500;
/** One attempt that has not answered by then counts as failed. */
export const FRAGMENT_TIMEOUT_MS = 10_000;
export const MEMBERSHIP_ELIGIBILITY_EVENT = 'membership_eligibility_rules';

/** The parts of a milestone that content (or a remote fragment) supplies. */
export interface MilestoneCopy {
  heading: string;
  subheading?: string;
  list: string[];
  button1?: string;
  button2?: string;
  logon?: string;
  /** Sanitised HTML (from content.html) or plain text from a fragment. */
  disclosure?: { html: string } | { text: string };
}

/** The milestone's copy from local content: `milestones.<key>.heading`, `.subheading`, `.list`, `.button1`, `.button2`, `.logon`, `.disclosure`. */
export function localMilestoneCopy(content: ContentApi, key: string): MilestoneCopy {
  const k = (part: string): string => `milestones.${key}.${part}`;
  const opt = (part: string): string | undefined => (content.has(k(part)) ? content.text(k(part)) : undefined);
  return {
    heading: content.text(k('heading')),
    subheading: opt('subheading'),
    list: content.has(k('list')) ? content.list(k('list')) : [],
    button1: opt('button1'),
    button2: opt('button2'),
    logon: opt('logon'),
    disclosure: content.has(k('disclosure')) ? { html: content.html(k('disclosure')) } : undefined,
  };
}

/**
 * A remote fragment laid over the local copy: an object whose string fields `heading`,
 * `subheading`, `button1`, `button2`, `logon`, `disclosure` and string-array field `list`
 * replace the local ones. Fragment text is shown as text (never as HTML); anything that is
 * not a string (or list of strings) is discarded.
 */
export function applyFragment(local: MilestoneCopy, fragment: JsonValue): MilestoneCopy {
  if (fragment === null || typeof fragment !== 'object' || Array.isArray(fragment)) return local;
  const out: MilestoneCopy = { ...local };
  const str = (name: string): string | undefined => {
    const v = fragment[name];
    return typeof v === 'string' && v.trim() !== '' ? v : undefined;
  };
  for (const name of ['heading', 'subheading', 'button1', 'button2', 'logon'] as const) {
    const v = str(name);
    if (v !== undefined) out[name] = v;
  }
  const disclosure = str('disclosure');
  if (disclosure !== undefined) out.disclosure = { text: disclosure };
  const list = fragment.list;
  if (Array.isArray(list)) out.list = list.filter((x): x is string => typeof x === 'string');
  return out;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

type Phase = 'loading' | 'ready' | 'failed';

function CheckIcon() {
  return (
    <svg className="mu-milestone__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" className="mu-milestone__icon-disc" />
      <path d="M7 12.5l3.2 3.2L17 9" className="mu-milestone__icon-mark" />
    </svg>
  );
}

function MilestoneBody(props: MilestoneScreenProps) {
  const { view, content, telemetry, contentKey, milestone, modals = [], loadFragment, showOnContentFailure, canGoBack, onPrevious } = props;
  const [phase, setPhase] = useState<Phase>(loadFragment ? 'loading' : 'ready');
  const [fragment, setFragment] = useState<JsonValue | undefined>(undefined);
  const [openModal, setOpenModal] = useState<number | undefined>(undefined);
  const [advancing, setAdvancing] = useState(false);
  const tracked = useRef(false);
  const headingId = useId();
  const heading = useHeadingFocus<HTMLHeadingElement>(phase === 'ready');

  // Latest callbacks without restarting the load when the shell re-renders.
  const latest = useRef({ telemetry, onContentFailure: props.onContentFailure, showOnContentFailure });
  useEffect(() => {
    latest.current = { telemetry, onContentFailure: props.onContentFailure, showOnContentFailure };
  });

  useEffect(() => {
    if (!loadFragment) return;
    let alive = true;
    let wait: ReturnType<typeof setTimeout> | undefined;
    const attempt = (n: number): void => {
      withTimeout(loadFragment(contentKey), FRAGMENT_TIMEOUT_MS).then(
        (value) => {
          if (!alive) return;
          setFragment(value);
          setPhase('ready');
        },
        (error: unknown) => {
          if (!alive) return;
          if (n < FRAGMENT_ATTEMPTS) {
            wait = setTimeout(() => attempt(n + 1), FRAGMENT_RETRY_MS * n);
            return;
          }
          const { telemetry: t, onContentFailure, showOnContentFailure: show } = latest.current;
          t.log('error', 'milestone content failed to load', {
            code: 'AEM_CONTENT_LOAD_ERROR',
            content: contentKey,
            milestone,
            attempts: n,
            reason: error instanceof Error ? error.message : 'unknown',
          });
          if (show) setPhase('ready');
          else {
            setPhase('failed');
            onContentFailure(`AEM_CONTENT_LOAD_ERROR|${contentKey}`);
          }
        },
      );
    };
    attempt(1);
    return () => {
      alive = false;
      if (wait !== undefined) clearTimeout(wait);
    };
  }, [loadFragment, contentKey, milestone]);

  const openDialog = useCallback(
    (index: number) => {
      if (!tracked.current) {
        tracked.current = true;
        telemetry.track(MEMBERSHIP_ELIGIBILITY_EVENT);
      }
      setOpenModal(index);
    },
    [telemetry],
  );

  const primary = useCallback(() => {
    if (advancing) return;
    setAdvancing(true);
    props.onPrimary();
  }, [advancing, props]);

  const secondary = useCallback(() => {
    if (advancing || !props.onSecondary) return;
    setAdvancing(true);
    props.onSecondary();
  }, [advancing, props]);

  const root = { 'data-screen': view.step, 'data-variant': view.variant, 'data-milestone': milestone, 'data-layout': props.layout };

  if (phase !== 'ready') {
    return (
      <section className="mu-screen mu-milestone" {...root} data-state={phase} aria-busy={phase === 'loading'}>
        <p className="mu-processing" role="status">
          <span className="mu-spinner" aria-hidden="true" />
          {content.text(UI_KEYS.processing)}
        </p>
      </section>
    );
  }

  const local = localMilestoneCopy(content, contentKey);
  const copy = fragment !== undefined ? applyFragment(local, fragment) : local;
  const shownModals = modals.slice(0, 2).map((m) => {
    const title = m.title !== undefined && content.has(m.title) ? content.text(m.title) : content.has(`${m.key}.heading`) ? content.text(`${m.key}.heading`) : content.text(UI_KEYS.modalTitle);
    const link = content.has(`${m.key}.link`) ? content.text(`${m.key}.link`) : title;
    const bodyKey = content.has(`${m.key}.body`) ? `${m.key}.body` : m.key;
    return { key: m.key, title, link, bodyKey };
  });
  const active = openModal !== undefined ? shownModals[openModal] : undefined;

  return (
    <section className="mu-screen mu-milestone" {...root} data-state="ready" aria-labelledby={headingId}>
      <h1 id={headingId} ref={heading} tabIndex={-1} className="mu-heading">
        {keepPhonesWhole(copy.heading)}
      </h1>
      {copy.subheading !== undefined && <p className="mu-subhead">{keepPhonesWhole(copy.subheading)}</p>}
      {copy.list.length > 0 && (
        <ul className="mu-milestone__list">
          {copy.list.map((item, i) => (
            <li key={i} className="mu-milestone__item">
              <CheckIcon />
              <span>{keepPhonesWhole(item)}</span>
            </li>
          ))}
        </ul>
      )}
      {shownModals.length > 0 && (
        <div className="mu-milestone__modal-links">
          {shownModals.map((m, i) => (
            <button
              key={m.key}
              type="button"
              className="mu-link-button"
              data-modal={m.key}
              aria-haspopup="dialog"
              onClick={(event) => {
                event.currentTarget.focus(); // Safari does not focus a clicked button; the dialog returns focus here
                openDialog(i);
              }}
            >
              {m.link}
            </button>
          ))}
        </div>
      )}
      <div className="mu-actions mu-actions--milestone">
        {copy.button1 !== undefined && (
          <button type="button" className="mu-button mu-button--primary" data-action="primary" onClick={primary}>
            {copy.button1}
          </button>
        )}
        {copy.button2 !== undefined && props.onSecondary && (
          <button type="button" className="mu-button mu-button--secondary" data-action="secondary" onClick={secondary}>
            {copy.button2}
          </button>
        )}
        {canGoBack && (
          <button type="button" className="mu-button mu-button--secondary" data-action="previous" onClick={onPrevious}>
            {content.text(UI_KEYS.previous)}
          </button>
        )}
      </div>
      {copy.logon !== undefined && props.onLogon && (
        <p className="mu-milestone__logon">
          <button type="button" className="mu-link-button" data-action="logon" onClick={props.onLogon}>
            {copy.logon}
          </button>
        </p>
      )}
      {copy.disclosure !== undefined && (
        <section className="mu-disclosure" aria-labelledby={`${headingId}-disclosure`} data-part="disclosure">
          <h2 id={`${headingId}-disclosure`} className="mu-disclosure__heading">
            {content.text(UI_KEYS.disclosureHeading)}
          </h2>
          {'html' in copy.disclosure ? (
            <div className="mu-disclosure__body" dangerouslySetInnerHTML={{ __html: copy.disclosure.html }} />
          ) : (
            <p className="mu-disclosure__body">{keepPhonesWhole(copy.disclosure.text)}</p>
          )}
        </section>
      )}
      <Dialog
        open={active !== undefined}
        title={active?.title ?? ''}
        onClose={() => setOpenModal(undefined)}
        closeLabel={content.text(UI_KEYS.close)}
        dataDialog={active?.key}
        actions={[{ label: content.text(UI_KEYS.close), onClick: () => setOpenModal(undefined), variant: 'primary' }]}
      >
        {active !== undefined && <div className="mu-dialog__content" dangerouslySetInnerHTML={{ __html: content.html(active.bodyKey) }} />}
      </Dialog>
    </section>
  );
}

export function MilestoneScreen(props: MilestoneScreenProps) {
  return <MilestoneBody key={`${stepKey(props.view)}:${props.contentKey}`} {...props} />;
}

export default MilestoneScreen;
