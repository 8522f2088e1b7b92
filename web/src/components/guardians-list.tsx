import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, ConfigProvider, Flex, Modal, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { type CSSProperties, type ReactNode, useRef, useState } from 'react';
import type { StudentGuardians } from '../../../shared/guardians.js';
import { errorMessage } from '../lib/api-client.js';
import { useStudentGuardians } from '../lib/queries/use-student-guardians.js';
import { useUnlinkGuardian } from '../lib/queries/use-unlink-guardian.js';
import { COLOR, CSS_COLOR } from '../../../shared/design-tokens.js';

export type Guardian = StudentGuardians['guardians'][number];

/** What the list says: the student's own words ("Remove") or the office's ("Unlink"). */
export interface GuardiansListText {
  /** next to the spinner while the list loads */
  loading: string;
  /** before the reason when the list cannot be loaded, e.g. 'The list cannot be shown.' */
  cannotShow: string;
  linkedHeading: string;
  /** in place of the list when no guardian is linked */
  noGuardians: ReactNode;
  /** the button on each guardian and in the confirmation; each guardian's is named '{action} {name}' */
  action: 'Remove' | 'Unlink';
  /** before the day the guardian was linked */
  linkedSince: string;
  /** the notice once a guardian is gone */
  removed: (name: string) => string;
  /** between an invitation's sending time and its end */
  expires: string;
  confirmTitle: (guardian: Guardian) => string;
  confirmDetail: (guardian: Guardian) => ReactNode;
  removeFailed: (guardian: Guardian, reason: string) => string;
}

export interface GuardiansListProps {
  studentId: string;
  text: GuardiansListText;
  /** the ids of the two lists' headings, which also name the lists */
  ids: { linked: string; pending: string };
  /** above the lists */
  intro?: ReactNode;
  style?: CSSProperties;
  /** the flex basis of a guardian's name and address, beside the button */
  nameBasis: number;
  /** dayjs format of an invitation's times */
  timeFormat: string;
  confirmWidth: number;
  /** below the lists (the office's invitation form) */
  children?: ReactNode;
  /** more buttons on each linked guardian, before the remove button (the office's password link) */
  guardianActions?: (guardian: Guardian) => ReactNode;
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
const itemStyle = { padding: '8px 0', borderBottom: `1px solid ${CSS_COLOR.borderSecondary}` } as const;
export const guardiansHeadingStyle = { fontSize: 16, margin: '0 0 4px' } as const;
const wrapStyle = { overflowWrap: 'anywhere' } as const;
const nowrap = { whiteSpace: 'nowrap' } as const;

/** As reset-password-dialog.tsx: a red that white text can be read on (WCAG AA), resting, hovered and pressed. */
const DANGER_BUTTON_THEME = {
  components: {
    Button: { colorError: COLOR.errorStrong, colorErrorHover: COLOR.error, colorErrorActive: COLOR.errorActive },
  },
};

const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

/** "{action} {name}?": the guardian's access to her, and the guardian's sessions, end at once. */
function ConfirmRemove({
  props: { studentId, text, confirmWidth },
  guardian,
  onClose,
  onRemoved,
}: {
  props: GuardiansListProps;
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
  const buttons = (
    <>
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
          {text.action}
        </Button>
      </ConfigProvider>
    </>
  );
  return (
    <Modal
      open={guardian !== null}
      title={guardian ? text.confirmTitle(guardian) : ''}
      width={`min(${confirmWidth}px, calc(100vw - 16px))`}
      onCancel={close}
      closable={!unlink.isPending}
      maskClosable={false}
      destroyOnHidden
      afterClose={() => {
        if (removed.current) onRemoved(removed.current);
        removed.current = null;
      }}
      // The buttons wrap on a narrow screen.
      footer={
        <Flex gap="small" justify="flex-end" wrap>
          {buttons}
        </Flex>
      }
    >
      {guardian && (
        <>
          <Typography.Paragraph style={wrapStyle}>{text.confirmDetail(guardian)}</Typography.Paragraph>
          {unlink.isError && (
            <Alert type="error" showIcon role="alert" title={text.removeFailed(guardian, errorMessage(unlink.error))} />
          )}
        </>
      )}
    </Modal>
  );
}

/**
 * A student's linked parents and guardians, each with a button that removes the link after a confirmation, and
 * her invitations not yet accepted: the student's own "Who can see my registration" and the office's Guardians
 * dialog, each in its own words.
 */
export function GuardiansList(props: GuardiansListProps) {
  const { studentId, text, ids, intro, style, nameBasis, timeFormat, children, guardianActions } = props;
  const guardians = useStudentGuardians(studentId);
  const [removing, setRemoving] = useState<Guardian | null>(null);
  const [removedName, setRemovedName] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  if (guardians.isLoading)
    return (
      <div role="status" style={{ padding: '16px 0' }}>
        <Spin size="small" indicator={<LoadingOutlined aria-hidden />} />{' '}
        <Typography.Text>{text.loading}</Typography.Text>
      </div>
    );
  if (guardians.isError || !guardians.data)
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={`${text.cannotShow} ${errorMessage(guardians.error)}`}
        action={
          <Button size="small" onClick={() => void guardians.refetch()}>
            Try again
          </Button>
        }
      />
    );

  const time = (iso: string) => dayjs(iso).format(timeFormat);
  const { guardians: linked, invitations } = guardians.data;
  return (
    <Flex vertical gap={20} style={style}>
      {intro}
      <section aria-labelledby={ids.linked}>
        <Typography.Title level={3} id={ids.linked} ref={heading} tabIndex={-1} style={guardiansHeadingStyle}>
          {text.linkedHeading}
        </Typography.Title>
        <div role="status" aria-live="polite">
          {removedName && (
            <Alert
              type="success"
              showIcon
              title={text.removed(removedName)}
              closable
              onClose={() => setRemovedName(null)}
              style={{ margin: '4px 0' }}
            />
          )}
        </div>
        {linked.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {text.noGuardians}
          </Typography.Paragraph>
        ) : (
          <ul style={listStyle} aria-labelledby={ids.linked}>
            {linked.map((g) => (
              <li key={g.id} style={itemStyle}>
                <Flex gap="small" wrap align="center" justify="space-between">
                  <Flex vertical style={{ minWidth: 0, flex: `1 1 ${nameBasis}px` }}>
                    <Typography.Text strong style={wrapStyle}>
                      {g.name}
                    </Typography.Text>
                    <Typography.Text style={wrapStyle}>{g.email}</Typography.Text>
                    <Typography.Text type="secondary">
                      {text.linkedSince} {day(g.linked_at)}
                    </Typography.Text>
                  </Flex>
                  <Flex gap="small" wrap justify="flex-end">
                    {guardianActions?.(g)}
                    <Button
                      aria-label={`${text.action} ${g.name}`}
                      onClick={() => {
                        setRemovedName(null);
                        setRemoving(g);
                      }}
                    >
                      {text.action}
                    </Button>
                  </Flex>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={ids.pending}>
        <Typography.Title level={3} id={ids.pending} style={guardiansHeadingStyle}>
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
                    <span style={nowrap}>Sent {time(i.created_at)}</span> ·{' '}
                    <span style={nowrap}>
                      {text.expires} {time(i.expires_at)}
                    </span>
                  </Typography.Text>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </section>

      {children}

      <ConfirmRemove
        props={props}
        guardian={removing}
        onClose={() => {
          setRemoving(null);
          // A guardian removed meanwhile elsewhere (the office, or the student on another device) goes too.
          void guardians.refetch();
        }}
        onRemoved={(name) => {
          // The button she pressed is gone with the guardian: the focus goes to the list's heading.
          setRemovedName(name);
          heading.current?.focus();
        }}
      />
    </Flex>
  );
}
