import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { PlainIcon } from './plain-icon.js';
import './side-menu.css';

/*
 * The side menu of the student layout and of the admin frame, drawn without antd (the server draws both): a list of
 * links with their icons, in its own column on a wide screen and in a drawer behind the top bar's menu button on a
 * narrow one.
 */

export interface MenuEntry {
  path: string;
  label: string;
  icon: ReactNode;
}

/** The menu's links; `current` is marked as the page she is on (aria-current). */
export function SideMenu({
  label,
  head,
  entries,
  current,
  onNavigate,
}: {
  label: string;
  /** drawn above the links, inside the menu (the admin frame's 'Student Portal / Administrator') */
  head?: ReactNode;
  entries: MenuEntry[];
  current?: string;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label={label} className="side-menu">
      {head}
      <ul>
        {entries.map((entry) => (
          <li key={entry.path}>
            <Link
              to={entry.path}
              onClick={onNavigate}
              className="side-menu-link"
              aria-current={entry.path === current ? 'page' : undefined}
            >
              {entry.icon}
              <span>{entry.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The side menu on a narrow screen: a drawer from the left, a modal <dialog> (the page behind is inert, the focus
 * stays in it, Escape closes it and the focus goes back to the menu button). A press on the shade beside it closes it
 * too, and so does choosing a page.
 */
export function MenuDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="side-drawer"
      aria-labelledby={titleId}
      // Escape, or close() above: either way the state follows.
      onClose={onClose}
      // The panel fills the dialog: a press on the dialog itself is on its backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="side-drawer-panel">
        <div className="side-drawer-header">
          <button type="button" className="side-drawer-close" aria-label="Close" onClick={onClose}>
            <PlainIcon icon={CloseOutlined} />
          </button>
          <h2 id={titleId} className="side-drawer-title">
            Menu
          </h2>
        </div>
        {children}
      </div>
    </dialog>
  );
}
