import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isFormOne, LAYOUT } from '../../../../../shared/constants.js';
import {
  DASHBOARD_CARD_PATHS,
  type DashboardCardView,
  type DashboardOwner,
  OWN_DASHBOARD,
  PTA_CARD,
  registrationCard,
  returningRegistrationCard,
  termReportsCard,
} from '../../../../../shared/dashboard-cards.js';
import { dashboardHeading } from '../../../../../shared/page-headings.js';
import type { StudentRecord } from '../../../../../shared/student-fields.js';
import { linkedStudentFirstName, linkedStudentLabel } from '../../../lib/active-student.js';
import { useAuth } from '../../../lib/auth-store.js';
import { useFlashNotice } from '../../../lib/flash-notice.js';
import { useActiveStudent } from '../../../lib/use-active-student.js';
import { useRegistrationProgress } from '../../../lib/use-registration-progress.js';
import { useSchoolYear } from '../../../lib/queries/use-school-year.js';
import { useStudentRecord } from '../../../lib/queries/use-student-record.js';
import { useRegistrationRound } from '../../../lib/queries/use-registration-round.js';
import { nextRoundStep, returningRound, stepsToDo } from '../../../lib/registration-round-view.js';
import { useInBrowser } from '../../../components/client-only.js';
import { RoundCard } from './round-card.js';

/**
 * A card that is a link (antd's hoverable Card, drawn without antd: the `dashboard-card` classes of global.css, which
 * the server's first view of the dashboard draws too).
 */
function DashboardCard({ card }: { card: DashboardCardView }) {
  return (
    <Link to={DASHBOARD_CARD_PATHS[card.target]} className="dashboard-card" style={{ width: LAYOUT.pageCardWidth }}>
      <h2 className="dashboard-card-title">{card.title}</h2>
      <span className="dashboard-card-text">
        {card.lines.map((line) => (
          <span key={line} className="dashboard-card-line">
            {line}
          </span>
        ))}
        {card.text}
      </span>
    </Link>
  );
}

/** Edit/View Registration with her progress, once her record and her current files are known. */
function RegistrationCard({
  studentId,
  record,
  owner,
  schoolYear,
}: {
  studentId: string;
  record: StudentRecord | null | undefined;
  owner: DashboardOwner;
  schoolYear: number | null;
}) {
  const view = useRegistrationProgress(studentId, record);
  const round = returningRound(useRegistrationRound(studentId).data);
  const next = round ? nextRoundStep(round) : null;
  if (round && next)
    return <DashboardCard card={returningRegistrationCard(schoolYear, { left: stepsToDo(round).length, next })} />;
  return <DashboardCard card={registrationCard(owner, view?.documentsKnown ? view.progress : null, schoolYear)} />;
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
  const schoolYear = useSchoolYear().data?.year ?? null;
  const owner: DashboardOwner = student
    ? { possessive: `${linkedStudentFirstName(student)}'s`, pronoun: 'her' }
    : OWN_DASHBOARD;
  const round = useRegistrationRound(studentId);
  // Drawn by the browser itself (after signing in, from another page), the cards wait for the round's first answer and
  // come together, the round's card first, rather than being pushed down by it. Drawn over the server's first view
  // (which carries the round), they are drawn as the server drew them.
  const live = useInBrowser();
  const [drawnByBrowser] = useState(live);
  const waitForRound = drawnByBrowser && studentId !== null && round.isPending && round.failureCount === 0;
  // Form 1 only (docs/product.md §6), and only with the school's PTA form address: no card that leads nowhere.
  const showPta = isFormOne(record.data?.class_id) && Boolean(settings.pta_form_url);

  return (
    <div className="plain-page">
      <title>Dashboard · Student Portal</title>
      {notice}
      <h1 className="plain-page-title">{dashboardHeading(user?.name ?? '')}</h1>
      {student && <p className="plain-page-lead">Registration and term reports of {linkedStudentLabel(student)}.</p>}
      <div className="dashboard-cards" aria-busy={waitForRound || undefined}>
        {waitForRound ? null : (
          <>
            {studentId && <RoundCard key={studentId} studentId={studentId} />}
            <DashboardCard card={termReportsCard(owner)} />
            {studentId ? (
              <RegistrationCard
                key={studentId}
                studentId={studentId}
                record={record.data}
                owner={owner}
                schoolYear={schoolYear}
              />
            ) : (
              <DashboardCard card={registrationCard(owner, null, schoolYear)} />
            )}
            {showPta && <DashboardCard card={PTA_CARD} />}
          </>
        )}
      </div>
    </div>
  );
}
