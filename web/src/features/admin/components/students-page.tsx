import { Alert } from 'antd';
import { Link } from 'react-router-dom';
import { RETENTION_MESSAGES } from '../../../../../shared/retention.js';
import { PageSpinner } from '../../../components/page-spinner.js';
import { ADMIN_ROUTES } from '../admin-routes.js';
import { useRetentionDue } from '../api/use-retention.js';
import { useRegistrationProgress } from '../api/use-registration-progress.js';
import { useStudents } from '../api/use-students.js';
import { ProgressAtAGlance } from './progress-at-a-glance.js';
import { type StudentDialog, type StudentRowDialog, StudentsTable } from './students-table.js';
import { PageTitle } from './page-title.js';

/**
 * The admin Dashboard: how many former students' personal data is due for deletion (only when some is, linking to
 * their screen: docs/product.md §12.4), a short summary of the registration progress (its details open on demand)
 * above the Students table, which the office uses most and so starts on the first screen. The table's Term Reports
 * dialog belongs to the term-reports feature, its Guardians dialog to the guardians feature: the app passes them in.
 * They are drawn once their first answers are in: drawn as loading, they would grow when the answers come and push
 * what is below them.
 */
export function StudentsPage({
  termReportsDialog,
  guardiansDialog,
}: {
  termReportsDialog: StudentDialog;
  guardiansDialog: StudentRowDialog;
}) {
  const progress = useRegistrationProgress();
  const students = useStudents();
  const due = useRetentionDue();
  // Waited for too, so that the notice does not push the table down after it is drawn; a failed answer shows none.
  const arriving = progress.isPending || students.isPending || due.isPending;
  const dueCount = due.data?.due.length ?? 0;
  return (
    <>
      <PageTitle style={{ marginBottom: 12 }}>Dashboard</PageTitle>
      {arriving ? (
        <PageSpinner />
      ) : (
        <>
          {dueCount > 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={
                <>
                  {RETENTION_MESSAGES.dueNotice(dueCount)}{' '}
                  <Link to={ADMIN_ROUTES.retention} style={{ textDecoration: 'underline' }}>
                    Review them
                  </Link>
                </>
              }
            />
          )}
          <ProgressAtAGlance />
          <StudentsTable termReportsDialog={termReportsDialog} guardiansDialog={guardiansDialog} />
        </>
      )}
    </>
  );
}
