import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FieldErrorAnnouncer } from '../components/field-error-announcer.js';
import { PageSpinner } from '../components/page-spinner.js';
import { StartupError } from '../components/startup-error.js';
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
      {/*
        No antd here: the sign-in pages, the dashboard and the term reports are drawn without it (docs/design.md §7).
        Its theme (ConfigProvider) and antd's <App> (message, modal) are in AntdTheme, around the routes drawn with
        antd (router.tsx) and the dialogs that load it when they open (components/antd-on-demand.tsx).
      */}
      <SessionGate>{children}</SessionGate>
      <FieldErrorAnnouncer />
    </QueryClientProvider>
  );
}
