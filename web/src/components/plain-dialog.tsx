import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { OnDemandBoundary } from './antd-on-demand.js';
import { LoadingOverlay } from './page-spinner.js';
import { PlainIcon } from './plain-icon.js';
import './plain-dialog.css';

/**
 * A small alert dialog (PlainModal, role alertdialog), for what must be said over a page when a part's code could not
 * be loaded (no connection): a title, the words, and its buttons (the one to focus marked `data-autofocus`). It stays
 * until one of its buttons takes it away; Escape does not.
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
  return (
    <PlainModal
      open
      title={title}
      role="alertdialog"
      width={416}
      closable={false}
      onClose={() => undefined}
      footer={actions}
    >
      {children}
    </PlainModal>
  );
}

/**
 * The family pages' dialog (as antd's Modal looks, drawn without it): a native modal <dialog>, so the page under it
 * is inert and the focus stays in it; Escape and the ✕ close it (unless `closable` is false, while a call is under
 * way), and the focus then goes back to what had it when it opened (or `afterClose` places it). Its content is drawn
 * only while it is open, so it opens afresh each time. `fullScreen` fills the window (the PDF viewer).
 */
export function PlainModal({
  open,
  title,
  onClose,
  afterClose,
  footer,
  width = 520,
  fullScreen = false,
  closable = true,
  role,
  children,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** once it has closed: where the focus goes, instead of back to what had it */
  afterClose?: () => void;
  footer?: ReactNode;
  width?: number;
  fullScreen?: boolean;
  closable?: boolean;
  /** alertdialog: its words describe it (aria-describedby) */
  role?: 'alertdialog';
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  // The latest, for the effect that runs only when `open` changes.
  const after = useRef(afterClose);
  useEffect(() => {
    after.current = afterClose;
  });
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement;
      d.showModal();
      // The box marked for it (an invitation's address), else the browser's choice: the first control.
      d.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && d.open) {
      d.close();
      if (after.current) after.current();
      else if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [open]);
  const classes = ['pf-modal', fullScreen ? 'pf-modal-full' : ''].filter(Boolean).join(' ');
  return (
    <dialog
      ref={dialog}
      className={classes}
      style={fullScreen ? undefined : { width: `min(${width}px, calc(100vw - 16px))` }}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={role === 'alertdialog' ? `${titleId}-text` : undefined}
      aria-modal="true"
      // Escape: the state decides (a call under way keeps it open).
      onCancel={(event) => {
        event.preventDefault();
        if (closable) onClose();
      }}
    >
      {open && (
        <>
          <div className="pf-modal-head">
            <h2 className="pf-modal-title" id={titleId}>
              {title}
            </h2>
            {closable && (
              <button type="button" className="pf-modal-close" aria-label="Close" onClick={onClose}>
                <PlainIcon icon={CloseOutlined} />
              </button>
            )}
          </div>
          <div className="pf-modal-body" id={`${titleId}-text`}>
            {children}
          </div>
          {footer && <div className="pf-modal-footer">{footer}</div>}
        </>
      )}
    </dialog>
  );
}

/**
 * A part loaded when it opens (a dialog, the PDF viewer) whose code could not be loaded (no connection): said over the
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
          <button type="button" className="pf-btn pf-btn-primary" onClick={onRetry} data-autofocus>
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
