import type { SessionInfo } from '../../shared/api-types.js';
import { LAYOUT, THEME } from '../../shared/constants.js';
import { DASHBOARD_CARD_PATHS, type DashboardCardView } from '../../shared/dashboard-cards.js';
import { dashboardHeading, registrationHeading, registrationSubtitle } from '../../shared/page-headings.js';
import { STEP_LABELS } from '../../shared/registration-progress.js';
import { ROUTES, STEP_ROUTES } from '../../shared/routes.js';
import { iconSvg } from '../../shared/icon-svg.js';
import type { RegistrationStep } from '../../shared/student-fields.js';
import { escapeHtml } from '../pdf/html.js';
import { iconDefinition } from './icon-definitions.js';

/**
 * The loading frames of the signed-in pages: what the server draws in index.html while the client's code and the
 * session load, as plain HTML and the static classes of web/src/app/global.css (`page-frame…`), in the places and
 * sizes of the real layouts' chrome (StudentLayout, AdminShell, TopBar), so the page replaces it without a shift.
 *
 * On a student page the server also draws the head of the page itself, as the client draws it (the words of
 * shared/page-headings.ts, the classes of global.css), when it knows who is signed in (StudentPageViewer): "Welcome,
 * …" on the dashboard; a registration step's heading and, for a student, the line with her name and student ID. So
 * she sees at once where she is and whose pages these are, on a slow phone before the client's code has arrived.
 * Nothing else of hers is drawn (no answers, no menu entries that depend on who she is), and only to the session's
 * own browser: that answer is never stored (serve-web-client.ts).
 */

/** The student layout's pages, and whether the side menu shows (docs/product.md §2: not on the dashboard, chooser). */
const STUDENT_PAGES: Record<string, { menu: boolean }> = {
  [ROUTES.dashboard]: { menu: false },
  [ROUTES.myStudents]: { menu: false },
  [ROUTES.pta]: { menu: true },
  [ROUTES.termReports]: { menu: true },
  ...Object.fromEntries(Object.values(STEP_ROUTES).map((path) => [path, { menu: true }])),
  [ROUTES.changePassword]: { menu: true },
};

/** The registration step each step page is. */
const STEP_PAGES = Object.fromEntries(Object.entries(STEP_ROUTES).map(([step, path]) => [path, step])) as Record<
  string,
  RegistrationStep
>;

/** The registration step whose page `path` is, if it is one. */
export const stepOfPage = (path: string): RegistrationStep | undefined => STEP_PAGES[pagePath(path)];

/** Who opens a student page, as far as the server's first view of it needs to know. */
export interface StudentPageViewer {
  /** The account's name, as the session's answer gives it to the client. */
  name: string;
  /** The session's answer (GET /api/session), handed to the client with the first view (serve-web-client.ts). */
  session?: SessionInfo;
  /** A student's own record (a guardian's chosen daughter is known only to her browser's tab). */
  student?: { id: string; first_name: string | null; last_name: string | null; editable: boolean };
  /** A student's dashboard cards, as the client draws them (shared/dashboard-cards.ts). */
  dashboardCards?: DashboardCardView[];
}

// The two icons of the top bar, drawn as the client's TopBar draws them (PlainIcon, the same definitions): 1em,
// currentColor.
const svg = (name: string) =>
  iconSvg(iconDefinition(name), { width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true' });
const LOGOUT_ICON = svg('LogoutOutlined');
const MENU_ICON = svg('MenuOutlined');

const LOADING = '<p role="status" class="page-frame-status">Loading…</p>';

/** A dashboard card as the client's DashboardCard draws it: a link that works before any script. */
function dashboardCard(card: DashboardCardView): string {
  const lines = card.lines.map((line) => `<span class="dashboard-card-line">${escapeHtml(line)}</span>`).join('');
  return (
    `<a class="dashboard-card" href="${DASHBOARD_CARD_PATHS[card.target]}" style="width: ${LAYOUT.pageCardWidth}px;">` +
    `<h2 class="dashboard-card-title">${escapeHtml(card.title)}</h2>` +
    `<span class="dashboard-card-text">${lines}${escapeHtml(card.text)}</span></a>`
  );
}

/** The head of a student page as the page draws it (registration-form.tsx, dashboard-page.tsx), with the status. */
function studentPageHead(path: string, viewer: StudentPageViewer): string {
  if (path === ROUTES.dashboard) {
    const heading = `<h1 class="plain-page-title">${escapeHtml(dashboardHeading(viewer.name))}</h1>`;
    if (!viewer.dashboardCards) return `<div class="plain-page">${heading}${LOADING}</div>`;
    const cards = viewer.dashboardCards.map(dashboardCard).join('');
    return `<div class="plain-page">${heading}<div class="dashboard-cards">${cards}</div></div>`;
  }
  const step = STEP_PAGES[path];
  if (!step) return LOADING;
  const subtitle = viewer.student
    ? `<p class="reg-form-subtitle">${escapeHtml(registrationSubtitle(viewer.student, viewer.student.editable))}</p>`
    : '';
  const heading = `<h1 class="reg-form-title">${escapeHtml(registrationHeading(STEP_LABELS[step]))}</h1>`;
  return `<div class="reg-form">${heading}${subtitle}${LOADING}</div>`;
}

/** TopBar and the layout around `content`: `title` is escaped here. */
function layoutFrame(title: string, content: string, { menu, admin }: { menu: boolean; admin: boolean }): string {
  const bar = `background:${THEME.primary};border-bottom:4px solid ${THEME.secondary}`;
  // The menu button (narrow screens) and the avatar keep their places; they work once the client has drawn them.
  const menuButton = menu ? `<span class="page-frame-menu-button">${MENU_ICON}</span>` : '';
  const sider = menu ? `<div class="page-frame-sider${admin ? ' page-frame-sider-sticky' : ''}"></div>` : '';
  return (
    // The skip link first, as the client's TopBar draws it (a plain fragment link works before any script).
    `<div class="page-frame" data-first-view><a class="skip-link" href="#main-content">Skip to main content</a>` +
    `<header class="page-frame-bar" style="${bar}">${menuButton}` +
    `<span class="page-frame-title">${escapeHtml(title)}</span>` +
    '<span aria-hidden="true" class="page-frame-avatar"></span>' +
    `<a class="page-frame-logout" href="/logout">${LOGOUT_ICON}<span>Logout</span></a></header>` +
    `<div class="page-frame-body">${sider}<main class="page-frame-content" id="main-content" tabindex="-1">` +
    `${content}</main></div></div>`
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

/** A page's path without a trailing slash (`/dashboard/` is the dashboard). */
export const pagePath = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** Which frame a path gets (the sign-in screens have their card, drawn by signInShell). */
export function pageShellKind(pathname: string): 'student' | 'admin' | 'neutral' {
  const p = pagePath(pathname);
  if (STUDENT_PAGES[p]) return 'student';
  if (p.startsWith('/admin/')) return 'admin';
  return 'neutral';
}

/**
 * The loading frame the server draws for `pathname`, a signed-in page (or an unknown one); on a student page, with the
 * head of the page when `viewer` says who is signed in.
 */
export function pageShell(pathname: string, schoolName: string, viewer?: StudentPageViewer | null): string {
  const kind = pageShellKind(pathname);
  const p = pagePath(pathname);
  if (kind === 'student') {
    const content = viewer ? studentPageHead(p, viewer) : LOADING;
    return layoutFrame(schoolName, content, { menu: STUDENT_PAGES[p].menu, admin: false });
  }
  if (kind === 'admin') return layoutFrame(`${schoolName} · Administrator`, LOADING, { menu: true, admin: true });
  return neutralFrame();
}
