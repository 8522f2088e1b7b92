import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, ConfigProvider, Flex, Modal, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { GUARDIAN_MESSAGES, type StudentGuardians } from '../../../shared/guardians.js';
import { errorMessage } from '../lib/api-client.js';
import { useStudentGuardians } from '../lib/queries/use-student-guardians.js';
import { useUnlinkGuardian } from '../lib/queries/use-unlink-guardian.js';

type Guardian = StudentGuardians['guardians'][number];

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
const itemStyle = { padding: '8px 0', borderBottom: '1px solid #f0f0f0' } as const;
const headingStyle = { fontSize: 16, margin: '0 0 4px' } as const;
const wrapStyle = { overflowWrap: 'anywhere' } as const;
const nowrap = { whiteSpace: 'nowrap' } as const;

/** As the office's Unlink: a red that white text can be read on (WCAG AA), resting, hovered and pressed. */
const DANGER_BUTTON_THEME = {
  components: { Button: { colorError: '#a8071a', colorErrorHover: '#cf1322', colorErrorActive: '#820014' } },
};

const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

/** "Remove {name}?": the guardian's access to her, and the guardian's sessions, end at once. */
function RemoveDialog({
  studentId,
  guardian,
  onClose,
  onRemoved,
}: {
  studentId: string;
  guardian: Guardian | null;
  onClose: () => void;
  onRemoved: (name: string) => void;
}) {
  const unlink = useUnlinkGuardian();
  const removed = useRef<string | null>(null);
  const close = () => {
    if (unlink.isPending) return;
    unlink.reset();
    onClose();
  };
  return (
    <Modal
      open={guardian !== null}
      title={guardian ? GUARDIAN_MESSAGES.removeGuardian(guardian.name) : ''}
      width="min(440px, calc(100vw - 16px))"
      onCancel={close}
      closable={!unlink.isPending}
      maskClosable={false}
      destroyOnHidden
      afterClose={() => {
        if (removed.current) onRemoved(removed.current);
        removed.current = null;
      }}
      footer={
        <Flex gap="small" justify="flex-end" wrap>
          <Button onClick={close} disabled={unlink.isPending}>
            Cancel
          </Button>
          <ConfigProvider theme={DANGER_BUTTON_THEME}>
            <Button
              type="primary"
              danger
              // antd's own icon can stay behind named "loading" (invite-parent-form.tsx): this one is unnamed.
              loading={unlink.isPending ? { icon: <LoadingOutlined aria-hidden /> } : false}
              onClick={() =>
                guardian &&
                unlink.mutate(
                  { student_id: studentId, guardian_id: guardian.id },
                  {
                    onSuccess: () => {
                      removed.current = guardian.name;
                      unlink.reset();
                      onClose();
                    },
                  },
                )
              }
            >
              Remove
            </Button>
          </ConfigProvider>
        </Flex>
      }
    >
      {guardian && (
        <>
          <Typography.Paragraph style={wrapStyle}>
            {GUARDIAN_MESSAGES.removeGuardianDetail(guardian.email)}
          </Typography.Paragraph>
          {unlink.isError && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={`${guardian.name} could not be removed. ${errorMessage(unlink.error)}`}
            />
          )}
        </>
      )}
    </Modal>
  );
}

function Body({ studentId }: { studentId: string }) {
  const guardians = useStudentGuardians(studentId);
  const [removing, setRemoving] = useState<Guardian | null>(null);
  const [removedName, setRemovedName] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  if (guardians.isLoading)
    return (
      <div role="status" style={{ padding: '16px 0' }}>
        <Spin size="small" indicator={<LoadingOutlined aria-hidden />} /> <Typography.Text>Loading…</Typography.Text>
      </div>
    );
  if (guardians.isError || !guardians.data)
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={`The list cannot be shown. ${errorMessage(guardians.error)}`}
        action={
          <Button size="small" onClick={() => void guardians.refetch()}>
            Try again
          </Button>
        }
      />
    );

  const { guardians: linked, invitations } = guardians.data;
  return (
    <Flex vertical gap={20}>
      <Typography.Paragraph style={{ margin: 0 }}>{GUARDIAN_MESSAGES.whoCanSeeIntro}</Typography.Paragraph>
      <section aria-labelledby="my-guardians-linked">
        <Typography.Title level={3} id="my-guardians-linked" ref={heading} tabIndex={-1} style={headingStyle}>
          Parents and guardians
        </Typography.Title>
        <div role="status" aria-live="polite">
          {removedName && (
            <Alert
              type="success"
              showIcon
              title={GUARDIAN_MESSAGES.guardianRemoved(removedName)}
              closable
              onClose={() => setRemovedName(null)}
              style={{ margin: '4px 0' }}
            />
          )}
        </div>
        {linked.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {GUARDIAN_MESSAGES.noGuardians}
          </Typography.Paragraph>
        ) : (
          <ul style={listStyle} aria-labelledby="my-guardians-linked">
            {linked.map((g) => (
              <li key={g.id} style={itemStyle}>
                <Flex gap="small" wrap align="center" justify="space-between">
                  <Flex vertical style={{ minWidth: 0, flex: '1 1 180px' }}>
                    <Typography.Text strong style={wrapStyle}>
                      {g.name}
                    </Typography.Text>
                    <Typography.Text style={wrapStyle}>{g.email}</Typography.Text>
                    <Typography.Text type="secondary">Since {day(g.linked_at)}</Typography.Text>
                  </Flex>
                  <Button
                    aria-label={`Remove ${g.name}`}
                    onClick={() => {
                      setRemovedName(null);
                      setRemoving(g);
                    }}
                  >
                    Remove
                  </Button>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="my-guardians-pending">
        <Typography.Title level={3} id="my-guardians-pending" style={headingStyle}>
          Invitations not yet accepted
        </Typography.Title>
        {invitations.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            None.
          </Typography.Paragraph>
        ) : (
          <ul style={listStyle} aria-labelledby="my-guardians-pending">
            {invitations.map((i) => (
              <li key={`${i.email}:${i.created_at}`} style={itemStyle}>
                <Flex vertical>
                  <Typography.Text strong style={wrapStyle}>
                    {i.email}
                  </Typography.Text>
                  {/* On a phone the line breaks between the two days, not inside one. */}
                  <Typography.Text type="secondary">
                    <span style={nowrap}>Sent {day(i.created_at)}</span> ·{' '}
                    <span style={nowrap}>until {day(i.expires_at)}</span>
                  </Typography.Text>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </section>

      <RemoveDialog
        studentId={studentId}
        guardian={removing}
        onClose={() => {
          setRemoving(null);
          // A guardian removed meanwhile elsewhere (or a failure): the list is asked for again.
          void guardians.refetch();
        }}
        onRemoved={(name) => {
          // The Remove button she pressed is gone with the guardian: the focus goes to the list's heading.
          setRemovedName(name);
          heading.current?.focus();
        }}
      />
    </Flex>
  );
}

/**
 * A student's own "Who can see my registration" (her account menu, docs/product.md §11): the parent and guardian
 * accounts linked to her, each with Remove (after a confirmation), and her invitations not yet accepted. Loaded,
 * with antd, only when she opens it, as "Invite a parent".
 */
export function MyGuardiansDialog({
  studentId,
  open,
  onClose,
  afterClose,
}: {
  studentId: string;
  open: boolean;
  onClose: () => void;
  /** once the dialog has gone: the focus goes back to what opened it */
  afterClose?: () => void;
}) {
  return (
    <Modal
      open={open}
      title={GUARDIAN_MESSAGES.whoCanSee}
      width="min(560px, calc(100vw - 16px))"
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <Body studentId={studentId} />
    </Modal>
  );
}
