import { ROUTES } from '../../../shared/routes.js';

export { type AppRoute, ROUTES } from '../../../shared/routes.js';

/** Where the guard sends someone already signed in who opens a visitor-only route (docs/product.md §2). */
export const SIGNED_IN_HOME = ROUTES.studentData;

/**
 * Where the admin shell mounts the term-report screens (docs/product.md §2 Post Term Reports; the import screen): the
 * admin menu and the term-report pages' links to each other both need them.
 */
export const TERM_REPORT_ROUTES = {
  post: '/admin/post-term-reports',
  import: '/admin/import-term-reports',
} as const;
