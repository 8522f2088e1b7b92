/**
 * GET /api/registration-form/{studentId}: the registration form PDF (Legal), shown in the PDF viewer; with a year,
 * that school year's kept form (administrators).
 */
export function registrationFormUrl(studentId: string, year: number | null = null): string {
  const path = `/api/registration-form/${encodeURIComponent(studentId)}`;
  return year === null ? path : `${path}?year=${year}`;
}

/** GET /api/registration-report/all or /{classId} (administrators): the registration report PDF. */
export function registrationReportUrl(classId: string | null = null): string {
  return `/api/registration-report/${classId === null ? 'all' : encodeURIComponent(classId)}`;
}
