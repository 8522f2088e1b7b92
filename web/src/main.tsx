// The client, loaded by boot.ts (the first script: the stylesheet and the sign-in forms' hand-over) after the first
// frame.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers.js';
import { createQueryClient } from './app/query-client.js';
import { isSignedInPage, preloadPageFor, router } from './app/router.js';
import { takeEmbeddedSession } from './lib/embedded-session.js';
import { sessionQuery } from './lib/queries/use-session.js';
import { isMarkedSignedOut, watchPendingSignOut } from './lib/signed-out-marker.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// The session and the code of the page being opened are asked for together, not one after the
// other, and the page's data as soon as the session says who is signed in (page-data.ts); meanwhile
// the server's loading frame stays on screen (server/web-client), and the client's first drawing is
// the page itself. A failure here is shown by the page (SessionGate, route error).
const { pathname } = window.location;
// page-data.ts is its own small chunk, asked for with the session on a signed-in page only (the sign-in pages do
// not need its queries).
const pageData = isSignedInPage(pathname) ? import('./app/page-data.js') : null;
// A signed-in student page comes with the session's answer (lib/embedded-session.ts): no need to ask for it first.
// Unless this device has signed out and the server may not know yet (lib/signed-out-marker.ts): then the session is
// asked for, which delivers the sign-out, and nothing of the server's first view is believed.
watchPendingSignOut();
const signedOut = isMarkedSignedOut();
const embedded = takeEmbeddedSession();
if (signedOut) document.querySelector('#root > [data-first-view]')?.remove();
else if (embedded) queryClient.setQueryData(sessionQuery.queryKey, embedded);
await Promise.allSettled([
  Promise.all([(!signedOut && embedded) || queryClient.fetchQuery(sessionQuery), pageData]).then(([session, data]) =>
    data?.prefetchPageData(queryClient, pathname, session),
  ),
  preloadPageFor(pathname),
]);

// Drawn as a transition, React yields to the browser every few milliseconds while it builds the page,
// so a slow phone stays responsive to a tap meanwhile (the shell is on screen until it is done).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
