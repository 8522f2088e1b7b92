import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isFormOne, LAYOUT } from '../../../../../shared/constants.js';
import { ROUTES } from '../../../config/routes.js';
import { useAuth } from '../../auth/auth-store.js';
import { useStudentRecord } from '../../students/api/use-student-record.js';

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

/** §2 Student dashboard (/dashboard). */
export function DashboardPage() {
  const { user } = useAuth();
  const studentId = user?.role === 'student' ? user.student_id : null;
  const record = useStudentRecord(studentId);
  const showPta = isFormOne(record.data?.class_id);

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
        <DashboardCard to={ROUTES.studentData} title="Edit/View Registration">
          Review and complete your registration record.
        </DashboardCard>
        {showPta && (
          <DashboardCard to={ROUTES.pta} title="PTA Registration">
            Register with the Parent Teacher Association (opens in a new window).
          </DashboardCard>
        )}
      </Flex>
    </>
  );
}
