import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ROUTES } from '../config/routes.js';
import { useAuth } from '../lib/auth-store.js';

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
