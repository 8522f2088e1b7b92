/** GET /api/registration-form/{studentId}: the registration form PDF (Legal), shown in the PDF viewer. */
export function registrationFormUrl(studentId: string): string {
  return `/api/registration-form/${encodeURIComponent(studentId)}`;
}

/** GET /api/registration-report/all or /{classId} (administrators): the registration report PDF. */
export function registrationReportUrl(classId: string | null = null): string {
  return `/api/registration-report/${classId === null ? 'all' : encodeURIComponent(classId)}`;
}
