import { Alert, Button, Descriptions, Modal, Skeleton, Typography } from 'antd';
import { MAIL_KIND_LABELS, type OutboxItem } from '../../../../../shared/mail.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useOutboxMessage } from '../api/use-outbox-message.js';
import { OutboxStatusTag } from './outbox-status.js';
import { useSchoolTime } from '../../../lib/use-school-time.js';
import { CSS_COLOR } from '../../../../../shared/design-tokens.js';

/**
 * One message of the Outbox with its text, as the family (or administrator) gets it. A failed one can be sent again
 * from here (`onResend` asks first).
 */
export function OutboxMessageDialog({
  item,
  onClose,
  onResend,
}: {
  item: OutboxItem | null;
  onClose: () => void;
  onResend: (item: OutboxItem) => void;
}) {
  const message = useOutboxMessage(item?.id ?? null);
  const shown = message.data ?? item;
  const formatWhen = useSchoolTime();
  return (
    <Modal
      open={item !== null}
      title={item ? item.subject : ''}
      onCancel={onClose}
      destroyOnHidden
      width="min(760px, 100vw)"
      footer={
        <>
          {shown?.status === 'failed' && <Button onClick={() => onResend(shown)}>Send again</Button>}
          <Button type="primary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {shown && (
        <Descriptions
          size="small"
          column={1}
          bordered
          styles={{ label: { width: 110 } }}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'to', label: 'To', children: <span style={{ overflowWrap: 'anywhere' }}>{shown.to}</span> },
            { key: 'kind', label: 'About', children: MAIL_KIND_LABELS[shown.kind] ?? shown.kind },
            { key: 'status', label: 'Status', children: <OutboxStatusTag status={shown.status} /> },
            { key: 'created', label: 'Created', children: formatWhen(shown.created_at) },
            { key: 'sent', label: 'Sent', children: formatWhen(shown.sent_at) },
            { key: 'attempts', label: 'Attempts', children: shown.attempts },
            ...(shown.last_error
              ? [
                  {
                    key: 'error',
                    label: 'Last error',
                    children: <span style={{ wordBreak: 'break-word' }}>{shown.last_error}</span>,
                  },
                ]
              : []),
          ]}
        />
      )}
      {message.isError ? (
        <Alert type="error" showIcon role="alert" title={errorMessage(message.error)} />
      ) : message.data ? (
        <section aria-label="Message text">
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            Message
          </Typography.Title>
          <pre
            tabIndex={0}
            style={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              fontFamily: 'inherit',
              fontSize: 14,
              margin: 0,
              padding: 12,
              background: CSS_COLOR.fillGrey,
              borderRadius: 6,
              maxHeight: '50vh',
              overflowY: 'auto',
            }}
          >
            {message.data.text}
          </pre>
        </section>
      ) : (
        <div role="status" aria-label="Loading the message">
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        </div>
      )}
    </Modal>
  );
}
