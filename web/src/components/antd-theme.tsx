import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { themeConfig } from '../config/theme.js';

/**
 * antd's theme (config/theme.ts) around everything drawn with antd. Loaded on demand (router.tsx: the route that holds
 * every antd page, the signed-in services, the dialogs the sign-in pages open), so that the sign-in pages, drawn
 * without antd, do not download it (docs/design.md §7). As a route element it wraps the child routes.
 */
export default function AntdTheme({ children }: { children?: ReactNode }) {
  return <ConfigProvider theme={themeConfig}>{children ?? <Outlet />}</ConfigProvider>;
}
