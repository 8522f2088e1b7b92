import { type KeyboardEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import './top-bar.css';

/** One entry of a menu button's menu: a page (a link) or an action. */
export interface PopupMenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  /** a page: the entry is a link to it */
  to?: string;
  /** the entry is the one showing now (said in its label too: aria-current is not read everywhere) */
  current?: boolean;
}

/** The menu's entries, in order. */
function entriesOf(menu: HTMLUListElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
}

/**
 * A button that opens a menu of links and actions, without antd (the ARIA menu button pattern): the button says it
 * has a menu and whether it is open; the menu opens on its first entry (on its last with ArrowUp); the arrow keys,
 * Home and End move in it, Enter chooses; Escape, a click outside and Tab close it, and after Escape or a choice the
 * focus goes back to the button.
 */
export function MenuButton({
  items,
  onSelect,
  align,
  heading,
  buttonClassName,
  menuClassName,
  label,
  title,
  children,
}: {
  items: PopupMenuItem[];
  /** an entry was chosen (after the menu has closed; a link's page opens by itself) */
  onSelect?: (key: string) => void;
  /** which edge of the button the menu lines up with */
  align: 'start' | 'end';
  /** a line above the entries (her name), which also names the menu */
  heading?: string;
  buttonClassName: string;
  menuClassName?: string;
  /** the button's accessible name when its content does not say it */
  label?: string;
  /** the button's tooltip */
  title?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  /** Which entry takes the focus when the menu appears. */
  const [focusFirst, setFocusFirst] = useState(true);
  const wrapper = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const id = useId();
  const menuId = `${id}menu`;
  const headingId = `${id}heading`;
  const buttonId = `${id}button`;

  // Kept on screen: a long name in a menu under a button near an edge of a 360 px phone would run off it.
  useLayoutEffect(() => {
    const el = popup.current;
    if (!open || !el) return;
    const margin = 8;
    const { left, right } = el.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const shift = right > width - margin ? width - margin - right : left < margin ? margin - left : 0;
    el.style.translate = shift ? `${Math.round(shift)}px 0` : '';
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const all = entriesOf(menu.current);
    (focusFirst ? all[0] : all[all.length - 1])?.focus();
    // A press anywhere outside closes it (the focus stays where the press puts it).
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open, focusFirst]);

  const show = (first: boolean) => {
    setFocusFirst(first);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    show(event.key === 'ArrowDown');
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = entriesOf(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at < 0 ? -1 : at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(-1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') setOpen(false);
    else if (event.key === ' ' && all[at]?.tagName === 'A') {
      // Space chooses a link too, as Enter does (it would scroll the page); a button does it by itself.
      event.preventDefault();
      all[at].click();
    }
  };

  const choose = (key: string) => {
    close(true);
    onSelect?.(key);
  };

  return (
    <span
      ref={wrapper}
      className="menu-button"
      // Focus gone elsewhere closes it (not gone to nothing: the window left, say).
      onBlur={(event) => {
        if (open && event.relatedTarget && !wrapper.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        id={buttonId}
        type="button"
        className={buttonClassName}
        aria-label={label}
        title={open ? undefined : title}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : show(true))}
        onKeyDown={onButtonKeyDown}
      >
        {children}
      </button>
      {open && (
        // Focusable by a press (not by Tab), with the keys for the whole popup: a press on the heading or between
        // the entries leaves the focus here rather than on the page's body, so Escape still closes the menu and
        // returns to the button, and the arrow keys go back into it.
        <div
          ref={popup}
          className={`popup-menu popup-menu-${align} ${menuClassName ?? ''}`.trim()}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
        >
          {heading && (
            <div id={headingId} className="popup-menu-heading">
              {heading}
            </div>
          )}
          <ul
            ref={menu}
            id={menuId}
            role="menu"
            aria-labelledby={heading ? headingId : buttonId}
            className="popup-menu-list"
          >
            {items.map((item) => {
              const content = (
                <>
                  <span className="popup-menu-icon" aria-hidden="true">
                    {item.icon}
                  </span>
                  <span className="popup-menu-label">{item.label}</span>
                </>
              );
              return (
                <li key={item.key} role="none">
                  {item.to ? (
                    <Link
                      to={item.to}
                      role="menuitem"
                      tabIndex={-1}
                      className="popup-menu-item"
                      aria-current={item.current ? 'page' : undefined}
                      onClick={() => choose(item.key)}
                    >
                      {content}
                    </Link>
                  ) : (
                    <button
                      type="button"
                      role="menuitem"
                      tabIndex={-1}
                      className="popup-menu-item"
                      aria-current={item.current ? 'true' : undefined}
                      onClick={() => choose(item.key)}
                    >
                      {content}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </span>
  );
}
