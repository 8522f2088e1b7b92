import { Alert, Button, Modal, Progress, Typography } from 'antd';
import type { RegistrationRemindersResult } from '../../../../../shared/mail.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useSendReminders } from '../api/use-send-reminders.js';

/** Whom a reminder goes to: a whole class's unfinished students, or the ones chosen in its list. */
export interface ReminderTarget {
  /** '' for students without a class */
  classId: string;
  /** the chosen students; null: every unfinished student of the class */
  studentIds: string[] | null;
  /** how many students that is */
  count: number;
  /** after the reminders were queued (the list clears its ticks) */
  onSent?: () => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function question({ classId, studentIds, count }: ReminderTarget): string {
  const of = classId ? ` of ${classId}` : ' without a class';
  const families = count === 1 ? 'the family of the 1' : `the families of the ${count}`;
  const who = studentIds
    ? `${count === 1 ? 'selected student' : 'selected students'}${of}`
    : `${count === 1 ? 'student' : 'students'}${of} who ${count === 1 ? 'has' : 'have'} not finished`;
  return `Send a reminder to ${families} ${who}?`;
}

/** 'Reminders queued: 5 messages to 3 families. 1 has no e-mail address on record.' */
export function reminderOutcome(r: RegistrationRemindersResult): string {
  const messages = plural(r.queued, 'message', 'messages');
  const queued = `Reminders queued: ${messages} to ${plural(r.students, 'family', 'families')}.`;
  if (r.without_address <= 0) return queued;
  return `${queued} ${r.without_address} ${r.without_address === 1 ? 'has' : 'have'} no e-mail address on record.`;
}

/**
 * Asks before the reminder e-mails go out (each family gets what is still missing and the deadline), then says how
 * many were queued and how many students have no address to send to.
 */
export function ReminderDialog({ target, onClose }: { target: ReminderTarget | null; onClose: () => void }) {
  const send = useSendReminders();
  const close = () => {
    if (send.isPending) return;
    send.reset();
    onClose();
  };
  const go = () => {
    if (!target) return;
    const request = target.studentIds ? { student_ids: target.studentIds } : { class_id: target.classId };
    send.mutate(request, { onSuccess: () => target.onSent?.() });
  };
  const footer = send.isPending ? null : send.isSuccess ? (
    <Button type="primary" onClick={close}>
      Ok
    </Button>
  ) : (
    <>
      <Button onClick={close}>Cancel</Button>
      <Button type="primary" onClick={go}>
        Send reminder
      </Button>
    </>
  );
  return (
    <Modal
      open={target !== null}
      title="Send a reminder"
      onCancel={close}
      closable={!send.isPending}
      maskClosable={false}
      destroyOnHidden
      footer={footer}
    >
      {send.isPending ? (
        <div role="status" aria-live="polite">
          <Typography.Paragraph>Queuing the reminders…</Typography.Paragraph>
          <Progress percent={100} status="active" showInfo={false} />
        </div>
      ) : send.isSuccess ? (
        <div role="status">
          <Alert type="success" showIcon title={reminderOutcome(send.data)} />
        </div>
      ) : (
        target && (
          <>
            <Typography.Paragraph>{question(target)}</Typography.Paragraph>
            <Typography.Paragraph type="secondary" style={{ marginBottom: send.isError ? 12 : 0 }}>
              They get an e-mail listing what is still missing and the deadline.
            </Typography.Paragraph>
            {send.isError && <Alert type="error" showIcon role="alert" title={errorMessage(send.error)} />}
          </>
        )
      )}
    </Modal>
  );
}
