import { THEME } from '../../shared/constants.js';
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

// The two icons of the top bar (antd's LogoutOutlined and MenuOutlined), drawn as antd draws them: 1em, currentColor.
const svg = (d: string) =>
  `<svg viewBox="64 64 896 896" focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true">` +
  `<path d="${d}"></path></svg>`;
const LOGOUT_ICON = svg(
  'M868 732h-70.3c-4.8 0-9.3 2.1-12.3 5.8-7 8.5-14.5 16.7-22.4 24.5a353.84 353.84 0 01-112.7 75.9A352.8' +
    ' 352.8 0 01512.4 866c-47.9 0-94.3-9.4-137.9-27.8a353.84 353.84 0 01-112.7-75.9 353.28 353.28 0 01-76' +
    '-112.5C167.3 606.2 158 559.9 158 512s9.4-94.2 27.8-137.8c17.8-42.1 43.4-80 76-112.5s70.5-58.1 112.7-' +
    '75.9c43.6-18.4 90-27.8 137.9-27.8 47.9 0 94.3 9.3 137.9 27.8 42.2 17.8 80.1 43.4 112.7 75.9 7.9 7.9 ' +
    '15.3 16.1 22.4 24.5 3 3.7 7.6 5.8 12.3 5.8H868c6.3 0 10.2-7 6.7-12.3C798 160.5 663.8 81.6 511.3 82 2' +
    '71.7 82.6 79.6 277.1 82 516.4 84.4 751.9 276.2 942 512.4 942c152.1 0 285.7-78.8 362.3-197.7 3.4-5.3-' +
    '.4-12.3-6.7-12.3zm88.9-226.3L815 393.7c-5.3-4.2-13-.4-13 6.3v76H488c-4.4 0-8 3.6-8 8v56c0 4.4 3.6 8 ' +
    '8 8h314v76c0 6.7 7.8 10.5 13 6.3l141.9-112a8 8 0 000-12.6z',
);
const MENU_ICON = svg(
  'M904 160H120c-4.4 0-8 3.6-8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8zm0 624H120c' +
    '-4.4 0-8 3.6-8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8zm0-312H120c-4.4 0-8 3.6-' +
    '8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8z',
);

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
