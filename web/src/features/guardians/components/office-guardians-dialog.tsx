import { Alert, Button, ConfigProvider, Flex, Modal, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import type { StudentListItem } from '../../../../../shared/admin-types.js';
import { GUARDIAN_MESSAGES, INVITATION_DAYS, type StudentGuardians } from '../../../../../shared/guardians.js';
import { errorMessage } from '../../../lib/api-client.js';
import { InviteParentForm } from '../../../components/invite-parent-form.js';
import { useStudentGuardians } from '../../../lib/queries/use-student-guardians.js';
import { useUnlinkGuardian } from '../../../lib/queries/use-unlink-guardian.js';

type Guardian = StudentGuardians['guardians'][number];

/** 'first last' (as the admin feature's student-name.ts writes her in sentences), else her ID. */
const plainName = (s: StudentListItem) => `${s.first_name ?? ''} ${s.last_name ?? ''}`.trim() || s.id;

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
const itemStyle = { padding: '8px 0', borderBottom: '1px solid #f0f0f0' } as const;
const headingStyle = { fontSize: 16, margin: '0 0 4px' } as const;
const wrapStyle = { overflowWrap: 'anywhere' } as const;
const nowrap = { whiteSpace: 'nowrap' } as const;

/** As reset-password-dialog.tsx: a red that white text can be read on (WCAG AA), resting, hovered and pressed. */
const DANGER_BUTTON_THEME = {
  components: { Button: { colorError: '#a8071a', colorErrorHover: '#cf1322', colorErrorActive: '#820014' } },
};

const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');
const minute = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** "Unlink {name}?": her access to this student, and her sessions, end at once (POST /api/guardians/unlink). */
function UnlinkDialog({
  student,
  guardian,
  onClose,
  onUnlinked,
}: {
  student: StudentListItem;
  guardian: Guardian | null;
  onClose: () => void;
  onUnlinked: () => void;
}) {
  const unlink = useUnlinkGuardian();
  const done = useRef(false);
  const firstName = student.first_name?.trim() || plainName(student);
  const close = () => {
    if (unlink.isPending) return;
    unlink.reset();
    onClose();
  };
  return (
    <Modal
      open={guardian !== null}
      title={guardian ? `Unlink ${guardian.name}?` : ''}
      width="min(480px, calc(100vw - 16px))"
      onCancel={close}
      closable={!unlink.isPending}
      maskClosable={false}
      destroyOnHidden
      afterClose={() => {
        // The Unlink button she pressed is gone with the guardian: the focus goes back to the list's heading.
        if (done.current) onUnlinked();
        done.current = false;
      }}
      footer={
        <>
          <Button onClick={close} disabled={unlink.isPending}>
            Cancel
          </Button>
          <ConfigProvider theme={DANGER_BUTTON_THEME}>
            <Button
              type="primary"
              danger
              loading={unlink.isPending}
              onClick={() =>
                guardian &&
                unlink.mutate(
                  { student_id: student.id, guardian_id: guardian.id },
                  {
                    onSuccess: () => {
                      done.current = true;
                      unlink.reset();
                      onClose();
                    },
                  },
                )
              }
            >
              Unlink
            </Button>
          </ConfigProvider>
        </>
      }
    >
      {guardian && (
        <>
          <Typography.Paragraph style={wrapStyle}>
            {guardian.name} ({guardian.email}) will no longer see {firstName}&rsquo;s registration and report cards.
            They are signed out at once.
          </Typography.Paragraph>
          {unlink.isError && <Alert type="error" showIcon role="alert" title={errorMessage(unlink.error)} />}
        </>
      )}
    </Modal>
  );
}

function GuardiansBody({ student }: { student: StudentListItem }) {
  const guardians = useStudentGuardians(student.id);
  const [unlinking, setUnlinking] = useState<Guardian | null>(null);
  const [unlinked, setUnlinked] = useState(false);
  const linkedHeading = useRef<HTMLHeadingElement>(null);
  const firstName = student.first_name?.trim() || plainName(student);
  const ids = { linked: `guardians-linked-${student.id}`, pending: `guardians-pending-${student.id}` };

  if (guardians.isLoading)
    return (
      <div role="status" style={{ padding: '16px 0' }}>
        <Spin size="small" /> <Typography.Text>Loading her guardians…</Typography.Text>
      </div>
    );
  if (guardians.isError || !guardians.data)
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={`Her guardians cannot be shown. ${errorMessage(guardians.error)}`}
        action={
          <Button size="small" onClick={() => void guardians.refetch()}>
            Try again
          </Button>
        }
      />
    );

  const { guardians: linked, invitations } = guardians.data;
  return (
    <Flex vertical gap={20} style={{ marginTop: 12 }}>
      <section aria-labelledby={ids.linked}>
        <Typography.Title level={3} id={ids.linked} ref={linkedHeading} tabIndex={-1} style={headingStyle}>
          Linked parents and guardians
        </Typography.Title>
        <div role="status" aria-live="polite">
          {unlinked && (
            <Alert
              type="success"
              showIcon
              title={GUARDIAN_MESSAGES.unlinked}
              closable
              onClose={() => setUnlinked(false)}
              style={{ margin: '4px 0' }}
            />
          )}
        </div>
        {linked.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            No parent or guardian is linked to {firstName} yet.
          </Typography.Paragraph>
        ) : (
          <ul style={listStyle} aria-labelledby={ids.linked}>
            {linked.map((g) => (
              <li key={g.id} style={itemStyle}>
                <Flex gap="small" wrap align="center" justify="space-between">
                  <Flex vertical style={{ minWidth: 0, flex: '1 1 220px' }}>
                    <Typography.Text strong style={wrapStyle}>
                      {g.name}
                    </Typography.Text>
                    <Typography.Text style={wrapStyle}>{g.email}</Typography.Text>
                    <Typography.Text type="secondary">Linked {day(g.linked_at)}</Typography.Text>
                  </Flex>
                  <Button
                    aria-label={`Unlink ${g.name}`}
                    onClick={() => {
                      setUnlinked(false);
                      setUnlinking(g);
                    }}
                  >
                    Unlink
                  </Button>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={ids.pending}>
        <Typography.Title level={3} id={ids.pending} style={headingStyle}>
          Invitations not yet accepted
        </Typography.Title>
        {invitations.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            None.
          </Typography.Paragraph>
        ) : (
          <ul style={listStyle} aria-labelledby={ids.pending}>
            {invitations.map((i) => (
              <li key={`${i.email}:${i.created_at}`} style={itemStyle}>
                <Flex vertical>
                  <Typography.Text strong style={wrapStyle}>
                    {i.email}
                  </Typography.Text>
                  {/* On a phone the line breaks between the two times, not inside one. */}
                  <Typography.Text type="secondary">
                    <span style={nowrap}>Sent {minute(i.created_at)}</span> ·{' '}
                    <span style={nowrap}>expires {minute(i.expires_at)}</span>
                  </Typography.Text>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`guardians-invite-${student.id}`}>
        <Typography.Title level={3} id={`guardians-invite-${student.id}`} style={headingStyle}>
          Invite a parent or guardian
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {`The address gets a link to create a sign-in of their own for ${firstName}. `}
          {`It works once, for ${INVITATION_DAYS} days. Without a mail server, the message waits in the Outbox.`}
        </Typography.Paragraph>
        <InviteParentForm studentId={student.id} name="office-guardian-invite" />
      </section>

      <UnlinkDialog
        student={student}
        guardian={unlinking}
        onClose={() => setUnlinking(null)}
        onUnlinked={() => {
          setUnlinked(true);
          linkedHeading.current?.focus();
        }}
      />
    </Flex>
  );
}

/**
 * A student's parents and guardians (the Students table's Guardians action, which the app passes to the admin
 * feature): who is linked, with Unlink; the
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
