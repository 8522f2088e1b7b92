import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { ROUTES } from '../../../config/routes.js';
import { useAuth } from '../../../lib/auth-store.js';

/**
 * /logout (docs/product.md §4 Sign-in step 6). The route's loader has already called POST /logout (whatever it
 * answered); this clears the client's authentication and session storage and goes to the root.
 */
export function LogoutPage() {
  const { authenticated, signOut } = useAuth();
  useEffect(() => {
    signOut();
  }, [signOut]);
  if (!authenticated) return <Navigate to={ROUTES.studentLogin} replace />;
  return <LoadingOverlay spinning label="Signing out…" />;
}
