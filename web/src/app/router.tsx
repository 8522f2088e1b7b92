import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, type RouteObject, useLocation, useNavigation } from 'react-router-dom';
import { loadAntdTheme } from '../components/antd-on-demand.js';
import { LoadingOverlay, PageSpinner } from '../components/page-spinner.js';
import { RouteErrorPage } from '../components/route-error-page.js';
import { ROUTES } from '../config/routes.js';
import { logout } from '../features/auth/api/logout.js';
// Part of the client's first code, not a chunk: signing out must work without a connection (docs/product.md §4).
import { LogoutPage } from '../features/auth/components/logout-page.js';
import { useAuth } from '../lib/auth-store.js';
import { setPageCodeLoader } from '../lib/page-code.js';
import { type PreloadablePage, preloadablePage } from '../lib/preloadable-page.js';
import { RequireAuth, VisitorOnly } from './route-guard.js';

// Every page is its own chunk: the sign-in page downloads only what it shows (docs/design.md §7 budget).
// The sign-in pages are what a visitor opens first: main.tsx preloads them with the session. Drawn without antd (a
// phone on mobile data), outside AntdTheme: every page a student or parent opens (the sign-in, forgotten-password,
// new-password, invitation and change-password pages, the student layout, the dashboard, the term reports, the six
// registration steps, a guardian's chooser, /pta, page-not-found) and the sign-out page (/logout, a 'Signing out…'
// overlay). The office's screens sit inside AntdTheme (antd's theme and App, a chunk of its own), inside the admin
// frame (AdminShell).
const StudentLoginPage = preloadablePage(() =>
  import('../features/auth/components/sign-in-page.js').then((m) => m.StudentSignInPage),
);
const AdminLoginPage = preloadablePage(() =>
  import('../features/auth/components/sign-in-page.js').then((m) => m.AdminSignInPage),
);
// Opened from an e-mail, as a first page: preloaded like the sign-in pages.
const StudentForgotPasswordPage = preloadablePage(() =>
  import('../features/auth/components/forgot-password-page.js').then((m) => m.StudentForgotPasswordPage),
);
const AdminForgotPasswordPage = preloadablePage(() =>
  import('../features/auth/components/forgot-password-page.js').then((m) => m.AdminForgotPasswordPage),
);
const ResetPasswordPage = preloadablePage(() =>
  import('../features/auth/components/reset-password-page.js').then((m) => m.ResetPasswordPage),
);
// A parent's way in (docs/product.md §11): her sign-in and forgotten-password pages, and the invitation's link.
const GuardianLoginPage = preloadablePage(() =>
  import('../features/auth/components/sign-in-page.js').then((m) => m.GuardianSignInPage),
);
const GuardianForgotPasswordPage = preloadablePage(() =>
  import('../features/auth/components/forgot-password-page.js').then((m) => m.GuardianForgotPasswordPage),
);
const GuardianInvitationPage = preloadablePage(() =>
  import('../features/guardians/components/guardian-invitation-page.js').then((m) => m.GuardianInvitationPage),
);
// The signed-in pages and their layouts: main.tsx asks for the code of the page opened with the session.
const MyStudentsPage = preloadablePage(() =>
  import('../features/guardians/components/my-students-page.js').then((m) => m.MyStudentsPage),
);
const ChangePasswordPage = preloadablePage(() =>
  import('../features/auth/components/change-password-page.js').then((m) => m.ChangePasswordPage),
);
const StudentLayout = preloadablePage(() => import('../layouts/student-layout.js').then((m) => m.default));
const RequireActiveStudent = preloadablePage(() => import('./require-active-student.js').then((m) => m.default));
const AdminArea = preloadablePage(() => import('./admin-area.js').then((m) => m.default));
const DashboardPage = preloadablePage(() =>
  import('../features/dashboard/components/dashboard-page.js').then((m) => m.DashboardPage),
);
const PtaRedirectPage = preloadablePage(() =>
  import('../features/pta/components/pta-redirect-page.js').then((m) => m.PtaRedirectPage),
);
const StudentDataPage = preloadablePage(() =>
  import('../features/registration/components/student-data-page.js').then((m) => m.StudentDataPage),
);
const FamilyDataPage = preloadablePage(() =>
  import('../features/registration/components/family-data-page.js').then((m) => m.FamilyDataPage),
);
const HealthDataPage = preloadablePage(() =>
  import('../features/registration/components/health-data-page.js').then((m) => m.HealthDataPage),
);
const OtherDataPage = preloadablePage(() =>
  import('../features/registration/components/other-data-page.js').then((m) => m.OtherDataPage),
);
const DocumentsPage = preloadablePage(() =>
  import('../features/registration/components/documents-page.js').then((m) => m.DocumentsPage),
);
const CompletePage = preloadablePage(() =>
  import('../features/registration/components/complete-page.js').then((m) => m.CompletePage),
);
const TermReportsPage = preloadablePage(() =>
  import('../features/term-reports/components/term-reports-page.js').then((m) => m.TermReportsPage),
);
const NotFoundPage = lazy(() => import('../components/not-found-page.js').then((m) => ({ default: m.NotFoundPage })));

// Drawn around every signed-in page, from its first drawing once preloaded (preloadSignedInPage): the save queue's
// sign-out warning and reconnection, and the idle warning, are there as soon as the page is.
const SignedInServices = preloadablePage(() => import('./signed-in-services.js').then((m) => m.default));
const FieldSaveQueueConnector = preloadablePage(() =>
  import('../features/registration/save-queue/field-save-queue-connector.js').then((m) => m.FieldSaveQueueConnector),
);

/**
 * The root of every route: loads page code, and shows the overlay while signing out (docs/product.md §4 Sign-in step
 * 6). For a signed-in person, whatever the page: the registration answers' save queue (sent while the session is live,
 * held while it has ended) and the idle warning / sign-in-again dialog.
 */
function AppShell() {
  const navigation = useNavigation();
  const { authenticated, user, sessionEnded } = useAuth();
  const signingOut = navigation.state === 'loading' && navigation.location?.pathname === ROUTES.logout;
  // Loaded at the first sign-in (the sign-in page does not need it), then kept: it also sees the sign-out.
  const [queueNeeded, setQueueNeeded] = useState(authenticated);
  if (authenticated && !queueNeeded) setQueueNeeded(true);
  const { pathname } = useLocation();
  // Once a registration step is shown, the code of the other steps (and of the sign-in page) arrives at once.
  useEffect(() => {
    if (authenticated) preloadNextPages(pathname);
  }, [authenticated, pathname]);
  // A signed-in page's code is asked for when she presses or tabs to a link to it.
  useEffect(() => (authenticated ? preloadOnIntent() : undefined), [authenticated]);
  return (
    <>
      {queueNeeded && (
        <Suspense fallback={null}>
          <FieldSaveQueueConnector user={user} sessionEnded={sessionEnded} />
        </Suspense>
      )}
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      {authenticated && (
        // Drawn without antd: its dialogs load antd when one of them opens (session-keeper.tsx).
        <Suspense fallback={null}>
          <SignedInServices />
        </Suspense>
      )}
      <LoadingOverlay spinning={signingOut} label="Signing out…" />
    </>
  );
}

/**
 * The portal's routes: main.tsx draws them in the browser (createBrowserRouter), entry-server.tsx on the server
 * (a static router), so the server's first view and the page are the same components.
 */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <VisitorOnly />,
        children: [
          // Drawn without antd (docs/design.md §7): the server draws the same forms first (server/web-client).
          { path: ROUTES.studentLogin, element: <StudentLoginPage /> },
          { path: ROUTES.adminLogin, element: <AdminLoginPage /> },
          { path: ROUTES.guardianLogin, element: <GuardianLoginPage /> },
          { path: ROUTES.forgotPassword, element: <StudentForgotPasswordPage /> },
          { path: ROUTES.adminForgotPassword, element: <AdminForgotPasswordPage /> },
          { path: ROUTES.guardianForgotPassword, element: <GuardianForgotPasswordPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          // The admin frame is drawn without antd (the server draws it); its screens are antd's (AdminShell).
          { path: '/admin/*', element: <AdminArea /> },
          {
            // Drawn without antd: antd's theme is around the pages that draw with it, inside the layout.
            element: <StudentLayout />,
            children: [
              { path: ROUTES.changePassword, element: <ChangePasswordPage /> },
              { path: ROUTES.myStudents, element: <MyStudentsPage /> },
              {
                // A student's own pages; a guardian's for the daughter she has chosen (the chooser first).
                element: <RequireActiveStudent />,
                children: [
                  // Drawn without antd (docs/design.md §7): the pages a student opens first, on a phone, and the
                  // six registration steps a parent fills in on one.
                  { path: ROUTES.dashboard, element: <DashboardPage /> },
                  { path: ROUTES.termReports, element: <TermReportsPage /> },
                  { path: ROUTES.studentData, element: <StudentDataPage /> },
                  { path: ROUTES.familyData, element: <FamilyDataPage /> },
                  { path: ROUTES.healthData, element: <HealthDataPage /> },
                  { path: ROUTES.otherData, element: <OtherDataPage /> },
                  { path: ROUTES.documents, element: <DocumentsPage /> },
                  { path: ROUTES.complete, element: <CompletePage /> },
                  { path: ROUTES.pta, element: <PtaRedirectPage /> },
                ],
              },
            ],
          },
        ],
      },
      // docs/product.md §2: /logout is a menu entry, open to anyone; the loader signs out on the server first.
      { path: ROUTES.logout, loader: logout, element: <LogoutPage /> },
      // The e-mailed link (docs/product.md §10) works whoever is signed in on this browser: it signs in as its account.
      { path: ROUTES.resetPassword, element: <ResetPasswordPage /> },
      // The invitation's link (docs/product.md §11), likewise: she creates her account, or signs in, to accept it.
      { path: ROUTES.guardianInvitation, element: <GuardianInvitationPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The student layout's pages: the page, whether RequireActiveStudent is around it, and whether it is drawn with antd
 * (AntdTheme around it).
 */
const STUDENT_PAGES: Record<string, { page: PreloadablePage; active: boolean; antd: boolean }> = {
  [ROUTES.changePassword]: { page: ChangePasswordPage, active: false, antd: false },
  [ROUTES.myStudents]: { page: MyStudentsPage, active: false, antd: false },
  [ROUTES.dashboard]: { page: DashboardPage, active: true, antd: false },
  [ROUTES.pta]: { page: PtaRedirectPage, active: true, antd: false },
  [ROUTES.studentData]: { page: StudentDataPage, active: true, antd: false },
  [ROUTES.familyData]: { page: FamilyDataPage, active: true, antd: false },
  [ROUTES.healthData]: { page: HealthDataPage, active: true, antd: false },
  [ROUTES.otherData]: { page: OtherDataPage, active: true, antd: false },
  [ROUTES.documents]: { page: DocumentsPage, active: true, antd: false },
  [ROUTES.complete]: { page: CompletePage, active: true, antd: false },
  [ROUTES.termReports]: { page: TermReportsPage, active: true, antd: false },
};

/** The six steps' routes (config/registration-steps.ts has them too, but brings the fields' definitions with it). */
const REGISTRATION_STEPS: string[] = [
  ROUTES.studentData,
  ROUTES.familyData,
  ROUTES.healthData,
  ROUTES.otherData,
  ROUTES.documents,
  ROUTES.complete,
];

/** Whether `pathname` is a signed-in page whose data main.tsx asks for early (page-data.ts). */
export function isSignedInPage(pathname: string): boolean {
  return pathname in STUDENT_PAGES || pathname.startsWith('/admin/');
}

/**
 * Brings the code of a signed-in page and of what is drawn around it (the layout, the guard, antd's theme for a page
 * drawn with antd), all at once.
 */
function preloadSignedInPage(pathname: string): Promise<unknown> | null {
  const entry = STUDENT_PAGES[pathname];
  if (!entry && !pathname.startsWith('/admin/')) return null;
  // Drawn around every signed-in page (AppShell): the registration form waits for the save queue's answers.
  const services = Promise.all([SignedInServices.preload(), FieldSaveQueueConnector.preload()]);
  if (pathname.startsWith('/admin/')) return Promise.all([AdminArea.preload(), loadAntdTheme(), services]);
  // A registration step's neighbours come with it (asked for now, not waited for): Next must work offline too.
  if (REGISTRATION_STEPS.includes(pathname)) preloadNextPages(pathname);
  return Promise.all([
    services,
    StudentLayout.preload(),
    entry?.active ? RequireActiveStudent.preload() : null,
    entry?.page.preload(),
    entry?.antd ? loadAntdTheme() : null,
  ]);
}

/**
 * From a registration step, the other steps (small: the form they share has come with this one), asked for as soon as
 * this one is drawn: a connection that drops a moment after the page has loaded must not keep her from the next step.
 * From any signed-in page, the sign-in page's code too: signing out goes there, with or without a connection. A
 * failure is left to the page (the step's link waits for its code and says so, registration-form.tsx). Nothing more
 * from the dashboard or the term reports: preloadOnIntent asks for a step's code when she heads for it.
 */
function preloadNextPages(pathname: string): void {
  const quietly = (page: PreloadablePage) => void page.preload().catch(() => undefined);
  quietly(StudentLoginPage);
  if (!REGISTRATION_STEPS.includes(pathname)) return;
  REGISTRATION_STEPS.filter((step) => step !== pathname).forEach((step) => quietly(STUDENT_PAGES[step].page));
}

// A registration step's link waits for the next step's code (lib/page-code.ts).
setPageCodeLoader(preloadSignedInPage);

/**
 * A press on a link (pointerdown, before its click) or the focus on it (Tab) asks for the code of the signed-in page
 * it leads to, with what is drawn around it: she sees the page sooner, and only the pages she heads for are loaded
 * (antd only with a page drawn with it). A failure is left to the page. Returns the unsubscribe.
 */
function preloadOnIntent(): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    preloadSignedInPage(link.pathname)?.catch(() => undefined);
  };
  document.addEventListener('pointerdown', onIntent, true);
  document.addEventListener('focusin', onIntent);
  return () => {
    document.removeEventListener('pointerdown', onIntent, true);
    document.removeEventListener('focusin', onIntent);
  };
}

/**
 * Brings the code of the page at `pathname` before the client first draws: a sign-in page (or the forgotten-password
 * pages, the e-mailed links' pages), or a signed-in page with its layout; for a page drawn with antd, antd's theme
 * with it (not for the dashboard, the term reports and the registration steps, drawn without it).
 */
export function preloadPageFor(pathname: string): Promise<unknown> {
  if (pathname === ROUTES.studentLogin) return StudentLoginPage.preload();
  if (pathname === ROUTES.adminLogin) return AdminLoginPage.preload();
  if (pathname === ROUTES.guardianLogin) return GuardianLoginPage.preload();
  if (pathname === ROUTES.resetPassword) return ResetPasswordPage.preload();
  if (pathname === ROUTES.forgotPassword) return StudentForgotPasswordPage.preload();
  if (pathname === ROUTES.adminForgotPassword) return AdminForgotPasswordPage.preload();
  if (pathname === ROUTES.guardianForgotPassword) return GuardianForgotPasswordPage.preload();
  if (pathname === ROUTES.guardianInvitation) return GuardianInvitationPage.preload();
  return preloadSignedInPage(pathname) ?? Promise.resolve();
}
