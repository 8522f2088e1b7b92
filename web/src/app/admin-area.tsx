import { Route, Routes } from 'react-router-dom';
import { AdminShell, UnknownAdminPage } from '../features/admin/components/admin-shell.js';
import { ExportDataPage } from '../features/admin/components/export-data-page.js';
import { FormerStudentsPage } from '../features/admin/components/former-students-page.js';
import { ImportStudentsPage } from '../features/admin/components/import-students-page.js';
import { OutboxPage } from '../features/admin/components/outbox-page.js';
import { ParentsContactPage } from '../features/admin/components/parents-contact-page.js';
import { ReportsPage } from '../features/admin/components/reports-page.js';
import { RetentionPage } from '../features/admin/components/retention-page.js';
import { SettingsPage } from '../features/admin/components/settings-page.js';
import { StudentsPage } from '../features/admin/components/students-page.js';
import { MfaEnrolmentRequiredPage } from '../features/admin/components/two-step-settings.js';
import { ADMIN_ROUTES } from '../features/admin/admin-routes.js';
import { OfficeGuardiansDialog } from '../features/guardians/components/office-guardians-dialog.js';
import { NewSchoolYearPage } from '../features/school-year/components/new-school-year-page.js';
import { ImportTermReportsPage } from '../features/term-reports/components/import-term-reports-page.js';
import { PostTermReportsPage } from '../features/term-reports/components/post-term-reports-page.js';
import { StudentTermReportsDialog } from '../features/term-reports/components/student-term-reports-dialog.js';
import { useAuth } from '../lib/auth-store.js';
import { AdminRegistrationPage } from './admin-registration-page.js';

/**
 * The admin area (/admin/*): the admin shell around the screens of the admin, term-report, guardian, school-year and
 * registration features, composed here so that no feature imports another. It is its own code chunk,
 * so none of it is downloaded by the sign-in pages.
 * An administrator who must still set up two-step sign-in (ADMIN_MFA=required) sees only that set-up.
 */
export default function AdminArea() {
  const { user } = useAuth();
  // ADMIN_MFA=required: until she has set up two-step sign-in, every admin screen is the set-up.
  if (user?.role === 'admin' && user.mfa_enrolment_required)
    return (
      <AdminShell>
        <MfaEnrolmentRequiredPage />
      </AdminShell>
    );
  return (
    <AdminShell>
      <Routes>
        {/* paths relative to /admin/* */}
        <Route
          path="dashboard"
          element={
            <StudentsPage termReportsDialog={StudentTermReportsDialog} guardiansDialog={OfficeGuardiansDialog} />
          }
        />
        <Route path="export-data" element={<ExportDataPage />} />
        <Route path="reports" element={<ReportsPage />} />
        <Route path="import-students" element={<ImportStudentsPage />} />
        <Route path="post-term-reports" element={<PostTermReportsPage />} />
        <Route path="import-term-reports" element={<ImportTermReportsPage />} />
        <Route path="parents-contact" element={<ParentsContactPage />} />
        <Route path="former-students" element={<FormerStudentsPage termReportsDialog={StudentTermReportsDialog} />} />
        <Route path="outbox" element={<OutboxPage />} />
        <Route path="new-school-year" element={<NewSchoolYearPage settingsPath={ADMIN_ROUTES.settings} />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="retention" element={<RetentionPage />} />
        <Route path="students/:studentId/registration/:step" element={<AdminRegistrationPage />} />
        <Route path="*" element={<UnknownAdminPage />} />
      </Routes>
    </AdminShell>
  );
}
