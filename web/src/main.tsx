// The client, loaded by boot.ts (the first script: the stylesheet) after the first frame. The server has drawn the
// page with the same components (entry-server.tsx): the client adopts that HTML (hydrateRoot) with the data the server
// drew it with. Where the server left the page to the browser (the sign-out page, a failed first view), the
// client draws it itself.
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { FIRST_VIEW_DATA_ID } from '../../shared/api-types.js';
import { Providers } from './app/providers.js';
import { createQueryClient } from './app/query-client.js';
import { isSignedInPage, preloadPageFor, routes } from './app/router.js';
import { sessionQuery } from './lib/queries/use-session.js';
import { adoptionStarted, pressAgain } from './lib/early-input.js';
import { isMarkedSignedOut, watchPendingSignOut } from './lib/signed-out-marker.js';

const found = document.getElementById('root');
if (!found) throw new Error('index.html has no #root element');
const root: HTMLElement = found;

const queryClient = createQueryClient();
const { pathname } = window.location;
watchPendingSignOut();

/** The data the server drew its view with (a JSON data block, never run), read once; null if there is none. */
function takeFirstViewData(): DehydratedState | null {
  const block = document.getElementById(FIRST_VIEW_DATA_ID);
  if (!block) return null;
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '') as DehydratedState;
  } catch {
    return null;
  }
}

const firstView = takeFirstViewData();
// Signed out on this device while the server may not know yet (lib/signed-out-marker.ts): nothing of the server's
// view is believed; the session is asked for, which delivers the sign-out, and the client draws the page itself.
const adopt = firstView !== null && !isMarkedSignedOut();
if (!adopt) root.replaceChildren();

/** Once drawn (adopted, or drawn here) the page is live: a mark tests can wait for; a press made before, again. */
function WhenDrawn() {
  useEffect(() => {
    document.documentElement.dataset.client = '';
    pressAgain();
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <WhenDrawn />
    <Providers queryClient={queryClient}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </Providers>
  </StrictMode>
);

if (adopt) {
  hydrate(queryClient, firstView);
  // The office's screens are drawn in the browser only (inside the frame the server drew): their data is asked for at
  // once, with their code, so that they are first drawn with it rather than as loading (which then grows).
  if (pathname.startsWith('/admin/'))
    void import('./app/page-data.js').then((data) =>
      data.prefetchPageData(queryClient, pathname, queryClient.getQueryData(sessionQuery.queryKey)),
    );
  // The page's code, then adopt the HTML: nothing else is fetched first, so the first drawing has the server's data,
  // exactly (what the server drew as loading, the page asks for once adopted).
  await preloadPageFor(pathname).catch(() => undefined);
  adoptionStarted();
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  // The session and the code of the page are asked for together, and the page's data as soon as the session says who
  // is signed in (page-data.ts, its own small chunk, for signed-in pages only).
  const pageData = isSignedInPage(pathname) ? import('./app/page-data.js') : null;
  await Promise.allSettled([
    Promise.all([queryClient.fetchQuery(sessionQuery), pageData]).then(([session, data]) =>
      data?.prefetchPageData(queryClient, pathname, session),
    ),
    preloadPageFor(pathname),
  ]);
  // Drawn as a transition, React yields to the browser every few milliseconds while it builds the page, so a slow
  // phone stays responsive to a tap meanwhile.
  adoptionStarted();
  startTransition(() => {
    createRoot(root).render(app);
  });
}
