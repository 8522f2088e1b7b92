import { ProgressAtAGlance } from './progress-at-a-glance.js';
import { type StudentDialog, type StudentRowDialog, StudentsTable } from './students-table.js';
import { PageTitle } from './page-title.js';

/**
 * The admin Dashboard: a short summary of the registration progress (its details open on demand) above the Students
 * table, which the office uses most and so starts on the first screen. The table's Term Reports dialog belongs to
 * the term-reports feature, its Guardians dialog to the guardians feature: the app passes them in.
 */
export function StudentsPage({
  termReportsDialog,
  guardiansDialog,
}: {
  termReportsDialog: StudentDialog;
  guardiansDialog: StudentRowDialog;
}) {
  return (
    <>
      <PageTitle style={{ marginBottom: 12 }}>Dashboard</PageTitle>
      <ProgressAtAGlance />
      <StudentsTable termReportsDialog={termReportsDialog} guardiansDialog={guardiansDialog} />
    </>
  );
}
