import { THEME } from '../../shared/constants.js';
import { ICON_PATHS, type IconName } from '../../shared/sign-in-forms.js';
import { escapeHtml } from '../pdf/html.js';

/**
 * The loading frames of the signed-in pages: what the server draws in index.html while the client's code and the
 * session load, as plain HTML and the static classes of web/src/app/global.css (`page-frame…`), in the places and
 * sizes of the real layouts' chrome (StudentLayout, AdminShell, TopBar), so the page replaces it without a shift.
 * Nothing in it is private: the server does not look at the session here (no name, no initials, no menu entries
 * that depend on who she is); the avatar's place is kept empty.
 */

/** The student layout's pages, and whether the side menu shows (docs/product.md §2: not on the dashboard, chooser). */
const STUDENT_PAGES: Record<string, { menu: boolean }> = {
  '/dashboard': { menu: false },
  '/my-students': { menu: false },
  '/pta': { menu: true },
  '/term-reports': { menu: true },
  '/registration/student-data': { menu: true },
  '/registration/family-data': { menu: true },
  '/registration/health-data': { menu: true },
  '/registration/other-data': { menu: true },
  '/registration/documents': { menu: true },
  '/registration/complete': { menu: true },
  '/registration/change-password': { menu: true },
};

// The two icons of the top bar, drawn as the client's TopBar draws them (PlainIcon, the same paths): 1em, currentColor.
const svg = (name: IconName) =>
  `<svg viewBox="64 64 896 896" focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true">` +
  `${ICON_PATHS[name].map((d) => `<path d="${d}"></path>`).join('')}</svg>`;
const LOGOUT_ICON = svg('logout');
const MENU_ICON = svg('menu');

const LOADING = '<p role="status" class="page-frame-status">Loading…</p>';

/** TopBar and the layout around the content: `title` is escaped here. */
function layoutFrame(title: string, { menu, admin }: { menu: boolean; admin: boolean }): string {
  const bar = `background:${THEME.primary};border-bottom:4px solid ${THEME.secondary}`;
  // The menu button (narrow screens) and the avatar keep their places; they work once the client has drawn them.
  const menuButton = menu ? `<span class="page-frame-menu-button">${MENU_ICON}</span>` : '';
  const sider = menu ? `<div class="page-frame-sider${admin ? ' page-frame-sider-sticky' : ''}"></div>` : '';
  return (
    `<div class="page-frame"><header class="page-frame-bar" style="${bar}">${menuButton}` +
    `<span class="page-frame-title">${escapeHtml(title)}</span>` +
    '<span aria-hidden="true" class="page-frame-avatar"></span>' +
    `<a class="page-frame-logout" href="/logout">${LOGOUT_ICON}<span>Logout</span></a></header>` +
    `<div class="page-frame-body">${sider}<main class="page-frame-content">${LOADING}</main></div></div>`
  );
}

/** The frame of a page whose layout the server cannot know (an unknown address, /logout): the band and the status. */
function neutralFrame(): string {
  const band = `background:${THEME.primary};border-bottom:4px solid ${THEME.secondary}`;
  return (
    `<div class="visitor-frame"><div aria-hidden="true" class="visitor-band" style="${band}"></div>` +
    `<main class="visitor-main">${LOADING}</main></div>`
  );
}

/** Which frame a path gets (the sign-in screens have their card, drawn by signInShell). */
export function pageShellKind(pathname: string): 'student' | 'admin' | 'neutral' {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (STUDENT_PAGES[p]) return 'student';
  if (p.startsWith('/admin/')) return 'admin';
  return 'neutral';
}

/** The loading frame the server draws for `pathname`, a signed-in page (or an unknown one). */
export function pageShell(pathname: string, schoolName: string): string {
  const kind = pageShellKind(pathname);
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (kind === 'student') return layoutFrame(schoolName, { menu: STUDENT_PAGES[p].menu, admin: false });
  if (kind === 'admin') return layoutFrame(`${schoolName} · Administrator`, { menu: true, admin: true });
  return neutralFrame();
}
