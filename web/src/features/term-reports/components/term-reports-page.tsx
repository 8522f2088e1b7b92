import { Card, Typography } from 'antd';
import { LAYOUT } from '../../../../../shared/constants.js';
import { TERM_REPORT_MESSAGES } from '../../../../../shared/term-reports.js';
import { useActiveStudent } from '../../../lib/use-active-student.js';
import { TermReportList } from './term-report-list.js';

/** docs/product.md §2 Student term reports (/term-reports): the card 'Select Term Report' with her terms. */
export function TermReportsPage() {
  const { studentId } = useActiveStudent();
  return (
    <>
      <title>Term Reports · Student Portal</title>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        Term Reports
      </Typography.Title>
      <Card
        title={<h2 style={{ fontSize: 18, margin: 0 }}>{TERM_REPORT_MESSAGES.selectTitle}</h2>}
        style={{ width: LAYOUT.pageCardWidth, maxWidth: '100%' }}
        styles={{ body: { padding: 0 } }}
      >
        {studentId ? (
          // Keyed by student: a guardian switching daughters sees nothing of the other one's list or open card.
          <TermReportList key={studentId} studentId={studentId} openUnposted={false} />
        ) : (
          <Typography.Paragraph style={{ padding: 16, margin: 0 }}>
            Term reports are listed for students.
          </Typography.Paragraph>
        )}
      </Card>
    </>
  );
}
