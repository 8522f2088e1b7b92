import type { QueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '../../../shared/api-types.js';
import { ROUTES } from '../config/routes.js';
import { registrationProgressQuery } from '../features/admin/api/use-registration-progress.js';
import { studentsQuery } from '../features/admin/api/use-students.js';
import { reportCardTermsQuery } from '../features/term-reports/api/use-report-card-terms.js';
import { readChosenStudent, resolveActiveStudent } from '../lib/active-student.js';
import { ethnicGroupsQuery } from '../lib/queries/lookups/use-ethnic-groups.js';
import { formClassesQuery } from '../lib/queries/lookups/use-form-classes.js';
import { housesQuery } from '../lib/queries/lookups/use-houses.js';
import { regionalCorporationsQuery } from '../lib/queries/lookups/use-regional-corporations.js';
import { religionsQuery } from '../lib/queries/lookups/use-religions.js';
import { townsQuery } from '../lib/queries/lookups/use-towns.js';
import { registrationRoundQuery } from '../lib/queries/use-registration-round.js';
import { registrationStatusQuery } from '../lib/queries/use-registration-status.js';
import { schoolYearQuery } from '../lib/queries/use-school-year.js';
import { studentFilesQuery } from '../lib/queries/use-student-files.js';
import { studentRecordQuery } from '../lib/queries/use-student-record.js';

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Asks for the data of the page at `pathname` as soon as the session says who is signed in, with the queries the
 * page itself uses (same keys, same functions): the page finds them in the cache, or under way, when its code has
 * arrived, instead of asking only once it has drawn. Nothing is asked for a visitor, or for a page whose person
 * does not match (an administrator on a student page: the guard sends her elsewhere). Failures are left to the page.
 */
export function prefetchPageData(
  queryClient: QueryClient,
  pathname: string,
  session: SessionInfo | undefined,
): Promise<unknown> {
  const user = session?.authenticated ? session.user : null;
  if (!user) return Promise.resolve();
  if (user.role === 'admin') {
    if (pathname !== ROUTES.adminDashboard) return Promise.resolve();
    return Promise.all([
      queryClient.prefetchQuery(studentsQuery),
      queryClient.prefetchQuery(registrationProgressQuery),
    ]);
  }
  // A student's own pages; a guardian's for the daughter chosen in this tab (use-active-student.ts).
  const studentId = resolveActiveStudent(user, readChosenStudent(sessionStore()));
  if (!studentId) return Promise.resolve();
  if (pathname.startsWith('/registration/') && pathname !== ROUTES.changePassword)
    return Promise.all([
      import('../features/registration/save-queue/field-save-queue-connector.js').then((m) =>
        m.connectSaveQueue(queryClient, user),
      ),
      queryClient.prefetchQuery(studentRecordQuery(studentId)),
      queryClient.prefetchQuery(registrationStatusQuery),
      queryClient.prefetchQuery(schoolYearQuery),
      queryClient.prefetchQuery(studentFilesQuery(studentId)),
      queryClient.prefetchQuery(registrationRoundQuery(studentId)),
      queryClient.prefetchQuery(formClassesQuery),
      queryClient.prefetchQuery(housesQuery),
      queryClient.prefetchQuery(townsQuery),
      queryClient.prefetchQuery(regionalCorporationsQuery),
      queryClient.prefetchQuery(religionsQuery),
      queryClient.prefetchQuery(ethnicGroupsQuery),
    ]);
  if (pathname === ROUTES.dashboard)
    return Promise.all([
      queryClient.prefetchQuery(studentRecordQuery(studentId)),
      queryClient.prefetchQuery(studentFilesQuery(studentId)),
      queryClient.prefetchQuery(schoolYearQuery),
      queryClient.prefetchQuery(registrationRoundQuery(studentId)),
    ]);
  if (pathname === ROUTES.termReports) return queryClient.prefetchQuery(reportCardTermsQuery(studentId));
  return Promise.resolve();
}
