import { CheckCircleOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Table, Typography, Upload } from 'antd';
import { useId, useState } from 'react';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, type StudentImportResult } from '../../../../../shared/admin-types.js';
import { type ImportGuardianInvitation, INVITATION_DAYS } from '../../../../../shared/guardians.js';
import { IMPORT_COLUMN_ALIASES } from '../../../../../shared/student-import.js';
import type { ImportRowError } from '../../../../../shared/spreadsheet-import.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useDownloadFile } from '../api/use-download-file.js';
import { importResultOf, useImportStudents } from '../api/use-import-students.js';
import { PageTitle } from './page-title.js';

function Counts({ result, future }: { result: StudentImportResult; future: boolean }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, md: 4 }}
      bordered
      items={[
        { key: 'created', label: future ? 'New students' : 'Created', children: result.created },
        { key: 'updated', label: future ? 'To update' : 'Updated', children: result.updated },
        { key: 'unchanged', label: 'Unchanged', children: result.unchanged },
        {
          key: 'classes',
          label: future ? 'New classes' : 'Classes added',
          children: result.classes_created.join(', ') || 'none',
        },
      ]}
    />
  );
}

/** How the check read the dates of birth: 'Dates of birth read as DD/MM/YYYY, day first (12/03/2014 is 12 March).' */
function DateFormats({ result }: { result: StudentImportResult }) {
  const formats = result.date_formats ?? [];
  if (formats.length === 0) return null;
  const named = formats.map(({ format, count }) => {
    const how = format === 'DD/MM/YYYY' ? 'DD/MM/YYYY, day first (12/03/2014 is 12 March 2014)' : format;
    return `${how}: ${count} ${count === 1 ? 'row' : 'rows'}`;
  });
  return <Typography.Text>Dates of birth read as {named.join('; ')}.</Typography.Text>;
}

function RowErrors({ errors }: { errors: ImportRowError[] }) {
  return (
    <Table<ImportRowError>
      rowKey={(e) => `${e.row}:${e.field}:${e.message}`}
      size="small"
      dataSource={errors}
      pagination={errors.length > 20 ? { pageSize: 20, size: 'small' } : false}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: 'Row', dataIndex: 'row', key: 'row', width: 60 },
        { title: 'Column', dataIndex: 'field', key: 'field', width: 140 },
        { title: 'Problem', dataIndex: 'message', key: 'message' },
      ]}
    />
  );
}

/** How many invitations the list shows before 'Show all'. */
const INVITATIONS_SHOWN = 5;

/**
 * The parent invitations of the guardian_email and guardian2_email columns: how many, and 'student ID — address' for
 * each (the first few, the rest on demand), so the office sees who will be e-mailed before importing.
 */
function GuardianInvitations({ invitations, future }: { invitations: ImportGuardianInvitation[]; future: boolean }) {
  const [all, setAll] = useState(false);
  const listId = useId();
  const headingId = useId();
  if (invitations.length === 0) return null;
  const count = `${invitations.length} parent ${invitations.length === 1 ? 'invitation' : 'invitations'}`;
  const shown = all ? invitations : invitations.slice(0, INVITATIONS_SHOWN);
  return (
    <section aria-labelledby={headingId}>
      <Typography.Text strong id={headingId}>
        {future ? `${count} will be e-mailed when you import.` : `${count} queued for e-mail.`}
      </Typography.Text>
      <ul id={listId} aria-labelledby={headingId} style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {shown.map((i) => (
          <li key={`${i.student_id}:${i.email}`} style={{ overflowWrap: 'anywhere' }}>
            {i.student_id} — {i.email}
          </li>
        ))}
      </ul>
      {invitations.length > INVITATIONS_SHOWN && (
        <Button
          type="link"
          size="small"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll((a) => !a)}
          style={{ paddingInline: 0 }}
        >
          {all ? 'Show fewer' : `Show all ${invitations.length}`}
        </Button>
      )}
    </section>
  );
}

/**
 * Import Students: choose an .xlsx or .csv; the portal checks it (a dry run) and shows what would
 * happen, row errors included; only then can the import be committed. Any error imports nothing.
 */
export function ImportStudentsPage() {
  const [file, setFile] = useState<File | null>(null);
  const check = useImportStudents();
  const commit = useImportStudents();
  const template = useDownloadFile();

  const choose = (f: File) => {
    setFile(f);
    commit.reset();
    check.mutate({ file: f, dryRun: true });
    return false;
  };
  const checked = check.data ?? importResultOf(check.error);
  const refusedFile = check.isError && !importResultOf(check.error);
  const committed = commit.data ?? null;
  const commitRows = commit.isError ? importResultOf(commit.error) : null;
  // Students to create or update, and parent invitations to send: a file may bring only the latter.
  const changes = checked ? checked.created + checked.updated : 0;
  const invitations = checked?.guardian_invitations?.length ?? 0;
  const ready = check.isSuccess && checked && checked.errors.length === 0 && changes + invitations > 0 && !committed;

  return (
    <>
      <PageTitle>Import Students</PageTitle>
      <Card style={{ maxWidth: 900 }}>
        <Typography.Paragraph>
          Columns (first row): <Typography.Text code>{IMPORT_COLUMNS.join(', ')}</Typography.Text>, or the headings
          schools use for them ({Object.keys(IMPORT_COLUMN_ALIASES).join(', ')}), in any case. Only{' '}
          <Typography.Text code>id</Typography.Text> and the columns you want to set are needed. Dates of birth as
          DD/MM/YYYY, day first (12/03/2014 is 12 March 2014), as YYYY-MM-DD, or as Excel dates. New students sign in
          with their date of birth (yyyymmdd) and must then choose a password. For students already in the portal only
          the cells you fill are changed.
        </Typography.Paragraph>
        <Typography.Paragraph>
          Optional <Typography.Text code>guardian_email</Typography.Text> and{' '}
          <Typography.Text code>guardian2_email</Typography.Text> columns invite a parent or guardian: each address not
          yet linked to the student is e-mailed a link to create their own sign-in, which works once, for{' '}
          {INVITATION_DAYS} days. The check lists these invitations before you import.
        </Typography.Paragraph>
        <Button
          icon={<DownloadOutlined />}
          loading={template.isPending}
          onClick={() =>
            template.mutate({ path: '/api/import-students/template', fileName: 'Student Import Template.xlsx' })
          }
          style={{ marginBottom: 16 }}
        >
          Download template
        </Button>
        {template.isError && (
          <Alert type="error" showIcon title={errorMessage(template.error)} style={{ marginBottom: 16 }} />
        )}
        <Upload.Dragger
          accept=".xlsx,.csv"
          multiple={false}
          showUploadList={false}
          beforeUpload={choose}
          disabled={check.isPending || commit.isPending}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : 'Click or drop the student list here'}</p>
          <p className="ant-upload-hint">
            Excel workbook (.xlsx) or CSV, up to {IMPORT_MAX_BYTES / 1024 / 1024} MB. It is checked first; nothing is
            saved yet.
          </p>
        </Upload.Dragger>

        <div role="status" aria-live="polite" style={{ marginTop: 16 }}>
          {check.isPending && <Typography.Text>Checking {file?.name}…</Typography.Text>}
          {refusedFile && (
            <Alert type="error" showIcon title="The file cannot be imported." description={errorMessage(check.error)} />
          )}
          {checked && !committed && (
            <Flex vertical gap={12}>
              {checked.errors.length > 0 ? (
                <Alert
                  type="error"
                  showIcon
                  title={
                    `The file has ${checked.errors.length} ` +
                    `${checked.errors.length === 1 ? 'error' : 'errors'}. Nothing will be imported until ` +
                    `they are corrected.`
                  }
                />
              ) : changes === 0 ? (
                <Alert
                  type="info"
                  showIcon
                  title={
                    'Every student in the file is already in the portal as the file says. ' +
                    (invitations > 0 ? 'Only the parent invitations below are new.' : 'There is nothing to import.')
                  }
                />
              ) : (
                <Alert type="success" showIcon title="The file is ready to import." />
              )}
              <Counts result={checked} future />
              <DateFormats result={checked} />
              {checked.errors.length === 0 && (
                <GuardianInvitations invitations={checked.guardian_invitations ?? []} future />
              )}
              {checked.errors.length > 0 && <RowErrors errors={checked.errors} />}
            </Flex>
          )}
          {committed && (
            <Flex vertical gap={12}>
              <Alert
                type="success"
                showIcon
                icon={<CheckCircleOutlined />}
                title={
                  `Imported: ${committed.created} created, ${committed.updated} updated, ` +
                  `${committed.unchanged} unchanged.`
                }
                description={
                  committed.classes_created.length
                    ? `Classes added: ${committed.classes_created.join(', ')}.`
                    : undefined
                }
              />
              <GuardianInvitations invitations={committed.guardian_invitations ?? []} future={false} />
            </Flex>
          )}
          {commit.isError &&
            (commitRows ? (
              <Flex vertical gap={12}>
                <Alert type="error" showIcon title={errorMessage(commit.error)} />
                <RowErrors errors={commitRows.errors} />
              </Flex>
            ) : (
              <Alert type="error" showIcon title={errorMessage(commit.error)} />
            ))}
        </div>
        {ready && file && (
          <Button
            type="primary"
            loading={commit.isPending}
            onClick={() => commit.mutate({ file, dryRun: false })}
            style={{ marginTop: 16 }}
          >
            {changes > 0
              ? `Import ${changes} ${changes === 1 ? 'student' : 'students'}`
              : `Send ${invitations} parent ${invitations === 1 ? 'invitation' : 'invitations'}`}
          </Button>
        )}
      </Card>
    </>
  );
}
