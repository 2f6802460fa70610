/**
 * An accessible modal dialog (WAI-ARIA dialog pattern): role=dialog with aria-modal, a title
 * that names it, Escape and the backdrop close it, Tab stays inside, the rest of the page is
 * inert while it is open, and focus returns to the element that opened it.
 *
 * Built on a plain element rather than <dialog>.showModal() so it behaves the same in every
 * browser and in the component tests (jsdom has no showModal). No inline styles (strict CSP):
 * the look is in src/ui/styles/dialog.css. Every string comes from the caller.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { adoptStyles } from '../styles/adopt';
import dialogCss from '../styles/dialog.css?inline';

adoptStyles(dialogCss);

export interface DialogAction {
  label: string;
  onClick: () => void;
  /** primary (filled) or secondary (outlined); default secondary. */
  variant?: 'primary' | 'secondary';
}

export interface DialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** Up to two buttons, in reading order. */
  actions?: DialogAction[];
  /** Escape, the backdrop and the close button call this. */
  onClose: () => void;
  /** The accessible name of an optional close (×) button; no button without it. */
  closeLabel?: string;
  /** Extra class on the dialog box, e.g. a variant. */
  className?: string;
  /** A test and analytics hook on the dialog box. */
  dataDialog?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let openDialogs = 0;

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true');
}

export function Dialog({ open, title, children, actions = [], onClose, closeLabel, className, dataDialog }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const box = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  // On open: remember the opener, make the page behind inert, focus the dialog. On close: undo, return focus.
  useEffect(() => {
    if (!open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const made: Element[] = [];
    const container = layer.current;
    for (const el of Array.from(document.body.children)) {
      if (el === container || el.contains(container) || el.hasAttribute('inert')) continue;
      el.setAttribute('inert', '');
      made.push(el);
    }
    openDialogs += 1;
    document.body.classList.add('mu-dialog-open');
    // The dialog itself takes focus, so its title and text are read first and no button
    // (Leave, say) is one keypress away; Tab then reaches its controls.
    box.current?.focus();
    return () => {
      for (const el of made) el.removeAttribute('inert');
      openDialogs -= 1;
      if (openDialogs === 0) document.body.classList.remove('mu-dialog-open');
      const back = opener.current;
      opener.current = null;
      if (back && back.isConnected) back.focus();
    };
  }, [open]);

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !box.current) return;
    const items = focusables(box.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === box.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }, []);

  const onBackdrop = useCallback((event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onCloseRef.current();
  }, []);

  if (!open) return null;
  return createPortal(
    <div className="mu-dialog-layer" ref={layer} onMouseDown={onBackdrop}>
      <div
        ref={box}
        className={className ? `mu-dialog ${className}` : 'mu-dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children !== undefined ? bodyId : undefined}
        tabIndex={-1}
        data-dialog={dataDialog}
        onKeyDown={onKeyDown}
      >
        <div className="mu-dialog__header">
          <h2 id={titleId} className="mu-dialog__title">
            {title}
          </h2>
          {closeLabel !== undefined && (
            <button type="button" className="mu-dialog__close" aria-label={closeLabel} onClick={() => onCloseRef.current()}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {children !== undefined && (
          <div id={bodyId} className="mu-dialog__body">
            {children}
          </div>
        )}
        {actions.length > 0 && (
          <div className="mu-dialog__actions">
            {actions.slice(0, 2).map((action) => (
              <button
                key={action.label}
                type="button"
                className={action.variant === 'primary' ? 'mu-button mu-button--primary' : 'mu-button mu-button--secondary'}
                onClick={action.onClick}
              >
                {action.label}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}

export default Dialog;
