import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Typography } from 'antd';
import { useCallback } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { RegistrationStep } from '../../../shared/student-fields.js';
import { ADMIN_ROUTES, adminRegistrationPath, stepOfSlug } from '../features/admin/admin-routes.js';
import { RegistrationForm } from '../features/registration/components/registration-form.js';
import { useStudentRecord } from '../lib/queries/use-student-record.js';

/**
 * The admin area's page of the registration feature's form (composed here, where features may meet).
 * Edit/View Registration from the Students table: the student's six-step form, each step its own URL
 * under /admin/students/:studentId/registration/:step. Administrators may edit even when closed.
 */
export function AdminRegistrationPage() {
  const { studentId = '', step: slug } = useParams();
  const navigate = useNavigate();
  const step = stepOfSlug(slug);
  const record = useStudentRecord(studentId);
  const stepPath = useCallback((s: RegistrationStep) => adminRegistrationPath(studentId, s), [studentId]);
  const name = record.data ? `${record.data.first_name ?? ''} ${record.data.last_name ?? ''}`.trim() : '';
  if (!step) {
    return (
      <Result
        status="404"
        title="No such step"
        extra={<Link to={adminRegistrationPath(studentId)}>Open the first step</Link>}
      />
    );
  }
  return (
    <>
      <Flex align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Link to={ADMIN_ROUTES.dashboard}>
          <Button icon={<ArrowLeftOutlined />} tabIndex={-1}>
            Students
          </Button>
        </Link>
        <Typography.Text strong>
          Registration of {name || 'student'} ({studentId})
        </Typography.Text>
      </Flex>
      <RegistrationForm
        studentId={studentId}
        step={step}
        onStepChange={(next) => {
          navigate(adminRegistrationPath(studentId, next));
          window.scrollTo({ top: 0 });
        }}
        stepPath={stepPath}
      />
    </>
  );
}
