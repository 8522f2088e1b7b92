import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ROUTES } from '../config/routes.js';
import { useAuth } from '../lib/auth-store.js';
import type { FlashState } from '../lib/flash-notice.js';
import { useActiveStudent } from '../lib/use-active-student.js';

/**
 * The route guard (docs/product.md §2 Route guard). It looks only at the authenticated flag, never at the admin flag: a
 * route that needs authentication sends an unauthenticated user to /, a visitor-only route sends a signed-in user to
 * /registration/student-data (an administrator to /admin/dashboard; right after signing in, to where the sign-in
 * lands). After signing in she comes back to the page she was sent away from.
 */
export function RequireAuth() {
  const { authenticated, landing, landed } = useAuth();
  const location = useLocation();
  // Once a fresh sign-in has arrived on a signed-in page, visitor-only pages go back to the usual target
  // (docs/product.md §2 Route guard).
  useEffect(() => {
    if (authenticated && landing) landed();
  }, [authenticated, landing, landed]);
  // The sign-in brings her back here (return-path.ts).
  if (!authenticated)
    return <Navigate to={ROUTES.studentLogin} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

export function VisitorOnly() {
  const { authenticated, signedInTarget } = useAuth();
  if (authenticated) return <Navigate to={signedInTarget} replace />;
  return <Outlet />;
}

/**
 * Around the student pages (docs/product.md §11): a guardian who has not chosen which of her daughters' pages to see
 * (several linked, or none yet) is sent to the chooser, which brings her back here once she has chosen.
 */
export function RequireActiveStudent() {
  const { isGuardian, studentId } = useActiveStudent();
  const location = useLocation();
  if (isGuardian && !studentId) {
    // A notice meant for the page she asked for (e.g. "You are now linked to …") is shown on the chooser instead.
    const notice = (location.state as FlashState | null)?.notice;
    return <Navigate to={ROUTES.myStudents} replace state={{ from: location.pathname + location.search, notice }} />;
  }
  return <Outlet />;
}
