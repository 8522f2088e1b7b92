import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { CSS_COLOR } from '../../../shared/design-tokens.js';
import { ROUTES } from '../config/routes.js';
import { AccountMenu, type AccountMenuEntry } from './account-menu.js';
import { InitialsAvatar } from './initials-avatar.js';
import './top-bar.css';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import { PlainIcon } from './plain-icon.js';

/**
 * The class of the title the layouts put in the bar (a link or a label): the server frame's (global.css). A long
 * school name wraps (two or three lines on a 360 px phone, the bar grows with it) rather than being cut off: families
 * check they are on their daughter's school's portal by this name.
 */
export const TOP_BAR_TITLE_CLASS = 'page-frame-title top-bar-title';

/** The id of the layouts' <main>: the skip link leads there. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first Tab stop of a signed-in page, shown when it has the focus: straight to the page's content, past the bar
 * and the menu (a plain fragment link in the server's HTML, before any script). The focus is moved by hand: a fragment
 * link would also go through the router as a navigation.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to main content
    </a>
  );
}

/**
 * Keeps `--top-bar-height` on the document at the bar's height (it grows when a long school name wraps): the page's
 * scroll padding (global.css) keeps what is scrolled to, or focused, from ending up under the sticky bar.
 */
function useTopBarHeight() {
  const ref = useRef<HTMLElement & HTMLDivElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver !== 'function') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--top-bar-height', `${bar.offsetHeight}px`));
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--top-bar-height');
    };
  }, []);
  return ref;
}

interface TopBarProps {
  /** the school name, as a link or a label (with TOP_BAR_TITLE_CLASS) */
  title: ReactNode;
  /** the signed-in person, for the initials avatar */
  person: { name: string; initials: string } | null;
  /** shows the button that opens the side menu drawer (narrow screens) */
  menuButton?: { open: boolean; onOpen: () => void } | null;
  /** makes the avatar a button opening a user menu with these pages (the student's Change Password) */
  accountMenu?: AccountMenuEntry[];
  /** a strip under the bar that stays in view with it (a guardian's student switcher) */
  subBar?: ReactNode;
}

/**
 * The top bar (docs/product.md §2 Student layout, Admin shell): with the school name, an initials avatar with a name
 * tooltip, and Logout. Drawn without antd, on the `page-frame…` classes of global.css: the server draws it too.
 */
export function TopBar({ title, person, menuButton, accountMenu, subBar }: TopBarProps) {
  const measured = useTopBarHeight();
  const header = (
    <header
      ref={subBar ? undefined : measured}
      className={`page-frame-bar top-bar${subBar ? ' top-bar-in-group' : ''}`}
      style={{ background: CSS_COLOR.primary, borderBottom: `4px solid ${CSS_COLOR.accent}` }}
    >
      {menuButton && (
        <button
          type="button"
          className="page-frame-menu-button top-bar-menu-button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuButton.open}
          onClick={menuButton.onOpen}
        >
          <PlainIcon icon={MenuOutlined} />
        </button>
      )}
      {title}
      {person && accountMenu && <AccountMenu name={person.name} initials={person.initials} entries={accountMenu} />}
      {person && !accountMenu && <InitialsAvatar name={person.name} initials={person.initials} />}
      <Link to={ROUTES.logout} className="page-frame-logout top-bar-logout">
        <PlainIcon icon={LogoutOutlined} />
        <span>Logout</span>
      </Link>
    </header>
  );
  if (!subBar)
    return (
      <>
        <SkipLink />
        {header}
      </>
    );
  // With a strip under it, the two stick together.
  return (
    <>
      <SkipLink />
      <div className="top-bar-group" ref={measured}>
        {header}
        {subBar}
      </div>
    </>
  );
}
