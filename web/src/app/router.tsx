import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, Outlet, useNavigation } from 'react-router-dom';
import { LoadingOverlay, PageSpinner } from '../components/page-spinner.js';
import { RouteErrorPage } from '../components/route-error-page.js';
import { ROUTES } from '../config/routes.js';
import { logout } from '../features/auth/api/logout.js';
import { useAuth } from '../lib/auth-store.js';
import { preloadablePage } from '../lib/preloadable-page.js';
import { RequireAuth, VisitorOnly } from './route-guard.js';

// Every page is its own chunk: the sign-in page downloads only what it shows (docs/design.md §7 budget).
// The two sign-in pages are what a visitor opens first: main.tsx preloads them with the session.
const StudentLoginPage = preloadablePage(() =>
  import('../features/auth/components/student-login-page.js').then((m) => m.StudentLoginPage),
);
const AdminLoginPage = preloadablePage(() =>
  import('../features/auth/components/admin-login-page.js').then((m) => m.AdminLoginPage),
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
  import('../features/guardians/components/guardian-login-page.js').then((m) => m.GuardianLoginPage),
);
const GuardianForgotPasswordPage = preloadablePage(() =>
  import('../features/guardians/components/guardian-forgot-password-page.js').then((m) => m.GuardianForgotPasswordPage),
);
const GuardianInvitationPage = preloadablePage(() =>
  import('../features/guardians/components/guardian-invitation-page.js').then((m) => m.GuardianInvitationPage),
);
const MyStudentsPage = lazy(() =>
  import('../features/guardians/components/my-students-page.js').then((m) => ({ default: m.MyStudentsPage })),
);
const LogoutPage = lazy(() =>
  import('../features/auth/components/logout-page.js').then((m) => ({ default: m.LogoutPage })),
);
const ChangePasswordPage = lazy(() =>
  import('../features/auth/components/change-password-page.js').then((m) => ({ default: m.ChangePasswordPage })),
);
const StudentLayout = lazy(() => import('../layouts/student-layout.js'));
const RequireActiveStudent = lazy(() => import('./require-active-student.js'));
const AdminArea = lazy(() => import('./admin-area.js'));
const DashboardPage = lazy(() =>
  import('../features/dashboard/components/dashboard-page.js').then((m) => ({ default: m.DashboardPage })),
);
const PtaRedirectPage = lazy(() =>
  import('../features/pta/components/pta-redirect-page.js').then((m) => ({ default: m.PtaRedirectPage })),
);
const StudentDataPage = lazy(() =>
  import('../features/registration/components/student-data-page.js').then((m) => ({ default: m.StudentDataPage })),
);
const FamilyDataPage = lazy(() =>
  import('../features/registration/components/family-data-page.js').then((m) => ({ default: m.FamilyDataPage })),
);
const HealthDataPage = lazy(() =>
  import('../features/registration/components/health-data-page.js').then((m) => ({ default: m.HealthDataPage })),
);
const OtherDataPage = lazy(() =>
  import('../features/registration/components/other-data-page.js').then((m) => ({ default: m.OtherDataPage })),
);
const DocumentsPage = lazy(() =>
  import('../features/registration/components/documents-page.js').then((m) => ({ default: m.DocumentsPage })),
);
const CompletePage = lazy(() =>
  import('../features/registration/components/complete-page.js').then((m) => ({ default: m.CompletePage })),
);
const TermReportsPage = lazy(() =>
  import('../features/term-reports/components/term-reports-page.js').then((m) => ({ default: m.TermReportsPage })),
);
const NotFoundPage = lazy(() => import('../components/not-found-page.js').then((m) => ({ default: m.NotFoundPage })));

const SignedInServices = lazy(() => import('./signed-in-services.js'));
const FieldSaveQueueConnector = lazy(() =>
  import('../features/registration/save-queue/field-save-queue-connector.js').then((m) => ({
    default: m.FieldSaveQueueConnector,
  })),
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
        <Suspense fallback={null}>
          <SignedInServices />
        </Suspense>
      )}
      <LoadingOverlay spinning={signingOut} label="Signing out…" />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <VisitorOnly />,
        children: [
          { path: ROUTES.studentLogin, element: <StudentLoginPage /> },
          { path: ROUTES.adminLogin, element: <AdminLoginPage /> },
          { path: ROUTES.forgotPassword, element: <StudentForgotPasswordPage /> },
          { path: ROUTES.adminForgotPassword, element: <AdminForgotPasswordPage /> },
          { path: ROUTES.guardianLogin, element: <GuardianLoginPage /> },
          { path: ROUTES.guardianForgotPassword, element: <GuardianForgotPasswordPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: '/admin/*', element: <AdminArea /> },
          {
            element: <StudentLayout />,
            children: [
              { path: ROUTES.changePassword, element: <ChangePasswordPage /> },
              { path: ROUTES.myStudents, element: <MyStudentsPage /> },
              {
                // A student's own pages; a guardian's for the daughter she has chosen (the chooser first).
                element: <RequireActiveStudent />,
                children: [
                  { path: ROUTES.dashboard, element: <DashboardPage /> },
                  { path: ROUTES.pta, element: <PtaRedirectPage /> },
                  { path: ROUTES.studentData, element: <StudentDataPage /> },
                  { path: ROUTES.familyData, element: <FamilyDataPage /> },
                  { path: ROUTES.healthData, element: <HealthDataPage /> },
                  { path: ROUTES.otherData, element: <OtherDataPage /> },
                  { path: ROUTES.documents, element: <DocumentsPage /> },
                  { path: ROUTES.complete, element: <CompletePage /> },
                  { path: ROUTES.termReports, element: <TermReportsPage /> },
                ],
              },
            ],
          },
        ],
      },
      // The e-mailed link (docs/product.md §10) works whoever is signed in on this browser: it signs in as its account.
      { path: ROUTES.resetPassword, element: <ResetPasswordPage /> },
      // The invitation's link (docs/product.md §11), likewise: she creates her account, or signs in, to accept it.
      { path: ROUTES.guardianInvitation, element: <GuardianInvitationPage /> },
      // docs/product.md §2: /logout is a menu entry, open to anyone; the loader signs out on the server first.
      { path: ROUTES.logout, loader: logout, element: <LogoutPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

/**
 * Brings the code of the sign-in page (or the forgotten-password pages, the e-mailed links' pages) at `pathname`, if it
 * is one (before the client first draws).
 */
export function preloadPageFor(pathname: string): Promise<unknown> {
  if (pathname === ROUTES.studentLogin) return StudentLoginPage.preload();
  if (pathname === ROUTES.adminLogin) return AdminLoginPage.preload();
  if (pathname === ROUTES.resetPassword) return ResetPasswordPage.preload();
  if (pathname === ROUTES.forgotPassword) return StudentForgotPasswordPage.preload();
  if (pathname === ROUTES.adminForgotPassword) return AdminForgotPasswordPage.preload();
  if (pathname === ROUTES.guardianLogin) return GuardianLoginPage.preload();
  if (pathname === ROUTES.guardianForgotPassword) return GuardianForgotPasswordPage.preload();
  if (pathname === ROUTES.guardianInvitation) return GuardianInvitationPage.preload();
  return Promise.resolve();
}
