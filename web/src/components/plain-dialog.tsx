import { type ReactNode, useId } from 'react';
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
