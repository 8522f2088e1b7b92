import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers.js';
import { createQueryClient } from './app/query-client.js';
import { preloadPageFor, router } from './app/router.js';
import { sessionQuery } from './lib/queries/use-session.js';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// The session and the code of the page being opened are asked for together, not one after the
// other; meanwhile the server's loading shell stays on screen (server/web-client), and the client's
// first drawing is the page itself. A failure here is shown by the page (SessionGate, route error).
await Promise.allSettled([queryClient.prefetchQuery(sessionQuery), preloadPageFor(window.location.pathname)]);

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
