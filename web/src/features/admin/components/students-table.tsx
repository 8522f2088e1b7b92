import { Alert, Button, Card, Flex, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { SearchWithHint } from '../../../components/search-with-hint.js';
import {
  type ComponentType,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import type { StudentListItem } from '../../../../../shared/admin-types.js';
import { LAYOUT } from '../../../../../shared/constants.js';
import { CSS_COLOR } from '../../../../../shared/design-tokens.js';
import { ROUND_WORDS } from '../../../../../shared/registration-round.js';
import { normaliseSearch, searchStudents } from '../../../../../shared/student-search.js';
import { errorMessage } from '../../../lib/api-client.js';
import { adminRegistrationPath } from '../admin-routes.js';
import { useDownloadFile } from '../api/use-download-file.js';
import { useStudents } from '../api/use-students.js';
import {
  filterByRound,
  ROUND_FILTER_LABELS,
  ROUND_FILTERS,
  type RoundFilter,
  roundFilterCounts,
  roundWords,
} from '../registration-round.js';
import { EditStudentDialog } from './edit-student-dialog.js';
import { RegistrationFormDialog } from './registration-form-dialog.js';
import { ResetPasswordDialog } from './reset-password-dialog.js';
import { StudentChangesDialog } from './student-changes-dialog.js';
import { StudentHistoryDialog } from './student-history-dialog.js';
import { type RowAction, StudentRowActions } from './student-row-actions.js';
import { studentIdentityColumns } from './student-columns.js';
import { displayName, plainName } from './student-name.js';

/** A dialog about one student (named by id and plain name), shown by a row action; null closes it. */
export type StudentDialog = ComponentType<{ student: { id: string; name: string } | null; onClose: () => void }>;

/** A dialog about one student that needs her row (her first name, for one): the Guardians dialog. */
export type StudentRowDialog = ComponentType<{ student: StudentListItem | null; onClose: () => void }>;

// antd's orange tag has 3.4:1 contrast; this one 7:1 (WCAG AA asks 4.5:1).
const CHANGED_TAG = {
  color: CSS_COLOR.orangeText,
  background: CSS_COLOR.orangeBg,
  borderColor: CSS_COLOR.orangeBorder,
  margin: 0,
};

/**
 * Her name and, for a returning student, this year's round under it: where she stands and, while the office has still
 * to look at them, her changes (in words, not colour alone). In the Name column: a column of its own pushed the row
 * actions past a laptop's screen.
 */
function NameCell({ student }: { student: StudentListItem }) {
  const { standing, changed } = roundWords(student.round);
  return (
    <>
      <div>{displayName(student)}</div>
      {(standing || changed) && (
        // One under the other: side by side they widened the column past the row actions' room.
        <Flex vertical gap={2} align="flex-start" style={{ marginTop: 2 }}>
          {standing && (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>{`This year: ${standing}`}</Typography.Text>
          )}
          {changed && <Tag style={CHANGED_TAG}>{ROUND_WORDS.changedSinceLastYear}</Tag>}
        </Flex>
      )}
    </>
  );
}

/** How many rows are drawn before the rest of the page (docs/design.md §7): about a desktop screen's. */
const FIRST_ROWS = 12;

/** The subject-access export (GET /api/students/{id}/export): one ZIP of all her data, audited. */
const exportPath = (id: string) => `/api/students/${encodeURIComponent(id)}/export`;

type DialogKind = Exclude<RowAction, 'registration' | 'export'>;

type Dialog = {
  kind: DialogKind;
  student: StudentListItem;
} | null;

/**
 * docs/product.md §2 Admin students screen: the Students table (60vh, fixed header, newest change first), a search
 * over ID, names, birth pin and class (shared/student-search.ts), the total (and, filtered, how many are shown) in
 * the footer, and the row actions as buttons that say what they do.
 */
export function StudentsTable({
  termReportsDialog: TermReportsDialog,
  guardiansDialog: GuardiansDialog,
}: {
  termReportsDialog: StudentDialog;
  guardiansDialog: StudentRowDialog;
}) {
  const students = useStudents();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [roundFilter, setRoundFilter] = useState<RoundFilter>('all');
  const needle = useDeferredValue(normaliseSearch(search));
  const [dialog, setDialog] = useState<Dialog>(null);
  // A dialog is mounted once first opened (and kept, for its closing animation): six closed dialogs were drawn with
  // the table on every visit.
  const [opened, setOpened] = useState<ReadonlySet<DialogKind>>(() => new Set());
  const exportData = useDownloadFile();
  const exporting = exportData.isPending ? exportData.variables?.path : undefined;
  // The list arrives as an urgent update, which React would draw in one go: a 50-row page was a long task on a slow
  // phone. Drawn from a deferred copy, the rows are drawn in short slices between which the page answers input.
  const data = useDeferredValue(students.data);
  const loading = students.isLoading || (data === undefined && students.data !== undefined);
  const rows = useMemo(
    () => filterByRound(searchStudents(data ?? [], needle), roundFilter),
    [data, needle, roundFilter],
  );
  const total = data?.length ?? 0;
  // The round's filter once the school has returning students (after its first move to a new year).
  const roundCounts = useMemo(() => roundFilterCounts(data ?? []), [data]);
  const hasReturning = useMemo(() => (data ?? []).some((s) => s.round?.returning), [data]);
  const filtering = Boolean(needle) || roundFilter !== 'all';
  // The first rows first: the screen's first rows are drawn and laid out on their own, the rest of the page after a
  // yield, so that neither is one long task. Meanwhile the pager already counts every row.
  const [allDrawn, setAllDrawn] = useState(false);
  const partial = !allDrawn && rows.length > FIRST_ROWS;
  useEffect(() => {
    if (!partial) return;
    const later = setTimeout(() => startTransition(() => setAllDrawn(true)));
    return () => clearTimeout(later);
  }, [partial]);
  const shown = useMemo(() => (partial ? rows.slice(0, FIRST_ROWS) : rows), [partial, rows]);

  const { mutate: download } = exportData;
  const onAction = useCallback(
    (action: RowAction, s: StudentListItem) => {
      if (action === 'registration') navigate(adminRegistrationPath(s.id));
      else if (action === 'export') download({ path: exportPath(s.id), fileName: `${s.id} subject access.zip` });
      else {
        setOpened((kinds) => (kinds.has(action) ? kinds : new Set(kinds).add(action)));
        setDialog({ kind: action, student: s });
      }
    },
    [navigate, download],
  );

  // Kept between renders: a new list of columns has the table draw every cell again (a search keystroke, a dialog).
  const columns = useMemo<TableColumnsType<StudentListItem>>(
    () => [
      ...studentIdentityColumns<StudentListItem>({ title: 'Class', width: 80 }).map((c) =>
        c.key === 'name' ? { ...c, render: (_: unknown, s: StudentListItem) => <NameCell student={s} /> } : c,
      ),
      {
        title: 'Date of Birth',
        dataIndex: 'date_of_birth',
        key: 'dob',
        width: 120,
        render: (v: string | null) => v ?? '',
      },
      { title: 'Birth Certificate Pin', dataIndex: 'birth_certificate_no', key: 'pin', width: 160 },
      {
        title: 'Actions',
        key: 'actions',
        width: 420,
        render: (_, s) => (
          <StudentRowActions student={s} exporting={exporting === exportPath(s.id)} onAction={onAction} />
        ),
      },
    ],
    [exporting, onAction],
  );

  const close = () => setDialog(null);
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          Students
        </Typography.Title>
      }
      styles={{ body: { padding: 0 } }}
    >
      <SearchWithHint
        value={search}
        onChange={setSearch}
        placeholder="Search ID, name or pin"
        label="Search students"
        style={{ padding: '12px 12px 8px' }}
        hint={
          <>
            Start of the ID, or the starts of her names in any order (&lsquo;Thomas Nadia&rsquo;); birth certificate
            pin; or class (&lsquo;1A&rsquo;, &lsquo;Form 1&rsquo;)
          </>
        }
      />
      {(hasReturning || roundFilter !== 'all') && (
        <Flex wrap align="center" gap={8} style={{ padding: '0 12px 8px' }}>
          <Typography.Text id="round-filter-label">This year&rsquo;s registration:</Typography.Text>
          <Select<RoundFilter>
            aria-labelledby="round-filter-label"
            value={roundFilter}
            onChange={setRoundFilter}
            style={{ width: 260, maxWidth: '100%' }}
            options={ROUND_FILTERS.map((f) => ({ value: f, label: `${ROUND_FILTER_LABELS[f]} (${roundCounts[f]})` }))}
          />
        </Flex>
      )}
      {exportData.isError && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => exportData.reset()}
          title={`The data export failed: ${errorMessage(exportData.error)}`}
          style={{ margin: '0 12px 8px' }}
        />
      )}
      {students.isError && (
        <Typography.Paragraph type="danger" role="alert" style={{ padding: 16, margin: 0 }}>
          {errorMessage(students.error)}{' '}
          <Button size="small" onClick={() => void students.refetch()}>
            Try again
          </Button>
        </Typography.Paragraph>
      )}
      <Table<StudentListItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={shown}
        loading={loading}
        pagination={{
          // Given while only the first rows are drawn: the table then shows them as the first page of all.
          total: partial ? rows.length : undefined,
          defaultPageSize: 50,
          pageSizeOptions: [25, 50, 100, 250],
          showSizeChanger: true,
          size: 'small',
          position: ['bottomRight'],
        }}
        scroll={{ x: 'max-content', y: LAYOUT.studentTableHeight }}
        footer={() => (
          // Polite: someone who cannot see the table hears how many the search left.
          <span role="status">
            {`Total Number of Students: ${total}`}
            {filtering && !loading ? ` · Showing ${rows.length}` : ''}
          </span>
        )}
        locale={{
          emptyText: loading
            ? 'Loading students…'
            : needle
              ? 'No student matches the search.'
              : roundFilter !== 'all'
                ? 'No student matches this filter.'
                : 'No students yet.',
        }}
      />
      {opened.has('form') && (
        <RegistrationFormDialog student={dialog?.kind === 'form' ? dialog.student : null} onClose={close} />
      )}
      {opened.has('changes') && (
        <StudentChangesDialog student={dialog?.kind === 'changes' ? dialog.student : null} onClose={close} />
      )}
      {opened.has('edit') && (
        <EditStudentDialog student={dialog?.kind === 'edit' ? dialog.student : null} onClose={close} />
      )}
      {opened.has('reset') && (
        <ResetPasswordDialog student={dialog?.kind === 'reset' ? dialog.student : null} onClose={close} />
      )}
      {opened.has('history') && (
        <StudentHistoryDialog student={dialog?.kind === 'history' ? dialog.student : null} onClose={close} />
      )}
      {opened.has('guardians') && (
        <GuardiansDialog student={dialog?.kind === 'guardians' ? dialog.student : null} onClose={close} />
      )}
      {opened.has('reports') && (
        <TermReportsDialog
          student={dialog?.kind === 'reports' ? { id: dialog.student.id, name: plainName(dialog.student) } : null}
          onClose={close}
        />
      )}
    </Card>
  );
}
