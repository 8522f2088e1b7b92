import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isFormOne, LAYOUT } from '../../../../../shared/constants.js';
import { firstIncompleteStep, isRegistrationComplete } from '../../../../../shared/registration-progress.js';
import { REGISTRATION_STEPS, type StudentRecord } from '../../../../../shared/student-fields.js';
import { ROUTES } from '../../../config/routes.js';
import { linkedStudentFirstName, linkedStudentLabel } from '../../../lib/active-student.js';
import { useAuth } from '../../../lib/auth-store.js';
import { useFlashNotice } from '../../../lib/flash-notice.js';
import { useActiveStudent } from '../../../lib/use-active-student.js';
import { stepIndex, STEPS } from '../../../config/registration-steps.js';
import { useRegistrationProgress } from '../../../lib/use-registration-progress.js';
import { useStudentRecord } from '../../../lib/queries/use-student-record.js';
import './dashboard-page.css';

/** A card that is a link (antd's hoverable Card, drawn without antd: dashboard-page.css). */
function DashboardCard({ to, title, children }: { to: string; title: string; children: ReactNode }) {
  return (
    <Link to={to} className="dashboard-card" style={{ width: LAYOUT.pageCardWidth }}>
      <h2 className="dashboard-card-title">{title}</h2>
      <span className="dashboard-card-text">{children}</span>
    </Link>
  );
}

/**
 * Whose the cards speak of: the student's own ("your"), or for a guardian her daughter's ("Aisha's"), with the
 * pronoun for "her registration is complete".
 */
interface Owner {
  possessive: string;
  pronoun: string;
}
const OWN: Owner = { possessive: 'your', pronoun: 'your' };

/**
 * Edit/View Registration, saying how far she is ("4 of 6 steps complete", by the same rules as the
 * stepper and the office) and leading to where to continue: the first step not yet complete.
 */
function RegistrationCard({
  studentId,
  record,
  owner,
}: {
  studentId: string;
  record: StudentRecord | null | undefined;
  owner: Owner;
}) {
  const view = useRegistrationProgress(studentId, record);
  if (!view || !view.documentsKnown) {
    return (
      <DashboardCard to={ROUTES.studentData} title="Edit/View Registration">
        Review and complete {owner.possessive} registration record.
      </DashboardCard>
    );
  }
  const { progress } = view;
  const next = firstIncompleteStep(progress);
  const steps = `${progress.completed} of ${REGISTRATION_STEPS.length} steps complete`;
  if (isRegistrationComplete(progress) || !next) {
    return (
      <DashboardCard to={ROUTES.complete} title="Edit/View Registration">
        <span className="dashboard-card-line">
          {steps}: {owner.pronoun} registration is complete.
        </span>
        You can still review it and print the registration form.
      </DashboardCard>
    );
  }
  const meta = STEPS[stepIndex(next)];
  return (
    <DashboardCard to={meta.route} title="Edit/View Registration">
      <span className="dashboard-card-line">{steps}.</span>
      Continue with Step {stepIndex(next) + 1}: {meta.label}.
    </DashboardCard>
  );
}

/**
 * docs/product.md §2 Student dashboard (/dashboard); a guardian's shows her chosen daughter's (§11). Drawn without antd
 * (docs/design.md §7): the first page a student sees, on a phone on mobile data.
 */
export function DashboardPage() {
  const { user, settings } = useAuth();
  const { studentId, student } = useActiveStudent();
  const notice = useFlashNotice();
  const record = useStudentRecord(studentId);
  const owner: Owner = student ? { possessive: `${linkedStudentFirstName(student)}'s`, pronoun: 'her' } : OWN;
  // Form 1 only (docs/product.md §6), and only with the school's PTA form address: no card that leads nowhere.
  const showPta = isFormOne(record.data?.class_id) && Boolean(settings.pta_form_url);

  return (
    <div className="plain-page">
      <title>Dashboard · Student Portal</title>
      {notice}
      <h1 className="plain-page-title">Welcome, {user?.name}</h1>
      {student && <p className="plain-page-lead">Registration and term reports of {linkedStudentLabel(student)}.</p>}
      <div className="dashboard-cards">
        <DashboardCard to={ROUTES.termReports} title="View Term Reports">
          Read {owner.possessive} end of term report cards.
        </DashboardCard>
        {studentId ? (
          <RegistrationCard key={studentId} studentId={studentId} record={record.data} owner={owner} />
        ) : (
          <DashboardCard to={ROUTES.studentData} title="Edit/View Registration">
            Review and complete {owner.possessive} registration record.
          </DashboardCard>
        )}
        {showPta && (
          <DashboardCard to={ROUTES.pta} title="PTA Registration">
            Register with the Parent Teacher Association (opens in a new window).
          </DashboardCard>
        )}
      </div>
    </div>
  );
}
