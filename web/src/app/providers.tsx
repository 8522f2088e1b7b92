import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { FieldErrorAnnouncer } from '../components/field-error-announcer.js';
import { PageSpinner } from '../components/page-spinner.js';
import { StartupError } from '../components/startup-error.js';
import { themeConfig } from '../config/theme.js';
import { useSession } from '../lib/queries/use-session.js';
import { AuthProvider } from '../lib/auth-store.js';

/** Waits for GET /api/session (school name, settings, who is signed in) before showing any route. */
function SessionGate({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <PageSpinner />;
  if (session.isError) return <StartupError onRetry={() => void session.refetch()} />;
  return <AuthProvider session={session.data}>{children}</AuthProvider>;
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={themeConfig}>
        {/* antd's <App> (message, modal) lives in the signed-in layouts: the sign-in pages do not need it. */}
        <SessionGate>{children}</SessionGate>
        <FieldErrorAnnouncer />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
