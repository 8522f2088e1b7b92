import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { themeConfig } from '../config/theme.js';

/**
 * antd's theme (config/theme.ts) around everything drawn with antd, with antd's <App> inside it: App.useApp()'s
 * message and modal, and the base text of the pages drawn with antd (its wrapper's 14 px). Loaded on demand
 * (components/antd-on-demand.tsx: the routes drawn with antd, the dialogs opened over the pages drawn without it), so
 * that the sign-in pages, the dashboard and the term reports do not download it (docs/design.md §7). As a route
 * element it wraps the child routes.
 */
export default function AntdTheme({ children }: { children?: ReactNode }) {
  return (
    <ConfigProvider theme={themeConfig}>
      <App>{children ?? <Outlet />}</App>
    </ConfigProvider>
  );
}
