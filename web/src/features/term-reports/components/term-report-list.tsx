import { useState } from 'react';
import { LAYOUT } from '../../../../../shared/constants.js';
import { type ReportCardTerm, TERM_REPORT_MESSAGES as T } from '../../../../../shared/term-reports.js';
import { onDemand } from '../../../components/antd-on-demand.js';
import { Spinner } from '../../../components/plain-controls.js';
import { PlainErrorAlert } from '../../../components/plain-ui.js';
import { OnDemandDialog } from '../../../components/plain-dialog.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useReportCardTerms } from '../api/use-report-card-terms.js';
import type { OpenReportCard } from './report-card-dialog.js';
import './term-reports.css';
import { COLOR } from '../../../../../shared/design-tokens.js';

// The report card's dialog (the PDF viewer): its code comes when she opens a report.
const ReportCardDialog = onDemand(() => import('./report-card-dialog.js').then((m) => m.ReportCardDialog));

function TermItem({ term, enabled, onOpen }: { term: ReportCardTerm; enabled: boolean; onOpen: () => void }) {
  const posted = term.posted === 1;
  return (
    <li className="term-report-row">
      {/* docs/product.md §2: unposted items are greyed (term-reports.css) and disabled for students */}
      <button type="button" disabled={!enabled} onClick={onOpen} className="term-report-item">
        <span className="term-report-text">
          <span className="term-report-form">{T.formLine(term.form_level, term.class_id)}</span>
          <span className="term-report-headline">{T.headline}</span>
          <span className="term-report-term">{T.termLine(term.year, term.term)}</span>
        </span>
        <span className={posted ? 'term-report-posted' : 'term-report-not-posted'}>
          {posted ? T.postedLine(term.date_posted) : T.notPosted}
        </span>
      </button>
    </li>
  );
}

/** antd's Empty.PRESENTED_IMAGE_SIMPLE (MIT licence): a tray, in a viewBox of 64 × 41. */
const EMPTY_BOX =
  'M55 12.76L44.854 1.258C44.367.474 43.656 0 42.907 0H21.093c-.749 0-1.46.474-1.947 1.257L9 12.761V22h46v-9.24z';
const EMPTY_BOX_FRONT =
  'M41.613 15.931c0-1.605.994-2.93 2.227-2.931H55v18.137C55 33.26 53.68 35 52.05 35h-40.1C10.32 35 9 33.259 9 ' +
  '31.137V13h11.16c1.233 0 2.227 1.323 2.227 2.928v.022c0 1.605 1.005 2.901 2.237 2.901h14.752c1.232 0 2.237-1.308 ' +
  '2.237-2.913v-.007z';

/** No terms yet: antd's Empty (its simple picture and the words), drawn without antd. */
function NoTermReports() {
  return (
    <div className="term-reports-empty">
      <svg viewBox="0 0 64 41" aria-hidden="true" focusable="false" className="term-reports-empty-picture">
        <g transform="translate(0 1)" fill="none" fillRule="evenodd">
          <ellipse fill={COLOR.fillGrey} cx="32" cy="33" rx="32" ry="7" />
          <g fillRule="nonzero" stroke={COLOR.border}>
            <path d={EMPTY_BOX} />
            <path d={EMPTY_BOX_FRONT} fill={COLOR.fillGreyLight} />
          </g>
        </g>
      </svg>
      <p className="term-reports-empty-text">No term reports yet.</p>
    </div>
  );
}

/**
 * docs/product.md §2 Student term reports: the two-line list of a student's terms in a 50vh scroll area. Unposted
 * terms are greyed and disabled for students and open for admins (`openUnposted`); a click opens the
 * report card in a fullscreen dialog. Admins mount it for any student. Drawn without antd (docs/design.md §7), the
 * dialog too, whose code comes when she first opens a report.
 */
export function TermReportList({ studentId, openUnposted }: { studentId: string; openUnposted: boolean }) {
  const terms = useReportCardTerms(studentId);
  const [open, setOpen] = useState<OpenReportCard | null>(null);
  // Once opened, the dialog stays drawn (closed): its code is asked for once, and it gives the focus back as it closes.
  const [dialogDrawn, setDialogDrawn] = useState(false);
  let body;
  if (terms.isPending)
    body = (
      <div className="term-reports-loading" role="status">
        <Spinner size="large" />
        <span>Loading term reports…</span>
      </div>
    );
  else if (terms.isError)
    body = (
      <div className="term-reports-error">
        <PlainErrorAlert message={`The term reports could not be loaded. ${errorMessage(terms.error)}`} />
        <button
          type="button"
          className={`pf-btn pf-btn-default${terms.isFetching ? ' pf-btn-loading' : ''}`}
          disabled={terms.isFetching}
          onClick={() => void terms.refetch()}
        >
          {terms.isFetching && <Spinner size="small" />}
          <span>Try again</span>
        </button>
      </div>
    );
  else if (terms.data.length === 0) body = <NoTermReports />;
  else {
    body = (
      <ul aria-label="Term reports" className="term-report-list">
        {terms.data.map((t) => (
          <TermItem
            key={`${t.year}-${t.term}`}
            term={t}
            enabled={t.posted === 1 || openUnposted}
            onOpen={() => {
              setOpen({ studentId, year: t.year, term: t.term });
              setDialogDrawn(true);
            }}
          />
        ))}
      </ul>
    );
  }
  const close = () => setOpen(null);
  return (
    <>
      <div style={{ maxHeight: LAYOUT.cardListHeight, overflowY: 'auto' }}>{body}</div>
      {dialogDrawn && (
        <OnDemandDialog
          open={Boolean(open)}
          what="the report card"
          onGiveUp={() => {
            close();
            setDialogDrawn(false);
          }}
        >
          <ReportCardDialog card={open} onClose={close} />
        </OnDemandDialog>
      )}
    </>
  );
}
