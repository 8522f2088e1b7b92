import {
  DashboardOutlined,
  FileTextOutlined,
  FormOutlined,
  KeyOutlined,
  LogoutOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { App as AntApp, Drawer, Grid, Layout, Menu, type MenuProps } from 'antd';
import { type ReactNode, Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner.js';
import { StudentSwitcher } from '../components/student-switcher.js';
import { TopBar, topBarTitleStyle } from '../components/top-bar.js';
import { ROUTES } from '../config/routes.js';
import { useAuth } from '../lib/auth-store.js';
import { STEPS } from '../config/registration-steps.js';
import { useActiveStudent } from '../lib/use-active-student.js';

interface MenuEntry {
  path: string;
  label: string;
  icon: ReactNode;
}

/** docs/product.md §2 Student layout side menu, in this order. */
const MENU: MenuEntry[] = [
  { path: ROUTES.dashboard, label: 'Dashboard', icon: <DashboardOutlined /> },
  { path: ROUTES.termReports, label: 'Term Reports', icon: <FileTextOutlined /> },
  { path: ROUTES.studentData, label: 'Edit/View Registration', icon: <FormOutlined /> },
  { path: ROUTES.logout, label: 'Logout', icon: <LogoutOutlined /> },
];

/**
 * The user menu behind the top bar's avatar: the change-password screen is reachable from every page
 * (the side menu of docs/product.md §2 keeps its own entries, and is hidden on the dashboard).
 */
const ACCOUNT_MENU: MenuEntry[] = [
  { path: ROUTES.changePassword, label: 'Change Password', icon: <KeyOutlined /> },
  { path: ROUTES.logout, label: 'Logout', icon: <LogoutOutlined /> },
];

/** docs/product.md §2 Registration steps: on a registration page the side menu lists the six steps instead. */
const REGISTRATION_MENU: MenuEntry[] = STEPS.map((step) => ({
  path: step.route,
  label: step.label,
  icon: <FormOutlined />,
}));

/** A guardian of several daughters also finds the chooser in the side menu (docs/product.md §11). */
const MY_STUDENTS: MenuEntry = { path: ROUTES.myStudents, label: 'Your daughters', icon: <TeamOutlined /> };

function menuEntries(pathname: string, chooser: boolean): MenuEntry[] {
  const [dashboard, termReports, registration, logout] = MENU;
  const middle = STEPS.some((step) => step.route === pathname) ? REGISTRATION_MENU : [registration];
  return [dashboard, termReports, ...middle, ...(chooser ? [MY_STUDENTS] : []), logout];
}

function SideMenu({ pathname, onNavigate }: { pathname: string; onNavigate?: () => void }) {
  const { students } = useActiveStudent();
  // The current page is left out of the list (docs/product.md §2).
  const items: MenuProps['items'] = menuEntries(pathname, students.length > 1)
    .filter((entry) => entry.path !== pathname)
    .map((entry) => ({
      key: entry.path,
      icon: entry.icon,
      label: (
        <Link to={entry.path} onClick={onNavigate}>
          {entry.label}
        </Link>
      ),
    }));
  return <Menu mode="inline" selectable={false} items={items} style={{ borderInlineEnd: 'none' }} />;
}

/**
 * docs/product.md §2 Student layout: top bar with the school name, an initials avatar with a name tooltip and Logout;
 * a side menu (a drawer on narrow screens), hidden on the dashboard.
 */
export default function StudentLayout() {
  const { settings, user } = useAuth();
  const { students, student, choose } = useActiveStudent();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Neither on the dashboard nor on a guardian's chooser, which lead everywhere themselves.
  const showMenu = pathname !== ROUTES.dashboard && pathname !== ROUTES.myStudents;

  return (
    <AntApp>
      <Layout style={{ minHeight: '100vh' }}>
        <TopBar
          title={
            <Link to={ROUTES.dashboard} style={topBarTitleStyle(wide)}>
              {settings.school_name}
            </Link>
          }
          person={user ? { name: user.name, initials: user.initials } : null}
          accountMenu={ACCOUNT_MENU}
          menuButton={showMenu && !wide ? { open: drawerOpen, onOpen: () => setDrawerOpen(true) } : null}
          // A guardian sees whose pages are open on every page, and switches there (docs/product.md §11).
          subBar={student ? <StudentSwitcher students={students} active={student} onChoose={choose} /> : null}
        />
        <Layout>
          {showMenu && wide && (
            <Layout.Sider width={240} theme="light" style={{ borderInlineEnd: '1px solid #e5e7eb' }}>
              <nav aria-label="Main menu">
                <SideMenu pathname={pathname} />
              </nav>
            </Layout.Sider>
          )}
          <Layout.Content style={{ padding: wide ? 24 : 12, minWidth: 0 }}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
        {showMenu && !wide && (
          <Drawer
            title="Menu"
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={280}
            styles={{ body: { padding: 0 } }}
          >
            <nav aria-label="Main menu">
              <SideMenu pathname={pathname} onNavigate={() => setDrawerOpen(false)} />
            </nav>
          </Drawer>
        )}
      </Layout>
    </AntApp>
  );
}
