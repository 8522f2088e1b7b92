import {
  CloudUploadOutlined,
  DashboardOutlined,
  ExportOutlined,
  FileDoneOutlined,
  FileSearchOutlined,
  LogoutOutlined,
  MailOutlined,
  SettingOutlined,
  TeamOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App as AntApp, Drawer, Grid, Layout, Menu, type MenuProps, Result, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MAIN_CONTENT_ID, TOP_BAR_TITLE_CLASS, TopBar } from '../../../components/top-bar.js';
import { ROUTES } from '../../../config/routes.js';
import { useAuth } from '../../../lib/auth-store.js';
import { ADMIN_ROUTES, type AdminOption } from '../admin-routes.js';
import { CSS_COLOR } from '../../../../../shared/design-tokens.js';

/** docs/product.md §2 Admin shell menu, in this order; every option has its own URL. */
const MENU: { key: AdminOption; label: string; icon: ReactNode }[] = [
  { key: 'dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
  { key: 'exportData', label: 'Export Data', icon: <ExportOutlined /> },
  { key: 'reports', label: 'Reports', icon: <FileSearchOutlined /> },
  { key: 'importStudents', label: 'Import Students', icon: <UploadOutlined /> },
  { key: 'postReports', label: 'Post Term Reports', icon: <FileDoneOutlined /> },
  { key: 'importReports', label: 'Import Term Reports', icon: <CloudUploadOutlined /> },
  { key: 'parentsContact', label: 'Parents Contact', icon: <TeamOutlined /> },
  { key: 'outbox', label: 'Outbox', icon: <MailOutlined /> },
  { key: 'settings', label: 'Settings', icon: <SettingOutlined /> },
];

/**
 * One option is active at a time (docs/product.md §2); a student's registration opened from the table belongs to
 * Dashboard.
 */
function activeOption(pathname: string): AdminOption {
  return MENU.find((m) => m.key !== 'dashboard' && pathname.startsWith(ADMIN_ROUTES[m.key]))?.key ?? 'dashboard';
}

function AdminMenu({ active, onNavigate }: { active: AdminOption; onNavigate?: () => void }) {
  const items: MenuProps['items'] = [
    ...MENU.map((m) => ({
      key: m.key,
      icon: m.icon,
      label: (
        <Link to={ADMIN_ROUTES[m.key]} onClick={onNavigate} aria-current={active === m.key ? 'page' : undefined}>
          {m.label}
        </Link>
      ),
    })),
    { key: 'logout', icon: <LogoutOutlined />, label: <Link to={ROUTES.logout}>Logout</Link> },
  ];
  return (
    <>
      <div style={{ padding: '16px 24px 8px' }}>
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          Student Portal
        </Typography.Title>
        <Typography.Text type="secondary">Administrator</Typography.Text>
      </div>
      <Menu mode="inline" selectedKeys={[active]} items={items} style={{ borderInlineEnd: 'none' }} />
    </>
  );
}

/**
 * On a desktop the menu stays in view while a long screen (the Students table) scrolls: it sticks under the top bar
 * (56 px: the school name is one line at this width) and scrolls on its own if the window is shorter than it.
 */
const SIDER_STYLE = {
  borderInlineEnd: `1px solid ${CSS_COLOR.borderCard}`,
  position: 'sticky',
  top: 56,
  alignSelf: 'flex-start',
  height: 'calc(100vh - 56px)',
  overflowY: 'auto',
} as const;

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
  const { settings, user } = useAuth();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const name = user?.role === 'admin' ? user.display_name : (user?.name ?? '');
  const active = activeOption(pathname);
  const isAdmin = user?.role === 'admin';

  return (
    <AntApp>
      <Layout style={{ minHeight: '100vh' }}>
        <TopBar
          title={<span className={TOP_BAR_TITLE_CLASS}>{settings.school_name} · Administrator</span>}
          person={user ? { name, initials: user.initials } : null}
          menuButton={!wide && isAdmin ? { open: drawerOpen, onOpen: () => setDrawerOpen(true) } : null}
        />
        <Layout>
          {wide && isAdmin && (
            <Layout.Sider width={240} theme="light" style={SIDER_STYLE}>
              <nav aria-label="Administrator menu">
                <AdminMenu active={active} />
              </nav>
            </Layout.Sider>
          )}
          <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ padding: wide ? 24 : 12, minWidth: 0 }}>
            {isAdmin ? children : <NotAnAdmin />}
          </Layout.Content>
        </Layout>
        {!wide && isAdmin && (
          <Drawer
            title="Menu"
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={280}
            styles={{ body: { padding: 0 } }}
          >
            <nav aria-label="Administrator menu">
              <AdminMenu active={active} onNavigate={() => setDrawerOpen(false)} />
            </nav>
          </Drawer>
        )}
      </Layout>
    </AntApp>
  );
}
