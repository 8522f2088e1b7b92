import type { Role } from '../../../shared/api-types.js';
import { ROUTES } from '../config/routes.js';

/** The location state the route guard leaves for the sign-in page: the page she was sent away from. */
interface ReturnState {
  from?: unknown;
}

/**
 * Where a sign-in lands: back on the page she was sent away from when it is one her role may open
 * (a path of this site, not a sign-in page, a student page for a student, an admin page for an
 * administrator), else the default of docs/product.md §4 Sign-in.
 */
export function landingAfterSignIn(state: unknown, role: Role): string {
  const fallback = role === 'admin' ? ROUTES.adminDashboard : ROUTES.dashboard;
  const from = (state as ReturnState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return fallback;
  const path = from.split(/[?#]/)[0];
  if (path === ROUTES.studentLogin || path === ROUTES.adminLogin || path === ROUTES.logout) return fallback;
  const adminPage = path.startsWith(`${ROUTES.adminLogin}/`);
  return adminPage === (role === 'admin') ? from : fallback;
}
