import type { RegistrationStep } from '../../../../shared/student-fields.js';
import { ROUTES, TERM_REPORT_ROUTES } from '../../config/routes.js';
import { STEPS } from '../../config/registration-steps.js';

/** Every screen of the admin area has its own URL under /admin, so reload and Back keep the place. */
export const ADMIN_ROUTES = {
  dashboard: ROUTES.adminDashboard,
  exportData: '/admin/export-data',
  reports: '/admin/reports',
  importStudents: '/admin/import-students',
  postReports: TERM_REPORT_ROUTES.post,
  importReports: TERM_REPORT_ROUTES.import,
  parentsContact: '/admin/parents-contact',
  formerStudents: '/admin/former-students',
  outbox: '/admin/outbox',
  newSchoolYear: '/admin/new-school-year',
  settings: '/admin/settings',
  /** Former students due for deletion (docs/product.md §12.4): from Settings and the dashboard, not the menu. */
  retention: '/admin/retention',
} as const;

export type AdminOption = keyof typeof ADMIN_ROUTES;

/** 'student-data' for studentData: the last part of the student's own step route. */
export function stepSlug(step: RegistrationStep): string {
  const meta = STEPS.find((s) => s.key === step) ?? STEPS[0];
  return meta.route.split('/').pop() ?? '';
}

export function stepOfSlug(slug: string | undefined): RegistrationStep | null {
  return STEPS.find((s) => s.route.split('/').pop() === slug)?.key ?? null;
}

/** A student's registration opened by an administrator: /admin/students/20260001/registration/family-data */
export function adminRegistrationPath(studentId: string, step: RegistrationStep = 'studentData'): string {
  return `/admin/students/${encodeURIComponent(studentId)}/registration/${stepSlug(step)}`;
}
