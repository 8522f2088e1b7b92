/**
 * The client's first script (index.html), a few hundred bytes: the sign-in forms' hand-over and the stylesheet, then
 * the rest of the client once the browser has drawn the page. The server draws the sign-in form itself
 * (server/web-client/sign-in-shell.ts), so she can type before any of the client is here; asking for the client's
 * code only after the first frame keeps it from competing with the page's HTML and stylesheet on a slow connection
 * (Lighthouse counts every script asked for before the first paint against it, docs/design.md §7).
 */
import { watchSignInShell } from './lib/shell-handover.js';
// The design tokens' custom properties first: every stylesheet reads them.
import 'virtual:design-tokens.css';
import './app/global.css';
// The sign-in forms' look: in the stylesheet index.html links, because the server's form uses it before any script
// has run.
import './components/plain-controls.css';

// Keeps what she types in the server's sign-in form until the page takes it over (lib/shell-handover.ts).
watchSignInShell();

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main.js');
};
// A hidden tab draws no frame: start at once there.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
