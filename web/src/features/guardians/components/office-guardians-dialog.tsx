import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { StudentListItem } from '../../../../../shared/admin-types.js';
import { GUARDIAN_MESSAGES, INVITATION_DAYS } from '../../../../../shared/guardians.js';
import {
  type Guardian,
  GuardiansList,
  guardiansHeadingStyle,
  type GuardiansListText,
} from '../../../components/guardians-list.js';
import { InviteParentForm } from '../../../components/invite-parent-form.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useSendGuardianResetLink } from '../api/use-send-guardian-reset-link.js';
import { ANTD_GUARDIANS_KIT } from './guardians-antd-kit.js';

/** 'first last' (as the admin feature's student-name.ts writes her in sentences), else her ID. */
const plainName = (s: StudentListItem) => `${s.first_name ?? ''} ${s.last_name ?? ''}`.trim() || s.id;

/** The office's words: "Unlink {name}?" ends her access to this student, and her sessions, at once. */
const officeText = (firstName: string): GuardiansListText => ({
  loading: 'Loading her guardians…',
  cannotShow: 'Her guardians cannot be shown.',
  linkedHeading: 'Linked parents and guardians',
  noGuardians: `No parent or guardian is linked to ${firstName} yet.`,
  action: 'Unlink',
  linkedSince: 'Linked',
  removed: () => GUARDIAN_MESSAGES.unlinked,
  expires: 'expires',
  confirmTitle: (guardian) => `Unlink ${guardian.name}?`,
  confirmDetail: (guardian) =>
    `${guardian.name} (${guardian.email}) will no longer see ${firstName}\u2019s registration and report cards. ` +
    'They are signed out at once.',
  removeFailed: (_guardian, reason) => reason,
});

function GuardiansBody({ student }: { student: StudentListItem }) {
  const firstName = student.first_name?.trim() || plainName(student);
  const inviteId = `guardians-invite-${student.id}`;
  const send = useSendGuardianResetLink();
  // The last send's outcome, said above the list (a polite live region): where the link went, or why not.
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const sendLink = (guardian: Guardian) => {
    setOutcome(null);
    send.mutate(
      { student_id: student.id, guardian_id: guardian.id },
      {
        onSuccess: (r) => setOutcome({ ok: true, text: GUARDIAN_MESSAGES.resetLinkSent(guardian.name, r.email) }),
        onError: (e) =>
          setOutcome({ ok: false, text: GUARDIAN_MESSAGES.resetLinkFailed(guardian.name, errorMessage(e)) }),
      },
    );
  };
  const sending = (g: Guardian) => send.isPending && send.variables?.guardian_id === g.id;
  return (
    <GuardiansList
      studentId={student.id}
      text={officeText(firstName)}
      intro={
        <div role="status" aria-live="polite">
          {outcome && (
            <Alert
              type={outcome.ok ? 'success' : 'error'}
              showIcon
              title={outcome.text}
              closable
              onClose={() => setOutcome(null)}
            />
          )}
        </div>
      }
      guardianActions={(g) => (
        <Button
          aria-label={`${GUARDIAN_MESSAGES.sendResetLink} to ${g.name}`}
          disabled={send.isPending}
          // An unnamed spinner, as the list's own buttons have (antd's can stay behind named "loading").
          loading={sending(g) ? { icon: <LoadingOutlined aria-hidden /> } : false}
          onClick={() => sendLink(g)}
        >
          {GUARDIAN_MESSAGES.sendResetLink}
        </Button>
      )}
      ids={{ linked: `guardians-linked-${student.id}`, pending: `guardians-pending-${student.id}` }}
      style={{ marginTop: 12 }}
      nameBasis={220}
      timeFormat="YYYY-MM-DD HH:mm"
      confirmWidth={480}
      kit={ANTD_GUARDIANS_KIT}
    >
      <section aria-labelledby={inviteId}>
        <Typography.Title level={3} id={inviteId} style={guardiansHeadingStyle}>
          Invite a parent or guardian
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {`The address gets a link to create a sign-in of their own for ${firstName}. `}
          {`It works once, for ${INVITATION_DAYS} days. Without a mail server, the message waits in the Outbox.`}
        </Typography.Paragraph>
        <InviteParentForm studentId={student.id} name="office-guardian-invite" kit={ANTD_GUARDIANS_KIT} />
      </section>
    </GuardiansList>
  );
}

/**
 * A student's parents and guardians (the Students table's Guardians action, which the app passes to the admin
 * feature): who is linked, with Send password link (a new link to reset her own password, at her own address) and
 * Unlink; the
 * invitations not yet accepted; and an invitation to another address.
 */
export function OfficeGuardiansDialog({ student, onClose }: { student: StudentListItem | null; onClose: () => void }) {
  return (
    <Modal
      open={student !== null}
      title={student ? `Guardians · ${plainName(student)} (${student.id})` : ''}
      onCancel={onClose}
      destroyOnHidden
      width="min(640px, calc(100vw - 16px))"
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {student && <GuardiansBody key={student.id} student={student} />}
    </Modal>
  );
}
