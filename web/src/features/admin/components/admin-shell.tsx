import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import CloudUploadOutlined from '@ant-design/icons-svg/es/asn/CloudUploadOutlined';
import ContactsOutlined from '@ant-design/icons-svg/es/asn/ContactsOutlined';
import DashboardOutlined from '@ant-design/icons-svg/es/asn/DashboardOutlined';
import ExportOutlined from '@ant-design/icons-svg/es/asn/ExportOutlined';
import FileDoneOutlined from '@ant-design/icons-svg/es/asn/FileDoneOutlined';
import FileSearchOutlined from '@ant-design/icons-svg/es/asn/FileSearchOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import UploadOutlined from '@ant-design/icons-svg/es/asn/UploadOutlined';
import { Result } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AntdTheme } from '../../../components/antd-on-demand.js';
import { ClientOnly } from '../../../components/client-only.js';
import { PageSpinner } from '../../../components/page-spinner.js';
import { PlainIcon } from '../../../components/plain-icon.js';
import { MenuDrawer, type MenuEntry, SideMenu } from '../../../components/side-menu.js';
import { MAIN_CONTENT_ID, TOP_BAR_TITLE_CLASS, TopBar } from '../../../components/top-bar.js';
import { ROUTES } from '../../../config/routes.js';
import { useAuth } from '../../../lib/auth-store.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { ADMIN_ROUTES, type AdminOption } from '../admin-routes.js';
import './admin-shell.css';

/** antd's `lg` breakpoint: the menu has its own column from here. */
const WIDE = '(min-width: 992px)';

/** docs/product.md §2 Admin shell menu, in this order; every option has its own URL. */
const MENU: { key: AdminOption; label: string; icon: ReactNode }[] = [
  { key: 'dashboard', label: 'Dashboard', icon: <PlainIcon icon={DashboardOutlined} /> },
  { key: 'exportData', label: 'Export Data', icon: <PlainIcon icon={ExportOutlined} /> },
  { key: 'reports', label: 'Reports', icon: <PlainIcon icon={FileSearchOutlined} /> },
  { key: 'importStudents', label: 'Import Students', icon: <PlainIcon icon={UploadOutlined} /> },
  { key: 'postReports', label: 'Post Term Reports', icon: <PlainIcon icon={FileDoneOutlined} /> },
  { key: 'importReports', label: 'Import Term Reports', icon: <PlainIcon icon={CloudUploadOutlined} /> },
  { key: 'parentsContact', label: 'Parents Contact', icon: <PlainIcon icon={TeamOutlined} /> },
  { key: 'formerStudents', label: 'Former Students', icon: <PlainIcon icon={ContactsOutlined} /> },
  { key: 'outbox', label: 'Outbox', icon: <PlainIcon icon={MailOutlined} /> },
  { key: 'newSchoolYear', label: 'New School Year', icon: <PlainIcon icon={CalendarOutlined} /> },
  { key: 'settings', label: 'Settings', icon: <PlainIcon icon={SettingOutlined} /> },
];

const ENTRIES: MenuEntry[] = [
  ...MENU.map((m) => ({ path: ADMIN_ROUTES[m.key], label: m.label, icon: m.icon })),
  { path: ROUTES.logout, label: 'Logout', icon: <PlainIcon icon={LogoutOutlined} /> },
];

/**
 * One option is active at a time (docs/product.md §2); a student's registration opened from the table belongs to
 * Dashboard, the former students due for deletion (reached from Settings) to Settings.
 */
function activeOption(pathname: string): AdminOption {
  if (pathname.startsWith(ADMIN_ROUTES.retention)) return 'settings';
  return MENU.find((m) => m.key !== 'dashboard' && pathname.startsWith(ADMIN_ROUTES[m.key]))?.key ?? 'dashboard';
}

function AdminMenu({ active, onNavigate }: { active: AdminOption; onNavigate?: () => void }) {
  const head = (
    <div className="admin-menu-head">
      <h2 className="admin-menu-title">Student Portal</h2>
      <span className="admin-menu-role">Administrator</span>
    </div>
  );
  return (
    <SideMenu
      label="Administrator menu"
      head={head}
      entries={ENTRIES}
      current={ADMIN_ROUTES[active]}
      onNavigate={onNavigate}
    />
  );
}

function NotAnAdmin() {
  return (
    <Result
      status="403"
      title={<h1 style={{ fontSize: 22, margin: 0 }}>Administrators only</h1>}
      subTitle="This area is for the school's administrators. Your own pages are on your dashboard."
      extra={<Link to={ROUTES.dashboard}>Go to my dashboard</Link>}
    />
  );
}

/** The admin area's answer to a path under /admin that is none of its screens. */
export function UnknownAdminPage() {
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 22, margin: 0 }}>Page not found</h1>}
      extra={<Link to={ADMIN_ROUTES.dashboard}>Go to the Dashboard</Link>}
    />
  );
}

/**
 * docs/product.md §2 Admin shell (/admin/dashboard, /admin/*): app bar and side menu (a drawer on narrow screens)
 * headed 'Student Portal / Administrator', around the screen of the current route (`children`, the
 * routes composed in app/admin-area.tsx); someone who is not an administrator is told so instead.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const { settings, user, sessionEnded } = useAuth();
  const { pathname } = useLocation();
  const wide = useMediaQuery(WIDE);
  /** The page on which the drawer was opened: going to another page closes it. */
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  if ((wide || sessionEnded) && drawerAt !== null) setDrawerAt(null);
  const drawerOpen = drawerAt === pathname && !wide && !sessionEnded;
  const closeDrawer = () => setDrawerAt(null);
  const name = user?.role === 'admin' ? user.display_name : (user?.name ?? '');
  const active = activeOption(pathname);
  const isAdmin = user?.role === 'admin';

  return (
    <div className="page-frame admin-layout">
      <TopBar
        title={<span className={TOP_BAR_TITLE_CLASS}>{settings.school_name} · Administrator</span>}
        person={user ? { name, initials: user.initials } : null}
        menuButton={isAdmin ? { open: drawerOpen, onOpen: () => setDrawerAt(pathname) } : null}
      />
      <div className="page-frame-body">
        {/* The column and the menu button are both drawn; the stylesheet shows the one this width needs. */}
        {isAdmin && (
          <div className="page-frame-sider page-frame-sider-sticky">
            <AdminMenu active={active} />
          </div>
        )}
        <main className="page-frame-content admin-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
          {/* The office's screens are antd's, whose styles are made in the browser: drawn there, under the frame. */}
          <ClientOnly fallback={<PageSpinner />}>
            <AntdTheme>{isAdmin ? children : <NotAnAdmin />}</AntdTheme>
          </ClientOnly>
        </main>
      </div>
      {isAdmin && !wide && (
        <MenuDrawer open={drawerOpen} onClose={closeDrawer}>
          <AdminMenu active={active} onNavigate={closeDrawer} />
        </MenuDrawer>
      )}
    </div>
  );
}
