import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '../config/routes.js';
import { ACCENT } from '../config/theme.js';
import { AccountMenu, type AccountMenuEntry } from './account-menu.js';
import { InitialsAvatar } from './initials-avatar.js';

/**
 * The title's look in the top bar; the layouts put their own element (a link or a label) in it.
 * A long school name wraps (two or three lines on a 360 px phone, the bar grows with it) rather than
 * being cut off: families check they are on their daughter's school's portal by this name.
 */
export function topBarTitleStyle(wide: boolean): CSSProperties {
  return {
    color: '#fff',
    fontWeight: 600,
    fontSize: wide ? 18 : 14,
    flex: 1,
    minWidth: 0,
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
    lineHeight: 1.25,
    paddingBlock: 6,
  };
}

interface TopBarProps {
  /** the school name, as a link or a label */
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
 * tooltip, and Logout.
 */
export function TopBar({ title, person, menuButton, accountMenu, subBar }: TopBarProps) {
  const header = (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        borderBottom: `4px solid ${ACCENT}`,
        // With a strip under it, the two stick together (below).
        ...(subBar ? {} : { position: 'sticky' as const, top: 0, zIndex: 10 }),
        // as tall as a wrapped school name needs
        height: 'auto',
        minHeight: 56,
        lineHeight: 'normal',
      }}
    >
      {menuButton && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label="Open menu"
          aria-expanded={menuButton.open}
          onClick={menuButton.onOpen}
          style={{ color: '#fff', flex: 'none' }}
        />
      )}
      {title}
      {person && accountMenu && <AccountMenu name={person.name} initials={person.initials} entries={accountMenu} />}
      {person && !accountMenu && <InitialsAvatar name={person.name} initials={person.initials} />}
      <Link
        to={ROUTES.logout}
        style={{
          color: '#fff',
          flex: 'none',
          display: 'inline-flex',
          alignItems: 'center',
          gap: 6,
          padding: '0 4px',
          minHeight: 40,
        }}
      >
        <LogoutOutlined aria-hidden />
        <span>Logout</span>
      </Link>
    </Layout.Header>
  );
  if (!subBar) return header;
  return (
    <div style={{ position: 'sticky', top: 0, zIndex: 10 }}>
      {header}
      {subBar}
    </div>
  );
}
