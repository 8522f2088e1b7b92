import { ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Empty,
  Flex,
  Grid,
  Segmented,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { SearchWithHint } from '../../../components/search-with-hint.js';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MAIL_KIND_LABELS, OUTBOX_STATUSES, type OutboxItem, type OutboxStatus } from '../../../../../shared/mail.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { useMailSettings } from '../api/use-mail-settings.js';
import { useOutbox } from '../api/use-outbox.js';
import { useResendMessage } from '../api/use-resend-message.js';
import { OutboxMessageDialog } from './outbox-message-dialog.js';
import { OUTBOX_STATUS_LABELS, OutboxStatusTag } from './outbox-status.js';
import { useSchoolTime } from '../../../lib/use-school-time.js';
import { PageTitle } from './page-title.js';
import { CSS_COLOR } from '../../../../../shared/design-tokens.js';

type Filter = OutboxStatus | 'all';

function isStatus(value: string | null): value is OutboxStatus {
  return value !== null && (OUTBOX_STATUSES as readonly string[]).includes(value);
}

/** Whom a message is about: 'Ramdial, Zoë (P1001)', a parent's own account ('Asha Ramdial (parent)'), or '—'. */
export function aboutWhom(item: OutboxItem): string {
  if (item.student_id) return item.student_name ? `${item.student_name} (${item.student_id})` : item.student_id;
  if (item.guardian_name) return `${item.guardian_name} (parent)`;
  return '—';
}

const KEPT =
  'No mail server is set (SMTP_URL), so messages are kept here and not sent: pass them on to the family yourself.';

/** How messages leave the portal: through the school's mail server, or kept here for the office to pass on. */
function Delivery() {
  const settings = useMailSettings();
  if (settings.isError)
    return (
      <Alert type="error" showIcon role="alert" title={errorMessage(settings.error)} style={{ marginBottom: 16 }} />
    );
  if (!settings.data) return <Typography.Paragraph type="secondary">Loading the mail settings…</Typography.Paragraph>;
  return settings.data.delivery === 'kept' ? (
    <Alert type="warning" showIcon title={KEPT} style={{ marginBottom: 16 }} />
  ) : (
    <Typography.Paragraph>
      Messages are sent through the school&apos;s mail server from <strong>{settings.data.from}</strong>.
    </Typography.Paragraph>
  );
}

/** A message on a phone: the table's columns as lines of a card. */
function MessageCard({ item, actions }: { item: OutboxItem; actions: ReactNode }) {
  const formatWhen = useSchoolTime();
  return (
    <li style={{ padding: '12px 0', borderBottom: `1px solid ${CSS_COLOR.borderSecondary}` }}>
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Typography.Text strong style={{ wordBreak: 'break-word' }}>
          {item.subject}
        </Typography.Text>
        <OutboxStatusTag status={item.status} />
      </Flex>
      <div style={{ overflowWrap: 'anywhere' }}>To: {item.to}</div>
      {/* An administrator's own mail is about nobody else: no line then. */}
      {(item.student_id || item.guardian_name) && (
        <div style={{ overflowWrap: 'anywhere' }}>About: {aboutWhom(item)}</div>
      )}
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        Created {formatWhen(item.created_at)} · Sent {formatWhen(item.sent_at)} · Attempts {item.attempts}
      </Typography.Text>
      {item.last_error && (
        <Typography.Text type="danger" style={{ display: 'block', wordBreak: 'break-word' }}>
          Last error: {item.last_error}
        </Typography.Text>
      )}
      <Flex gap={8} wrap style={{ marginTop: 8 }}>
        {actions}
      </Flex>
    </li>
  );
}

const PHONE_PAGE = 20;

/** The messages on a phone: cards, 20 at a time. */
function MessageCards({
  rows,
  loading,
  empty,
  actions,
}: {
  rows: OutboxItem[];
  loading: boolean;
  empty: string;
  actions: (item: OutboxItem) => ReactNode;
}) {
  const [count, setCount] = useState(PHONE_PAGE);
  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loading ? 'Loading the messages…' : empty} />;
  return (
    <>
      <ul aria-label="Messages" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.slice(0, count).map((item) => (
          <MessageCard key={item.id} item={item} actions={actions(item)} />
        ))}
      </ul>
      {rows.length > count && (
        <Button block onClick={() => setCount((c) => c + PHONE_PAGE)} style={{ marginTop: 12 }}>
          Show more ({rows.length - count} left)
        </Button>
      )}
    </>
  );
}

/**
 * The Outbox (/admin/outbox): every e-mail the portal has written, newest first, with its state. Without a mail
 * server the messages are kept here, and the office reads them (View) to pass them on; a failed one can be sent again.
 */
export function OutboxPage() {
  const { modal, message } = AntApp.useApp();
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = isStatus(requested) ? requested : null;
  const [search, setSearch] = useState('');
  // Times in school time, as the rest of the office's screens.
  const formatWhen = useSchoolTime();
  const outbox = useOutbox(status, useDebouncedValue(search, 300));
  const resend = useResendMessage();
  const [open, setOpen] = useState<OutboxItem | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const setFilter = (value: Filter) => {
    setParams(value === 'all' ? {} : { status: value }, { replace: true });
  };

  const confirmResend = (item: OutboxItem) => {
    setActionError(null);
    modal.confirm({
      title: 'Send this message again?',
      content: `${item.subject}, to ${item.to}. It is queued and sent with the next messages.`,
      okText: 'Send again',
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await resend.mutateAsync(item.id);
          setOpen(null);
          void message.success('The message is queued to be sent again.');
        } catch (e) {
          setActionError(errorMessage(e));
        }
      },
    });
  };

  const actions = (item: OutboxItem) => (
    <>
      <Button size="small" onClick={() => setOpen(item)} aria-label={`View ${item.subject}, to ${item.to}`}>
        View
      </Button>
      {item.status === 'failed' && (
        <Button
          size="small"
          onClick={() => confirmResend(item)}
          aria-label={`Send again: ${item.subject}, to ${item.to}`}
        >
          Send again
        </Button>
      )}
    </>
  );

  const columns: TableColumnsType<OutboxItem> = [
    { title: 'Created', dataIndex: 'created_at', key: 'created', width: 100, render: formatWhen },
    {
      title: 'To',
      dataIndex: 'to',
      key: 'to',
      width: 190,
      render: (to: string) => <span style={{ overflowWrap: 'anywhere' }}>{to}</span>,
    },
    {
      title: 'Student',
      key: 'student',
      width: 170,
      render: (_, m) => <span style={{ overflowWrap: 'anywhere' }}>{aboutWhom(m)}</span>,
    },
    {
      title: 'Subject',
      key: 'subject',
      render: (_, m) => (
        <>
          <div>{m.subject}</div>
          <Typography.Text type="secondary">{MAIL_KIND_LABELS[m.kind] ?? m.kind}</Typography.Text>
        </>
      ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      width: 90,
      render: (s: OutboxStatus) => <OutboxStatusTag status={s} />,
    },
    { title: 'Attempts', dataIndex: 'attempts', key: 'attempts', width: 80 },
    { title: 'Sent', dataIndex: 'sent_at', key: 'sent', width: 100, render: formatWhen },
    {
      title: 'Last error',
      dataIndex: 'last_error',
      key: 'error',
      render: (e: string | null) => (e ? <span style={{ wordBreak: 'break-word' }}>{e}</span> : '—'),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 170,
      render: (_, m) => (
        <Flex gap={8} wrap>
          {actions(m)}
        </Flex>
      ),
    },
  ];

  const empty = search.trim()
    ? 'No message about a student or parent matching the search.'
    : status
      ? `No ${OUTBOX_STATUS_LABELS[status].toLowerCase()} messages.`
      : 'No messages yet.';
  const rows = outbox.data ?? [];

  return (
    <>
      <PageTitle>Outbox</PageTitle>
      <Delivery />
      <Card>
        <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
          <Segmented<Filter>
            aria-label="Show messages"
            value={status ?? 'all'}
            onChange={setFilter}
            options={[
              { label: 'All', value: 'all' },
              ...OUTBOX_STATUSES.map((s) => ({ label: OUTBOX_STATUS_LABELS[s], value: s })),
            ]}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
            Refresh
          </Button>
        </Flex>
        <SearchWithHint
          value={search}
          onChange={setSearch}
          placeholder="Search student or parent"
          label="Search messages by student or parent"
          maxLength={100}
          style={{ marginBottom: 12 }}
          hint={
            <>
              The student&apos;s ID, name, birth certificate pin or class (as on the Students page), or a parent&apos;s
              name
            </>
          }
        />
        <div role="status" aria-live="polite">
          {actionError && <Alert type="error" showIcon title={actionError} style={{ marginBottom: 12 }} closable />}
        </div>
        {outbox.isError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={errorMessage(outbox.error)}
            action={
              <Button size="small" onClick={() => void outbox.refetch()}>
                Try again
              </Button>
            }
          />
        ) : wide ? (
          <Table<OutboxItem>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={rows}
            loading={outbox.isLoading}
            pagination={rows.length > 50 ? { pageSize: 50, size: 'small', showSizeChanger: false } : false}
            // Long subjects and addresses wrap; below 1120 px of room the table scrolls in itself.
            scroll={{ x: 1120 }}
            locale={{ emptyText: outbox.isLoading ? 'Loading the messages…' : empty }}
          />
        ) : (
          <MessageCards rows={rows} loading={outbox.isLoading} empty={empty} actions={actions} />
        )}
      </Card>
      <OutboxMessageDialog item={open} onClose={() => setOpen(null)} onResend={confirmResend} />
    </>
  );
}
