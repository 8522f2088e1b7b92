import { Alert, Button, Card, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { SearchWithHint } from '../../../components/search-with-hint.js';
import { type ComponentType, useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StudentListItem } from '../../../../../shared/admin-types.js';
import { LAYOUT } from '../../../../../shared/constants.js';
import { normaliseSearch, searchStudents } from '../../../../../shared/student-search.js';
import { errorMessage } from '../../../lib/api-client.js';
import { adminRegistrationPath } from '../admin-routes.js';
import { useDownloadFile } from '../api/use-download-file.js';
import { useStudents } from '../api/use-students.js';
import { EditStudentDialog } from './edit-student-dialog.js';
import { RegistrationFormDialog } from './registration-form-dialog.js';
import { ResetPasswordDialog } from './reset-password-dialog.js';
import { StudentHistoryDialog } from './student-history-dialog.js';
import { displayName, plainName } from './student-name.js';

/** A dialog about one student (named by id and plain name), shown by a row action; null closes it. */
export type StudentDialog = ComponentType<{ student: { id: string; name: string } | null; onClose: () => void }>;

/** A dialog about one student that needs her row (her first name, for one): the Guardians dialog. */
export type StudentRowDialog = ComponentType<{ student: StudentListItem | null; onClose: () => void }>;

type Dialog = {
  kind: 'form' | 'edit' | 'reset' | 'reports' | 'history' | 'guardians';
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
  const needle = useDeferredValue(normaliseSearch(search));
  const [dialog, setDialog] = useState<Dialog>(null);
  // The subject-access export (GET /api/students/{id}/export): one ZIP of all her data, audited.
  const exportData = useDownloadFile();
  const exporting = exportData.isPending ? exportData.variables?.path : undefined;
  const exportPath = (id: string) => `/api/students/${encodeURIComponent(id)}/export`;
  const rows = useMemo(() => searchStudents(students.data ?? [], needle), [students.data, needle]);
  const total = students.data?.length ?? 0;

  /**
   * A row action: its visible name says what it does; the accessible name adds whose row it is ('Edit Chloe Ali',
   * 'History of Chloe Ali'), beginning with the visible words (WCAG 2.5.3 label in name).
   */
  const action = (text: string, label: string, onClick: () => void, loading = false) => (
    <Button
      type="link"
      size="small"
      aria-label={label}
      onClick={onClick}
      loading={loading}
      style={{ paddingInline: 4 }}
    >
      {text}
    </Button>
  );

  const columns: TableColumnsType<StudentListItem> = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 110, sorter: (a, b) => a.id.localeCompare(b.id) },
    {
      title: 'Name',
      key: 'name',
      render: (_, s) => displayName(s),
      sorter: (a, b) => displayName(a).localeCompare(displayName(b)),
    },
    {
      title: 'Class',
      dataIndex: 'class_id',
      key: 'class',
      width: 80,
      sorter: (a, b) => (a.class_id ?? '').localeCompare(b.class_id ?? ''),
    },
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
      render: (_, s) => {
        const name = plainName(s);
        return (
          <Flex gap={2} wrap style={{ rowGap: 0 }}>
            {action('Registration Form', `Registration Form of ${name}`, () => setDialog({ kind: 'form', student: s }))}
            {action('Edit', `Edit ${name}`, () => setDialog({ kind: 'edit', student: s }))}
            {action('Edit/View Registration', `Edit/View Registration of ${name}`, () =>
              navigate(adminRegistrationPath(s.id)),
            )}
            {action('Term Reports', `Term Reports of ${name}`, () => setDialog({ kind: 'reports', student: s }))}
            {action('Reset Password', `Reset Password of ${name}`, () => setDialog({ kind: 'reset', student: s }))}
            {action('History', `History of ${name}`, () => setDialog({ kind: 'history', student: s }))}
            {action('Guardians', `Guardians of ${name}`, () => setDialog({ kind: 'guardians', student: s }))}
            {action(
              'Export her data (ZIP)',
              `Export her data (ZIP) of ${name}`,
              () => exportData.mutate({ path: exportPath(s.id), fileName: `${s.id} subject access.zip` }),
              exporting === exportPath(s.id),
            )}
          </Flex>
        );
      },
    },
  ];

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
        dataSource={rows}
        loading={students.isLoading}
        pagination={{
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
            {needle && !students.isLoading ? ` · Showing ${rows.length}` : ''}
          </span>
        )}
        locale={{
          emptyText: students.isLoading
            ? 'Loading students…'
            : needle
              ? 'No student matches the search.'
              : 'No students yet.',
        }}
      />
      <RegistrationFormDialog student={dialog?.kind === 'form' ? dialog.student : null} onClose={close} />
      <EditStudentDialog student={dialog?.kind === 'edit' ? dialog.student : null} onClose={close} />
      <ResetPasswordDialog student={dialog?.kind === 'reset' ? dialog.student : null} onClose={close} />
      <StudentHistoryDialog student={dialog?.kind === 'history' ? dialog.student : null} onClose={close} />
      <GuardiansDialog student={dialog?.kind === 'guardians' ? dialog.student : null} onClose={close} />
      <TermReportsDialog
        student={dialog?.kind === 'reports' ? { id: dialog.student.id, name: plainName(dialog.student) } : null}
        onClose={close}
      />
    </Card>
  );
}
