/**
 * The client's first script (index.html), a few hundred bytes: the stylesheet, then the rest of the client once the
 * browser has drawn the page. The server has drawn the page itself (entry-server.tsx), so she can read it, follow its
 * links and type into its forms before any of the client is here; asking for the client's code only after the first
 * frame keeps it from competing with the page's HTML and stylesheet on a slow connection (Lighthouse counts every
 * script asked for before the first paint against it, docs/design.md §7).
 */
import { holdEarlySubmits } from './lib/early-input.js';
// The design tokens' custom properties first: every stylesheet reads them.
import 'virtual:design-tokens.css';
import './app/global.css';
// Everything the server draws is styled by the one stylesheet index.html links, before any script runs (a chunk's own
// stylesheet would come with its script, and the page would move when it came): the light kit, the layouts' top bar,
// menu and drawer, the admin frame, a step's head and the term reports.
import './components/plain-controls.css';
import './components/plain-ui.css';
import './components/plain-dialog.css';
import './components/top-bar.css';
import './components/side-menu.css';
import './features/admin/components/admin-shell.css';
import './features/registration/components/registration-shell.css';
import './features/term-reports/components/term-reports.css';

// A sign-in form sent before the page is adopted is held, not sent by the browser itself (lib/early-input.ts).
holdEarlySubmits();

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main.js');
};
// A hidden tab draws no frame: start at once there.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
