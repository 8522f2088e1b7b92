import { actorLabel, type LoginResponse } from '../../../shared/api-types.js';
import { ROUTES } from '../config/routes.js';

/**
 * The name an account signs in with: a student's ID, an administrator's username, a guardian's e-mail address
 * (POST /api/change-password-student carries it as `student_id`, whichever the account).
 */
export function signInName(user: LoginResponse): string {
  if (user.role === 'admin') return user.username;
  if (user.role === 'guardian') return user.email;
  return user.student_id;
}

/**
 * One key per account, for this device: the save queue keeps an account's unsaved answers under it, and the reset
 * page compares accounts by it. A student's and an administrator's is their actor label; a guardian's is her
 * sign-in address (her sign-in answer has no username or display name, which actorLabel reads).
 */
export function accountKey(user: LoginResponse): string {
  return user.role === 'guardian' ? `guardian:${user.email.toLowerCase()}` : actorLabel(user);
}

/**
 * Where an account is at home: an administrator's dashboard, else the student dashboard (a guardian with several
 * daughters, or none, is sent on from there to choose one: RequireActiveStudent).
 */
export function homeFor(user: LoginResponse | null): string {
  return user?.role === 'admin' ? ROUTES.adminDashboard : ROUTES.dashboard;
}
