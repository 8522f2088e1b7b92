import type { RegistrationStep } from './student-fields.js';

/**
 * Client routes of docs/product.md §2 (history mode). In shared/ because the server knows them too (its first view's
 * data, the e-mailed links).
 */
export const ROUTES = {
  studentLogin: '/',
  adminLogin: '/admin',
  adminDashboard: '/admin/dashboard',
  dashboard: '/dashboard',
  pta: '/pta',
  studentData: '/registration/student-data',
  familyData: '/registration/family-data',
  healthData: '/registration/health-data',
  otherData: '/registration/other-data',
  documents: '/registration/documents',
  complete: '/registration/complete',
  changePassword: '/registration/change-password',
  termReports: '/term-reports',
  logout: '/logout',
  /** Asking for a link to choose a new password (docs/product.md §10), for a student and for an administrator. */
  forgotPassword: '/forgot-password',
  adminForgotPassword: '/admin/forgot-password',
  /** The link of that e-mail: /reset-password?token=… (open to anyone, signed in or not). */
  resetPassword: '/reset-password',
  /** A parent or guardian signs in with her e-mail address (docs/product.md §11), and asks for a reset link. */
  guardianLogin: '/guardian-login',
  guardianForgotPassword: '/guardian-forgot-password',
  /** The link of an invitation e-mail: /guardian-invitation?token=… (open to anyone, signed in or not). */
  guardianInvitation: '/guardian-invitation',
  /** A guardian's daughters: she chooses whose pages she sees (or learns that none is linked yet). */
  myStudents: '/my-students',
} as const;

export type AppRoute = (typeof ROUTES)[keyof typeof ROUTES];

/** Each registration step's page. */
export const STEP_ROUTES: Record<RegistrationStep, AppRoute> = {
  studentData: ROUTES.studentData,
  familyData: ROUTES.familyData,
  healthData: ROUTES.healthData,
  otherData: ROUTES.otherData,
  documents: ROUTES.documents,
  submit: ROUTES.complete,
};
