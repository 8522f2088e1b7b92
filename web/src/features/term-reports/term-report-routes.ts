/** Where the admin shell mounts the term-report screens (docs/product.md §2 Post Term Reports; the import screen). */
export const TERM_REPORT_ROUTES = {
  post: '/admin/post-term-reports',
  import: '/admin/import-term-reports',
} as const;
