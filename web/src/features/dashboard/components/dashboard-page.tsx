import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isFormOne, LAYOUT } from '../../../../../shared/constants.js';
import { firstIncompleteStep, isRegistrationComplete } from '../../../../../shared/registration-progress.js';
import { REGISTRATION_STEPS, type StudentRecord } from '../../../../../shared/student-fields.js';
import { ROUTES } from '../../../config/routes.js';
import { useAuth } from '../../../lib/auth-store.js';
import { stepIndex, STEPS } from '../../../config/registration-steps.js';
import { useRegistrationProgress } from '../../../lib/use-registration-progress.js';
import { useStudentRecord } from '../../../lib/queries/use-student-record.js';

function DashboardCard({ to, title, children }: { to: string; title: string; children: ReactNode }) {
  return (
    <Link to={to} style={{ display: 'block', width: LAYOUT.pageCardWidth, maxWidth: '100%' }}>
      <Card hoverable>
        <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0, color: 'inherit' }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{children}</Typography.Text>
      </Card>
    </Link>
  );
}

/**
 * Edit/View Registration, saying how far she is ("4 of 6 steps complete", by the same rules as the
 * stepper and the office) and leading to where to continue: the first step not yet complete.
 */
function RegistrationCard({ studentId, record }: { studentId: string; record: StudentRecord | null | undefined }) {
  const view = useRegistrationProgress(studentId, record);
  if (!view || !view.documentsKnown) {
    return (
      <DashboardCard to={ROUTES.studentData} title="Edit/View Registration">
        Review and complete your registration record.
      </DashboardCard>
    );
  }
  const { progress } = view;
  const next = firstIncompleteStep(progress);
  const steps = `${progress.completed} of ${REGISTRATION_STEPS.length} steps complete`;
  if (isRegistrationComplete(progress) || !next) {
    return (
      <DashboardCard to={ROUTES.complete} title="Edit/View Registration">
        <span style={{ display: 'block' }}>{steps}: your registration is complete.</span>
        You can still review it and print the registration form.
      </DashboardCard>
    );
  }
  const meta = STEPS[stepIndex(next)];
  return (
    <DashboardCard to={meta.route} title="Edit/View Registration">
      <span style={{ display: 'block' }}>{steps}.</span>
      Continue with Step {stepIndex(next) + 1}: {meta.label}.
    </DashboardCard>
  );
}

/** docs/product.md §2 Student dashboard (/dashboard). */
export function DashboardPage() {
  const { user, settings } = useAuth();
  const studentId = user?.role === 'student' ? user.student_id : null;
  const record = useStudentRecord(studentId);
  // Form 1 only (docs/product.md §6), and only with the school's PTA form address: no card that leads nowhere.
  const showPta = isFormOne(record.data?.class_id) && Boolean(settings.pta_form_url);

  return (
    <>
      <title>Dashboard · Student Portal</title>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        Welcome, {user?.name}
      </Typography.Title>
      <Flex vertical gap={16}>
        <DashboardCard to={ROUTES.termReports} title="View Term Reports">
          Read your end of term report cards.
        </DashboardCard>
        {studentId ? (
          <RegistrationCard studentId={studentId} record={record.data} />
        ) : (
          <DashboardCard to={ROUTES.studentData} title="Edit/View Registration">
            Review and complete your registration record.
          </DashboardCard>
        )}
        {showPta && (
          <DashboardCard to={ROUTES.pta} title="PTA Registration">
            Register with the Parent Teacher Association (opens in a new window).
          </DashboardCard>
        )}
      </Flex>
    </>
  );
}
