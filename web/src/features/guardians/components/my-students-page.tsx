import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { LAYOUT } from '../../../../../shared/constants.js';
import { CSS_COLOR } from '../../../../../shared/design-tokens.js';
import type { LinkedStudent } from '../../../../../shared/guardians.js';
import { PlainCard } from '../../../components/plain-card.js';
import { PlainIcon } from '../../../components/plain-icon.js';
import { PlainAlert } from '../../../components/plain-ui.js';
import { ROUTES } from '../../../config/routes.js';
import { homeFor } from '../../../lib/account.js';
import { linkedStudentName } from '../../../lib/active-student.js';
import { useAuth } from '../../../lib/auth-store.js';
import { useFlashNotice } from '../../../lib/flash-notice.js';
import { useActiveStudent } from '../../../lib/use-active-student.js';
import { useMyStudents } from '../api/use-my-students.js';

/** Where choosing leads: the student page she was sent here from (RequireActiveStudent), else the dashboard. */
function destination(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return ROUTES.dashboard;
  const path = from.split(/[?#]/)[0];
  if (path === ROUTES.myStudents || path === ROUTES.adminLogin || path.startsWith(`${ROUTES.adminLogin}/`))
    return ROUTES.dashboard;
  return from;
}

const sameStudents = (a: LinkedStudent[], b: LinkedStudent[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * /my-students (docs/product.md §11): a guardian chooses whose pages to see, one large card per daughter with her name
 * and class; with none linked yet, she is told how to get linked.
 */
export function MyStudentsPage() {
  const { user, updateUser } = useAuth();
  const { students, studentId, choose } = useActiveStudent();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = useFlashNotice();
  const guardian = user?.role === 'guardian' ? user : null;
  // Her list as it is now: the office may have linked (or unlinked) a daughter since she signed in.
  const fresh = useMyStudents(guardian !== null);
  useEffect(() => {
    if (guardian && fresh.data && !sameStudents(fresh.data, guardian.students))
      updateUser({ ...guardian, students: fresh.data });
  }, [guardian, fresh.data, updateUser]);

  if (!guardian) return <Navigate to={homeFor(user)} replace />;

  const open = (id: string) => {
    choose(id);
    navigate(destination(location.state));
  };

  return (
    <>
      <title>Your daughters · Student Portal</title>
      {notice}
      <div style={{ width: LAYOUT.pageCardWidth, maxWidth: '100%' }}>
        <h1 style={{ fontSize: 24, margin: '0 0 12px', lineHeight: 1.35, fontWeight: 600 }}>Your daughters</h1>
        {students.length === 0 ? (
          <NoStudentYet email={guardian.email} />
        ) : (
          <>
            <p style={{ margin: '0 0 14px' }}>
              Choose whose registration and term reports to see. You can switch at any time with the student button at
              the top of every page.
            </p>
            <ul
              aria-label="Your daughters"
              style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
            >
              {students.map((s) => (
                <li key={s.id}>
                  <StudentCard student={s} current={s.id === studentId} onOpen={() => open(s.id)} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}

function StudentCard({ student, current, onOpen }: { student: LinkedStudent; current: boolean; onOpen(): void }) {
  const name = linkedStudentName(student);
  const details = [student.class_id ? `Class ${student.class_id}` : null, `Student ID ${student.id}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={current ? 'true' : undefined}
      style={{
        width: '100%',
        minHeight: 72,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '14px 16px',
        textAlign: 'left',
        font: 'inherit',
        color: 'inherit',
        background: CSS_COLOR.white,
        border: `1px solid ${current ? CSS_COLOR.primary : CSS_COLOR.border}`,
        borderRadius: 8,
        boxShadow: `0 1px 2px ${CSS_COLOR.fillTertiary}`,
        cursor: 'pointer',
      }}
    >
      <span style={{ flex: 1, minWidth: 0 }}>
        <span style={{ display: 'block', fontSize: 18, fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {name}
        </span>
        <span style={{ display: 'block', color: CSS_COLOR.textSecondary }}>{details}</span>
        {current && (
          <span
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6, color: CSS_COLOR.primary, marginTop: 4 }}
          >
            <PlainIcon icon={CheckCircleFilled} /> Showing now
          </span>
        )}
      </span>
      <PlainIcon icon={RightOutlined} style={{ color: CSS_COLOR.textIcon, flex: 'none' }} />
    </button>
  );
}

function NoStudentYet({ email }: { email: string }) {
  return (
    <PlainCard width={LAYOUT.pageCardWidth}>
      <h2
        style={{
          fontSize: 18,
          margin: '0 0 8px',
          lineHeight: 1.4,
          fontWeight: 600,
          display: 'flex',
          alignItems: 'center',
          gap: 8,
        }}
      >
        <PlainIcon icon={TeamOutlined} /> No student is linked to your account yet
      </h2>
      <p style={{ margin: '0 0 14px' }}>
        When the school links your daughter to your account, her registration and term reports appear here.
      </p>
      <PlainAlert
        type="info"
        title={
          `Ask the school office to link your daughter to ${email}, ` +
          'or open the link in the invitation e-mail you received.'
        }
      />
    </PlainCard>
  );
}
