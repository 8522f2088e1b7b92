import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { OnDemandBoundary } from './antd-on-demand.js';
import { LoadingOverlay } from './page-spinner.js';

/**
 * A small dialog drawn without antd (plain-controls.css), for what must be said over a page drawn without antd when
 * antd's own dialog could not be loaded (no connection): a title, the words, and its buttons (one with autoFocus).
 * Modal: the page under it is covered and cannot be reached.
 */
export function PlainAlertDialog({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  const id = useId();
  return (
    <div className="pf-dialog-mask">
      <div
        className="pf-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
      >
        <h2 className="pf-dialog-title" id={`${id}-title`}>
          {title}
        </h2>
        <p className="pf-dialog-text" id={`${id}-text`}>
          {children}
        </p>
        <div className="pf-dialog-actions">{actions}</div>
      </div>
    </div>
  );
}

/**
 * A part drawn with antd (a dialog, the PDF viewer) whose code could not be loaded (no connection): said over the
 * page, with Try again (focused) and a way out (Close, or what the caller names it).
 */
export function PartUnavailableDialog({
  title,
  children,
  onClose,
  onRetry,
  closeLabel = 'Close',
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  onRetry: () => void;
  closeLabel?: string;
}) {
  return (
    <PlainAlertDialog
      title={title}
      actions={
        <>
          <button type="button" className="pf-btn pf-btn-default" onClick={onClose}>
            {closeLabel}
          </button>
          <button type="button" className="pf-btn pf-btn-primary" onClick={onRetry} autoFocus>
            Try again
          </button>
        </>
      }
    >
      {children}
    </PlainAlertDialog>
  );
}

/**
 * A dialog whose code is loaded when it opens (a PDF viewer): meanwhile the overlay 'Opening <what>…'; when the code
 * cannot be loaded, PartUnavailableDialog with Try again, and Close gives up (`onGiveUp`).
 */
export function OnDemandDialog({
  open,
  what,
  onGiveUp,
  children,
}: {
  open: boolean;
  /** what opens, as in 'the report card' */
  what: string;
  onGiveUp: () => void;
  children: ReactNode;
}) {
  const title = `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be opened`;
  return (
    <OnDemandBoundary
      fallback={open && <LoadingOverlay spinning label={`Opening ${what}…`} />}
      failed={(retry) =>
        open && (
          <PartUnavailableDialog title={title} onRetry={retry} onClose={onGiveUp}>
            The portal cannot be reached. Check your connection and choose Try again.
          </PartUnavailableDialog>
        )
      }
    >
      {children}
    </OnDemandBoundary>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), ' +
  '[tabindex]:not([tabindex="-1"])';

/** How many PlainDialogs are open: the page stays out of reach until the last one closes. */
let openDialogs = 0;

/**
 * A modal dialog drawn without antd (antd's Modal): its title, what it holds, and, with `onClose`, Escape closes it.
 * Drawn over the page, which is out of reach meanwhile (inert: no focus, no click, not read); Tab stays in the dialog,
 * and the focus goes back where it was when the dialog closes. The focus goes to what asks for it (autoFocus), else
 * to the dialog's first control.
 */
export function PlainDialog({
  title,
  children,
  width,
  onClose,
}: {
  title: string;
  children: ReactNode;
  width?: number;
  onClose?: () => void;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.contains(document.activeElement))
      (dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
    const root = document.getElementById('root');
    openDialogs += 1;
    root?.setAttribute('inert', '');
    return () => {
      openDialogs -= 1;
      if (openDialogs === 0) root?.removeAttribute('inert');
      if (before?.isConnected) before.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && onClose) {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const controls = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (controls.length === 0) return;
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="pf-dialog-mask">
      <div
        ref={ref}
        className="pf-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        style={width ? { width } : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 className="pf-dialog-title" id={`${id}-title`}>
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
