import { Alert, Empty, Spin, Typography } from 'antd';
import { useState } from 'react';
import { LAYOUT } from '../../../../../shared/constants.js';
import { type ReportCardTerm, TERM_REPORT_MESSAGES as T } from '../../../../../shared/term-reports.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useReportCardTerms } from '../api/use-report-card-terms.js';
import { type OpenReportCard, ReportCardDialog } from './report-card-dialog.js';

function TermItem({ term, enabled, onOpen }: { term: ReportCardTerm; enabled: boolean; onOpen: () => void }) {
  const posted = term.posted === 1;
  return (
    <li style={{ listStyle: 'none', borderBottom: '1px solid #f0f0f0' }}>
      <button
        type="button"
        disabled={!enabled}
        onClick={onOpen}
        className="term-report-item"
        style={{
          display: 'flex',
          width: '100%',
          gap: 12,
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          padding: '10px 12px',
          background: 'none',
          border: 'none',
          textAlign: 'left',
          font: 'inherit',
          cursor: enabled ? 'pointer' : 'not-allowed',
          // docs/product.md §2: unposted items are greyed for students
          opacity: enabled ? 1 : 0.55,
        }}
      >
        <span style={{ minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {T.formLine(term.form_level, term.class_id)}
          </Typography.Text>
          <Typography.Text strong style={{ display: 'block' }}>
            {T.headline}
          </Typography.Text>
          <Typography.Text style={{ display: 'block' }}>{T.termLine(term.year, term.term)}</Typography.Text>
        </span>
        {/* a darker green than antd's success colour, for AA contrast on white */}
        <Typography.Text
          type={posted ? undefined : 'secondary'}
          style={{ fontSize: 13, color: posted ? '#237804' : undefined }}
        >
          {posted ? T.postedLine(term.date_posted) : T.notPosted}
        </Typography.Text>
      </button>
    </li>
  );
}

/**
 * docs/product.md §2 Student term reports: the two-line list of a student's terms in a 50vh scroll area. Unposted
 * terms are greyed and disabled for students and open for admins (`openUnposted`); a click opens the
 * report card in a fullscreen dialog. Admins mount it for any student.
 */
export function TermReportList({ studentId, openUnposted }: { studentId: string; openUnposted: boolean }) {
  const terms = useReportCardTerms(studentId);
  const [open, setOpen] = useState<OpenReportCard | null>(null);
  let body;
  if (terms.isPending) body = <Spin description="Loading term reports…" style={{ display: 'block', padding: 24 }} />;
  else if (terms.isError) body = <Alert type="error" showIcon title={errorMessage(terms.error)} />;
  else if (terms.data.length === 0) body = <Empty description="No term reports yet." />;
  else {
    body = (
      <ul aria-label="Term reports" style={{ margin: 0, padding: 0 }}>
        {terms.data.map((t) => (
          <TermItem
            key={`${t.year}-${t.term}`}
            term={t}
            enabled={t.posted === 1 || openUnposted}
            onOpen={() => setOpen({ studentId, year: t.year, term: t.term })}
          />
        ))}
      </ul>
    );
  }
  return (
    <>
      <div style={{ maxHeight: LAYOUT.cardListHeight, overflowY: 'auto' }}>{body}</div>
      <ReportCardDialog card={open} onClose={() => setOpen(null)} />
    </>
  );
}
