import { ProgressAtAGlance } from './progress-at-a-glance.js';
import { StudentsTable } from './students-table.js';
import { PageTitle } from './page-title.js';

/** The admin Dashboard: registration progress at a glance above the Students table. */
export function StudentsPage() {
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <ProgressAtAGlance />
      <StudentsTable />
    </>
  );
}
