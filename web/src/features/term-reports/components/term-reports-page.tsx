import { LAYOUT } from '../../../../../shared/constants.js';
import { TERM_REPORT_MESSAGES } from '../../../../../shared/term-reports.js';
import { useActiveStudent } from '../../../lib/use-active-student.js';
import { TermReportList } from './term-report-list.js';
import './term-reports.css';

/**
 * docs/product.md §2 Student term reports (/term-reports): the card 'Select Term Report' with her terms. Drawn without
 * antd (docs/design.md §7); the report card's dialog brings it when she opens a report.
 */
export function TermReportsPage() {
  const { studentId } = useActiveStudent();
  return (
    <div className="plain-page">
      <title>Term Reports · Student Portal</title>
      <h1 className="plain-page-title">Term Reports</h1>
      <div className="term-reports-card" style={{ width: LAYOUT.pageCardWidth }}>
        <div className="term-reports-card-head">
          <h2 className="term-reports-card-title">{TERM_REPORT_MESSAGES.selectTitle}</h2>
        </div>
        {studentId ? (
          // Keyed by student: a guardian switching daughters sees nothing of the other one's list or open card.
          <TermReportList key={studentId} studentId={studentId} openUnposted={false} />
        ) : (
          <p className="term-reports-none">Term reports are listed for students.</p>
        )}
      </div>
    </div>
  );
}
