import { PageSpinner } from '../../../components/page-spinner.js';
import { useRegistrationProgress } from '../api/use-registration-progress.js';
import { useStudents } from '../api/use-students.js';
import { ProgressAtAGlance } from './progress-at-a-glance.js';
import { type StudentDialog, type StudentRowDialog, StudentsTable } from './students-table.js';
import { PageTitle } from './page-title.js';

/**
 * The admin Dashboard: a short summary of the registration progress (its details open on demand) above the Students
 * table, which the office uses most and so starts on the first screen. The table's Term Reports dialog belongs to
 * the term-reports feature, its Guardians dialog to the guardians feature: the app passes them in. Both are drawn once
 * their first answers are in: drawn as loading, they would grow when the answers come and push what is below them.
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
  const arriving = progress.isPending || students.isPending;
  return (
    <>
      <PageTitle style={{ marginBottom: 12 }}>Dashboard</PageTitle>
      {arriving ? (
        <PageSpinner />
      ) : (
        <>
          <ProgressAtAGlance />
          <StudentsTable termReportsDialog={termReportsDialog} guardiansDialog={guardiansDialog} />
        </>
      )}
    </>
  );
}
