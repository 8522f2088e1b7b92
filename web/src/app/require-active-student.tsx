import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useInBrowser } from '../components/client-only.js';
import { PageSpinner } from '../components/page-spinner.js';
import { GUARDIAN_MESSAGES } from '../../../shared/guardians.js';
import { ROUTES } from '../config/routes.js';
import type { FlashState } from '../lib/flash-notice.js';
import { useActiveStudent } from '../lib/use-active-student.js';

/**
 * Around the student pages (docs/product.md §11): a guardian who has not chosen which of her daughters' pages to see
 * (several linked, or none yet) is sent to the chooser, which brings her back here once she has chosen. Its own
 * chunk, loaded with the student pages: the sign-in pages do not need it.
 */
export default function RequireActiveStudent() {
  const { isGuardian, students, studentId, choiceLost } = useActiveStudent();
  const location = useLocation();
  const inBrowser = useInBrowser();
  // Which of several daughters she chose is known to her tab only: the server's view (and the browser's first
  // drawing, which adopts it) waits for the tab rather than sending her to the chooser.
  if (isGuardian && students.length !== 1 && !inBrowser) return <PageSpinner />;
  if (isGuardian && !studentId) {
    // A notice meant for the page she asked for (e.g. "You are now linked to …") is shown on the chooser instead;
    // a daughter no longer linked is said, rather than another daughter's pages shown in her place.
    const notice = choiceLost ? GUARDIAN_MESSAGES.accessEnded : (location.state as FlashState | null)?.notice;
    return <Navigate to={ROUTES.myStudents} replace state={{ from: location.pathname + location.search, notice }} />;
  }
  return <Outlet />;
}
