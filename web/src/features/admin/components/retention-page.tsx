import { Alert, Button, Empty, Flex, Form, Input, Modal, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { RETENTION_KEEPS, RETENTION_MESSAGES, RETENTION_REMOVES } from '../../../../../shared/retention.js';
import type { RetentionDueStudent } from '../../../../../shared/school-year.js';
import { LAYOUT } from '../../../../../shared/constants.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { ADMIN_ROUTES } from '../admin-routes.js';
import { useDownloadFile } from '../api/use-download-file.js';
import { useDeleteFormerData, useRetentionDue, useRetentionPolicy } from '../api/use-retention.js';
import { PageTitle } from './page-title.js';

/** The subject-access export (GET /api/students/{id}/export): all her data in one ZIP, offered before it goes. */
const exportPath = (id: string) => `/api/students/${encodeURIComponent(id)}/export`;

const nameOf = (s: RetentionDueStudent) => [s.first_name, s.last_name].filter(Boolean).join(' ') || s.id;

/**
 * Asks for the administrator's own password and says what goes and what stays; the deletion is for good. A wrong
 * password is said under its box; a student no longer due is said above, and nothing was deleted.
 */
function DeleteDialog({
  students,
  onClose,
  onDeleted,
}: {
  students: RetentionDueStudent[] | null;
  onClose: () => void;
  onDeleted: (count: number) => void;
}) {
  const remove = useDeleteFormerData();
  const [form] = Form.useForm<{ password: string }>();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    setError(null);
    onClose();
  };
  const onFinish = ({ password }: { password: string }) => {
    setError(null);
    remove.mutate(
      { student_ids: (students ?? []).map((s) => s.id), password: password ?? '' },
      {
        onSuccess: (result) => {
          form.resetFields();
          onDeleted(result.scrubbed);
        },
        onError: (e) => {
          const errors = e instanceof ApiError ? e.body?.errors : undefined;
          if (errors?.password?.length) form.setFields([{ name: 'password', errors: errors.password }]);
          else setError(errorMessage(e));
        },
      },
    );
  };
  const count = students?.length ?? 0;
  return (
    <Modal
      open={students !== null}
      title="Delete personal data"
      width={`min(${LAYOUT.resetDialogWidth}px, calc(100vw - 16px))`}
      onCancel={close}
      closable={!remove.isPending}
      maskClosable={false}
      destroyOnHidden
      footer={null}
    >
      <Typography.Paragraph>
        Delete the personal data of{' '}
        {count === 1 && students ? <strong>{nameOf(students[0])}</strong> : <strong>{count} former students</strong>}?
        This cannot be undone: download what you must keep first.
      </Typography.Paragraph>
      <Flex gap={16} wrap>
        <div style={{ flex: '1 1 240px' }}>
          <Typography.Text strong>Goes</Typography.Text>
          <ul style={{ paddingLeft: 20, marginTop: 4 }}>
            {RETENTION_REMOVES.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <div style={{ flex: '1 1 240px' }}>
          <Typography.Text strong>Stays</Typography.Text>
          <ul style={{ paddingLeft: 20, marginTop: 4 }}>
            {RETENTION_KEEPS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </Flex>
      <Form<{ password: string }> name="retention-delete" form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="password"
          label="Your password"
          extra="Asked because the deletion cannot be undone."
          rules={[{ required: true, message: 'Please enter your password.' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} />}
        <Flex gap={8} justify="end" wrap>
          <Button onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="primary" danger htmlType="submit" loading={remove.isPending}>
            Delete personal data
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}

/**
 * docs/product.md §12.4 (/admin/retention): the former students whose personal data is due for deletion, each with
 * her subject-access ZIP to download first; the chosen ones' data is deleted after the administrator's password.
 */
export function RetentionPage() {
  const due = useRetentionDue();
  const policy = useRetentionPolicy();
  const exportData = useDownloadFile();
  const [selected, setSelected] = useState<string[]>([]);
  const [asking, setAsking] = useState<RetentionDueStudent[] | null>(null);
  const [deleted, setDeleted] = useState<number | null>(null);
  const rows = due.data?.due ?? [];
  const exporting = exportData.isPending ? exportData.variables?.path : undefined;
  const wide = useMediaQuery('(min-width: 576px)');

  const zipButton = (s: RetentionDueStudent) => (
    <Button
      size="small"
      loading={exporting === exportPath(s.id)}
      onClick={() => exportData.mutate({ path: exportPath(s.id), fileName: `${s.id} subject access.zip` })}
      aria-label={`Download the data of ${nameOf(s)} (ZIP)`}
    >
      {wide ? 'Download (ZIP)' : 'ZIP'}
    </Button>
  );
  // On a phone the ID and the leaving day go under her name, so that her ZIP stays on the screen.
  const columns: TableColumnsType<RetentionDueStudent> = wide
    ? [
        { title: 'ID', dataIndex: 'id', key: 'id' },
        { title: 'Name', key: 'name', render: (_, s) => nameOf(s) },
        { title: 'Left on', dataIndex: 'left_on', key: 'left_on' },
        { title: 'Due on', dataIndex: 'due_on', key: 'due_on' },
        { title: 'Her data', key: 'export', render: (_, s) => zipButton(s) },
      ]
    : [
        {
          title: 'Student',
          key: 'name',
          render: (_, s) => (
            <>
              <div>{nameOf(s)}</div>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {s.id} · left {s.left_on}
              </Typography.Text>
            </>
          ),
        },
        { title: 'Due on', dataIndex: 'due_on', key: 'due_on' },
        { title: 'Data', key: 'export', render: (_, s) => zipButton(s) },
      ];

  const years = policy.data?.years_after_leaving;
  return (
    <>
      <PageTitle>Former students due for deletion</PageTitle>
      <Typography.Paragraph style={{ maxWidth: 720 }}>
        {years === undefined
          ? 'A former student’s personal data is kept for the years set in Settings after the day she left. '
          : `A former student’s personal data is kept ${years} ${years === 1 ? 'year' : 'years'} after she left. `}
        Download a student&rsquo;s data first if it must be kept elsewhere, then delete it.{' '}
        <Link to={ADMIN_ROUTES.settings} style={{ textDecoration: 'underline' }}>
          Change the years in Settings
        </Link>
      </Typography.Paragraph>
      <div role="status" aria-live="polite">
        {deleted !== null && (
          <Alert
            type="success"
            showIcon
            closable
            onClose={() => setDeleted(null)}
            title={RETENTION_MESSAGES.scrubbed(deleted)}
            style={{ marginBottom: 12, maxWidth: 720 }}
          />
        )}
      </div>
      {exportData.isError && (
        <Alert
          type="error"
          showIcon
          closable
          role="alert"
          onClose={() => exportData.reset()}
          title={`The data export failed: ${errorMessage(exportData.error)}`}
          style={{ marginBottom: 12, maxWidth: 720 }}
        />
      )}
      {due.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage(due.error)}
          style={{ maxWidth: 720 }}
          action={
            <Button size="small" onClick={() => void due.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <>
          <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
            <Button
              type="primary"
              danger
              disabled={selected.length === 0}
              onClick={() => setAsking(rows.filter((r) => selected.includes(r.id)))}
            >
              Delete personal data{selected.length > 0 ? ` (${selected.length})` : ''}
            </Button>
            {rows.length > 0 && <Typography.Text type="secondary">Tick the students whose data goes.</Typography.Text>}
          </Flex>
          <Table<RetentionDueStudent>
            rowKey="id"
            size="small"
            loading={due.isLoading}
            dataSource={rows}
            columns={columns}
            pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(String)),
              getCheckboxProps: (s) => ({ 'aria-label': `Choose ${nameOf(s)}` }),
            }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={due.isLoading ? 'Loading…' : 'No former student’s personal data is due for deletion.'}
                />
              ),
            }}
            style={{ maxWidth: 960 }}
          />
        </>
      )}
      <DeleteDialog
        students={asking}
        onClose={() => setAsking(null)}
        onDeleted={(count) => {
          setAsking(null);
          setSelected([]);
          setDeleted(count);
        }}
      />
    </>
  );
}
