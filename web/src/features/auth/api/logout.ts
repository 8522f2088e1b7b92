import { redirect } from 'react-router-dom';
import { ROUTES } from '../../../config/routes.js';
import { apiClient } from '../../../lib/api-client.js';
import { signOutWarning } from '../../../lib/sign-out-guard.js';
import { announceSignOut, markSignedOut } from '../../../lib/signed-out-marker.js';

/**
 * POST /logout. Run by the /logout route's loader (the router's data API), not by a component:
 * the answer does not matter, docs/product.md §4 says sign-out errors are ignored; without a connection the server
 * hears it later (lib/signed-out-marker.ts). When signing out would lose
 * something (answers not saved yet), she is asked first and may stay where she was.
 */
export async function logout(): Promise<Response | null> {
  const here = window.location.pathname;
  const warning = here === ROUTES.logout ? null : signOutWarning();
  if (warning && !window.confirm(warning)) return redirect(here + window.location.search);
  // The device is signed out first, whether or not the server can be reached now: the marker keeps any tab of this
  // browser from showing her pages, and ends the session with the first request that reaches the server.
  markSignedOut();
  announceSignOut();
  try {
    await apiClient.post<void>('/logout');
  } catch {
    // Signing out locally goes ahead whether or not the server answered.
  }
  return null;
}
