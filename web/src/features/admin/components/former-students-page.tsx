import { Button, Card, Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { FORMER_STUDENT_MESSAGES } from '../../../../../shared/former-students.js';
import { FORMER_STATUSES, type FormerStudent } from '../../../../../shared/school-year.js';
import { LAYOUT } from '../../../../../shared/constants.js';
import { CSS_COLOR } from '../../../../../shared/design-tokens.js';
import { normaliseSearch, searchStudents } from '../../../../../shared/student-search.js';
import { SearchWithHint } from '../../../components/search-with-hint.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useFormerStudents } from '../api/use-former-students.js';
import { formerStudentsCount, leftOnText, STANDING_LABELS } from '../former-students.js';
import { PageTitle } from './page-title.js';
import { RegistrationFormDialog } from './registration-form-dialog.js';
import { studentIdentityColumns } from './student-columns.js';
import { plainName } from './student-name.js';
import type { StudentDialog } from './students-table.js';
import './student-row-actions.css';

// The tag's text keeps at least 4.5:1 against its background (WCAG AA), as the Outbox's status tags do.
const TAG_STYLE: Record<FormerStudent['status'], { color: string; background: string; borderColor: string }> = {
  graduated: { color: CSS_COLOR.successDarker, background: CSS_COLOR.successBg, borderColor: CSS_COLOR.successBorder },
  left: { color: CSS_COLOR.infoText, background: CSS_COLOR.infoBg, borderColor: CSS_COLOR.infoBorder },
};

type Dialog = { kind: 'form' | 'reports'; student: FormerStudent } | null;

/** What the office may open of a former student: read-only, nothing else. */
const ROW_ACTIONS = [
  ['form', 'Registration Form'],
  ['reports', 'Term Reports'],
] as const;

/**
 * Former Students (docs/product.md §12.3): those who graduated or left at a rollover, newest leaving date first,
 * searched as the Students table is (shared/student-search.ts). Read-only: the office opens her registration form and
 * her term reports; her record can no longer be changed. The Term Reports dialog belongs to the term-reports feature:
 * the app passes it in.
 */
export function FormerStudentsPage({ termReportsDialog: TermReportsDialog }: { termReportsDialog: StudentDialog }) {
  const students = useFormerStudents();
  const [search, setSearch] = useState('');
  const needle = useDeferredValue(normaliseSearch(search));
  const [dialog, setDialog] = useState<Dialog>(null);
  const [opened, setOpened] = useState<ReadonlySet<'form' | 'reports'>>(() => new Set());
  const rows = useMemo(() => searchStudents(students.data ?? [], needle), [students.data, needle]);
  const total = students.data?.length ?? 0;

  const open = useCallback((kind: 'form' | 'reports', student: FormerStudent) => {
    setOpened((kinds) => (kinds.has(kind) ? kinds : new Set(kinds).add(kind)));
    setDialog({ kind, student });
  }, []);

  const columns = useMemo<TableColumnsType<FormerStudent>>(
    () => [
      ...studentIdentityColumns<FormerStudent>({ title: 'Last Class', width: 120 }),
      {
        title: 'Status',
        dataIndex: 'status',
        key: 'status',
        width: 110,
        render: (status: FormerStudent['status']) => (
          <Tag style={{ ...TAG_STYLE[status], marginInlineEnd: 0 }}>{STANDING_LABELS[status]}</Tag>
        ),
        filters: FORMER_STATUSES.map((s) => ({ text: STANDING_LABELS[s as FormerStudent['status']], value: s })),
        onFilter: (value, s) => s.status === value,
      },
      {
        title: 'Left On',
        key: 'left_on',
        width: 120,
        render: (_, s) => leftOnText(s),
        sorter: (a, b) => (a.left_on ?? '').localeCompare(b.left_on ?? ''),
      },
      {
        title: 'Reason',
        dataIndex: 'leaving_reason',
        key: 'reason',
        render: (reason: string | null) => reason ?? '',
      },
      {
        title: 'Actions',
        key: 'actions',
        width: 260,
        render: (_, s) => (
          <div className="student-row-actions">
            {ROW_ACTIONS.map(([kind, label]) => (
              <button
                key={kind}
                type="button"
                className="student-row-action"
                aria-label={`${label} of ${plainName(s)}`}
                onClick={() => open(kind, s)}
              >
                <span>{label}</span>
              </button>
            ))}
          </div>
        ),
      },
    ],
    [open],
  );

  const close = () => setDialog(null);
  const loading = students.isPending;
  return (
    <>
      <PageTitle style={{ marginBottom: 12 }}>Former Students</PageTitle>
      <Card styles={{ body: { padding: 0 } }}>
        <SearchWithHint
          value={search}
          onChange={setSearch}
          placeholder="Search ID, name or class"
          label="Search former students"
          style={{ padding: '12px 12px 8px' }}
          hint={
            <>
              Start of the ID, or the starts of her names in any order (&lsquo;Thomas Nadia&rsquo;); or her last class
              (&lsquo;6A&rsquo;, &lsquo;Form 6&rsquo;)
            </>
          }
        />
        {students.isError && (
          <Typography.Paragraph type="danger" role="alert" style={{ padding: 16, margin: 0 }}>
            {errorMessage(students.error)}{' '}
            <Button size="small" onClick={() => void students.refetch()}>
              Try again
            </Button>
          </Typography.Paragraph>
        )}
        <Table<FormerStudent>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={loading}
          pagination={{
            defaultPageSize: 50,
            pageSizeOptions: [25, 50, 100, 250],
            showSizeChanger: true,
            size: 'small',
            position: ['bottomRight'],
            hideOnSinglePage: true,
          }}
          scroll={{ x: 'max-content', y: LAYOUT.studentTableHeight }}
          footer={() => <span role="status">{formerStudentsCount(total, rows.length, Boolean(needle))}</span>}
          locale={{
            emptyText: loading ? (
              'Loading former students…'
            ) : students.isError ? (
              'The former students could not be loaded.'
            ) : needle ? (
              'No former student matches the search.'
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={FORMER_STUDENT_MESSAGES.empty} />
            ),
          }}
        />
      </Card>
      {opened.has('form') && (
        <RegistrationFormDialog student={dialog?.kind === 'form' ? dialog.student : null} onClose={close} />
      )}
      {opened.has('reports') && (
        <TermReportsDialog
          student={dialog?.kind === 'reports' ? { id: dialog.student.id, name: plainName(dialog.student) } : null}
          onClose={close}
        />
      )}
    </>
  );
}
