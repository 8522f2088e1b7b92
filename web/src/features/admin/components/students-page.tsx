import { ProgressAtAGlance } from './progress-at-a-glance.js';
import { type StudentDialog, StudentsTable } from './students-table.js';
import { PageTitle } from './page-title.js';

/**
 * The admin Dashboard: registration progress at a glance above the Students table. The table's Term
 * Reports dialog belongs to the term-reports feature: the app passes it in.
 */
export function StudentsPage({ termReportsDialog }: { termReportsDialog: StudentDialog }) {
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <ProgressAtAGlance />
      <StudentsTable termReportsDialog={termReportsDialog} />
    </>
  );
}
