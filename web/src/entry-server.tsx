/**
 * The server's renderer of the portal's pages (built by Vite's SSR build into dist/web-server, loaded by
 * server/web-client): the same routes and components the browser runs (app/router.tsx), drawn with the data the
 * server reads for this request (FirstViewSource), and that data handed to the browser, which adopts the HTML
 * (hydrateRoot, main.tsx) instead of drawing the page again. docs/design.md §7 says why.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { FirstViewSource, RenderFirstView } from '../../shared/first-view.js';
import { STEP_ROUTES } from '../../shared/routes.js';
import { Providers } from './app/providers.js';
import { createQueryClient } from './app/query-client.js';
import { preloadPageFor, routes } from './app/router.js';
import { ROUTES } from './config/routes.js';
import { resolveActiveStudent } from './lib/active-student.js';
import { registrationRoundQueryKey } from './lib/queries/use-registration-round.js';
import { REGISTRATION_STATUS_QUERY_KEY } from './lib/queries/use-registration-status.js';
import { SCHOOL_YEAR_QUERY_KEY } from './lib/queries/use-school-year.js';
import { SESSION_QUERY_KEY } from './lib/queries/use-session.js';
import { studentFilesQueryKey } from './lib/queries/use-student-files.js';
import { studentRecordQueryKey } from './lib/queries/use-student-record.js';

const STEP_PAGES = new Set<string>(Object.values(STEP_ROUTES));

/**
 * The data of the page at `pathname` the server draws with: the student's record and files on her dashboard and her
 * registration steps (her name, the heading, the cards and the steps' progress, the school year they are for), and the
 * registration status on a step (whether she may edit), and her year's registration round when the source reads it
 * (the dashboard's first card). Whatever else a page asks for, it asks in the browser, after adopting the HTML (the
 * server drew it as loading, and so does the browser's first drawing).
 */
async function loadPageData(queryClient: QueryClient, pathname: string, source: FirstViewSource): Promise<void> {
  const { session } = source;
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  const user = session.authenticated ? session.user : null;
  const studentId = user?.role === 'admin' ? null : resolveActiveStudent(user, null);
  if (!studentId || (pathname !== ROUTES.dashboard && !STEP_PAGES.has(pathname))) return;
  const [record, files, status, year, round] = await Promise.all([
    source.studentRecord(studentId),
    source.studentFiles(studentId),
    STEP_PAGES.has(pathname) ? source.registrationStatus() : null,
    source.schoolYear(),
    pathname === ROUTES.dashboard ? source.registrationRound(studentId) : null,
  ]);
  if (record) queryClient.setQueryData(studentRecordQueryKey(studentId), record);
  if (files) queryClient.setQueryData(studentFilesQueryKey(studentId), files);
  if (status) queryClient.setQueryData(REGISTRATION_STATUS_QUERY_KEY, status);
  if (year) queryClient.setQueryData(SCHOOL_YEAR_QUERY_KEY, year);
  if (round) queryClient.setQueryData(registrationRoundQueryKey(studentId), round);
}

export const renderFirstView: RenderFirstView = async (url, source) => {
  const { pathname } = new URL(url);
  // The sign-out page signs out first (its loader): the browser does that.
  if (pathname === ROUTES.logout) return null;
  const handler = createStaticHandler(routes);
  const queryClient = createQueryClient();
  const [context] = await Promise.all([
    handler.query(new Request(url)),
    loadPageData(queryClient, pathname, source),
    preloadPageFor(pathname),
  ]);
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // Once everything in it has loaded (the page's code was preloaded above, so nothing waits long). In one piece: React
  // otherwise moves a large part into a hidden <div> that an inline script shows, and the Content-Security-Policy
  // lets no inline script run: that part would stay hidden.
  const { prelude } = await prerender(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  const data = JSON.stringify(dehydrate(queryClient));
  return { html, data };
};
