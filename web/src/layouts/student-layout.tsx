import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner.js';
import { StudentSwitcher } from '../components/student-switcher.js';
import { MAIN_CONTENT_ID, TOP_BAR_TITLE_CLASS, TopBar } from '../components/top-bar.js';
import { ROUTES } from '../config/routes.js';
import { useAuth } from '../lib/auth-store.js';
import { STEPS } from '../config/registration-steps.js';
import { useActiveStudent } from '../lib/use-active-student.js';
import { useMediaQuery } from '../lib/use-media-query.js';
import DashboardOutlined from '@ant-design/icons-svg/es/asn/DashboardOutlined';
import FileTextOutlined from '@ant-design/icons-svg/es/asn/FileTextOutlined';
import FormOutlined from '@ant-design/icons-svg/es/asn/FormOutlined';
import KeyOutlined from '@ant-design/icons-svg/es/asn/KeyOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import { PlainIcon } from '../components/plain-icon.js';
import { MenuDrawer, type MenuEntry, SideMenu } from '../components/side-menu.js';

/*
 * Drawn without antd (docs/design.md §7): every signed-in student page waits for its layout, and the dashboard needs
 * nothing else of antd. The server draws it too (docs/design.md §4, One renderer), on the `page-frame…` classes of
 * global.css.
 */

/** docs/product.md §2 Student layout side menu, in this order. */
const MENU: MenuEntry[] = [
  { path: ROUTES.dashboard, label: 'Dashboard', icon: <PlainIcon icon={DashboardOutlined} /> },
  { path: ROUTES.termReports, label: 'Term Reports', icon: <PlainIcon icon={FileTextOutlined} /> },
  { path: ROUTES.studentData, label: 'Edit/View Registration', icon: <PlainIcon icon={FormOutlined} /> },
  { path: ROUTES.logout, label: 'Logout', icon: <PlainIcon icon={LogoutOutlined} /> },
];

/**
 * The user menu behind the top bar's avatar: the change-password screen is reachable from every page
 * (the side menu of docs/product.md §2 keeps its own entries, and is hidden on the dashboard).
 */
const ACCOUNT_MENU: MenuEntry[] = [
  { path: ROUTES.changePassword, label: 'Change Password', icon: <PlainIcon icon={KeyOutlined} /> },
  { path: ROUTES.logout, label: 'Logout', icon: <PlainIcon icon={LogoutOutlined} /> },
];

/** docs/product.md §2 Registration steps: on a registration page the side menu lists the six steps instead. */
const REGISTRATION_MENU: MenuEntry[] = STEPS.map((step) => ({
  path: step.route,
  label: step.label,
  icon: <PlainIcon icon={FormOutlined} />,
}));

/** A guardian of several daughters also finds the chooser in the side menu (docs/product.md §11). */
const MY_STUDENTS: MenuEntry = {
  path: ROUTES.myStudents,
  label: 'Your daughters',
  icon: <PlainIcon icon={TeamOutlined} />,
};

function menuEntries(pathname: string, chooser: boolean): MenuEntry[] {
  const [dashboard, termReports, registration, logout] = MENU;
  const middle = STEPS.some((step) => step.route === pathname) ? REGISTRATION_MENU : [registration];
  return [dashboard, termReports, ...middle, ...(chooser ? [MY_STUDENTS] : []), logout];
}

/** antd's `lg` breakpoint, where the server frame shows the side column too (global.css). */
const WIDE = '(min-width: 992px)';

/** Whether the side menu has its own column (a desktop) rather than a drawer behind the menu button. */
const useWide = () => useMediaQuery(WIDE);

function StudentSideMenu({ pathname, onNavigate }: { pathname: string; onNavigate?: () => void }) {
  const { students } = useActiveStudent();
  // The current page is left out of the list (docs/product.md §2).
  const entries = menuEntries(pathname, students.length > 1).filter((entry) => entry.path !== pathname);
  return <SideMenu label="Main menu" entries={entries} onNavigate={onNavigate} />;
}

/**
 * docs/product.md §2 Student layout: top bar with the school name, an initials avatar with a name tooltip and Logout;
 * a side menu (a drawer on narrow screens), hidden on the dashboard.
 */
export default function StudentLayout() {
  const { settings, user, sessionEnded } = useAuth();
  const { students, student, choose } = useActiveStudent();
  const { pathname } = useLocation();
  const wide = useWide();
  /** The page on which the drawer was opened: going to another page closes it. */
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  // Widened past the breakpoint, the drawer is gone (the menu has its column): it does not come back by itself. Nor
  // does it stay open when the session ends: a modal <dialog> is in the top layer, over the sign-in-again dialog
  // (session-keeper.tsx), which would sit under it out of reach.
  if ((wide || sessionEnded) && drawerAt !== null) setDrawerAt(null);
  const drawerOpen = drawerAt === pathname && !wide && !sessionEnded;
  const closeDrawer = () => setDrawerAt(null);
  // Neither on the dashboard nor on a guardian's chooser, which lead everywhere themselves.
  const showMenu = pathname !== ROUTES.dashboard && pathname !== ROUTES.myStudents;

  return (
    <div className="page-frame student-layout">
      <TopBar
        title={
          <Link to={ROUTES.dashboard} className={TOP_BAR_TITLE_CLASS}>
            {settings.school_name}
          </Link>
        }
        person={user ? { name: user.name, initials: user.initials } : null}
        accountMenu={ACCOUNT_MENU}
        menuButton={showMenu ? { open: drawerOpen, onOpen: () => setDrawerAt(pathname) } : null}
        // A guardian sees whose pages are open on every page, and switches there (docs/product.md §11).
        subBar={student ? <StudentSwitcher students={students} active={student} onChoose={choose} /> : null}
      />
      <div className="page-frame-body">
        {/* The column and the menu button are both drawn; the stylesheet shows the one this width needs. */}
        {showMenu && (
          <div className="page-frame-sider">
            <StudentSideMenu pathname={pathname} />
          </div>
        )}
        <main className="page-frame-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {showMenu && !wide && (
        <MenuDrawer open={drawerOpen} onClose={closeDrawer}>
          <StudentSideMenu pathname={pathname} onNavigate={closeDrawer} />
        </MenuDrawer>
      )}
    </div>
  );
}
