import { CSS_COLOR } from '../../../shared/design-tokens.js';
import dayjs from 'dayjs';
import { type CSSProperties, type ReactNode, useRef, useState } from 'react';
import type { StudentGuardians } from '../../../shared/guardians.js';
import { errorMessage } from '../lib/api-client.js';
import { useStudentGuardians } from '../lib/queries/use-student-guardians.js';
import { useUnlinkGuardian } from '../lib/queries/use-unlink-guardian.js';
import type { GuardiansKit } from './guardians-kit.js';

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
  /** the controls, of the kit of the page it is on (guardians-kit.ts) */
  kit: GuardiansKit;
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
const itemStyle = { padding: '8px 0', borderBottom: `1px solid ${CSS_COLOR.borderSecondary}` } as const;
export const guardiansHeadingStyle = { fontSize: 16, fontWeight: 600, lineHeight: 1.5, margin: '0 0 4px' } as const;
const wrapStyle = { overflowWrap: 'anywhere' } as const;
const nowrap = { whiteSpace: 'nowrap' } as const;
/** antd's secondary text, in the portal's theme (config/theme.ts): AA on white. */
const secondary = { color: CSS_COLOR.textSecondary } as const;
const row = { display: 'flex', flexWrap: 'wrap', gap: 8 } as const;

const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

/** "{action} {name}?": the guardian's access to her, and the guardian's sessions, end at once. */
function ConfirmRemove({
  props: { studentId, text, confirmWidth, kit },
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
  const { Alert, Button, Dialog } = kit;
  return (
    <Dialog
      open={guardian !== null}
      title={guardian ? text.confirmTitle(guardian) : ''}
      width={confirmWidth}
      onClose={close}
      closable={!unlink.isPending}
      afterClose={() => {
        if (removed.current) onRemoved(removed.current);
        removed.current = null;
      }}
      footer={
        <>
          <Button onClick={close} disabled={unlink.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={unlink.isPending}
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
        </>
      }
    >
      {guardian && (
        <>
          <p style={{ ...wrapStyle, margin: '0 0 14px' }}>{text.confirmDetail(guardian)}</p>
          {unlink.isError && (
            <Alert type="error" role="alert" title={text.removeFailed(guardian, errorMessage(unlink.error))} />
          )}
        </>
      )}
    </Dialog>
  );
}

/**
 * A student's linked parents and guardians, each with a button that removes the link after a confirmation, and
 * her invitations not yet accepted: the student's own "Who can see my registration" and the office's Guardians
 * dialog, each in its own words and with its own kit's controls (`kit`).
 */
export function GuardiansList(props: GuardiansListProps) {
  const { studentId, text, ids, intro, style, nameBasis, timeFormat, children, guardianActions, kit } = props;
  const { Alert, Button, Loading } = kit;
  const guardians = useStudentGuardians(studentId);
  const [removing, setRemoving] = useState<Guardian | null>(null);
  const [removedName, setRemovedName] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  if (guardians.isLoading)
    return (
      <div role="status" style={{ padding: '16px 0' }}>
        <Loading label={text.loading} />
      </div>
    );
  if (guardians.isError || !guardians.data)
    return (
      <Alert
        type="error"
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
    <div style={{ display: 'flex', flexDirection: 'column', gap: 20, ...style }}>
      {intro}
      <section aria-labelledby={ids.linked}>
        <h3 id={ids.linked} ref={heading} tabIndex={-1} style={guardiansHeadingStyle}>
          {text.linkedHeading}
        </h3>
        <div role="status" aria-live="polite">
          {removedName && (
            <Alert
              type="success"
              title={text.removed(removedName)}
              onClose={() => setRemovedName(null)}
              style={{ margin: '4px 0' }}
            />
          )}
        </div>
        {linked.length === 0 ? (
          <p style={{ ...secondary, margin: 0 }}>{text.noGuardians}</p>
        ) : (
          <ul style={listStyle} aria-labelledby={ids.linked}>
            {linked.map((g) => (
              <li key={g.id} style={itemStyle}>
                <div style={{ ...row, alignItems: 'center', justifyContent: 'space-between' }}>
                  <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0, flex: `1 1 ${nameBasis}px` }}>
                    <strong style={wrapStyle}>{g.name}</strong>
                    <span style={wrapStyle}>{g.email}</span>
                    <span style={secondary}>
                      {text.linkedSince} {day(g.linked_at)}
                    </span>
                  </div>
                  <div style={{ ...row, justifyContent: 'flex-end' }}>
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
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={ids.pending}>
        <h3 id={ids.pending} style={guardiansHeadingStyle}>
          Invitations not yet accepted
        </h3>
        {invitations.length === 0 ? (
          <p style={{ ...secondary, margin: 0 }}>None.</p>
        ) : (
          <ul style={listStyle} aria-labelledby={ids.pending}>
            {invitations.map((i) => (
              <li key={`${i.email}:${i.created_at}`} style={itemStyle}>
                <div style={{ display: 'flex', flexDirection: 'column' }}>
                  <strong style={wrapStyle}>{i.email}</strong>
                  {/* On a phone the line breaks between the two times, not inside one. */}
                  <span style={secondary}>
                    <span style={nowrap}>Sent {time(i.created_at)}</span> ·{' '}
                    <span style={nowrap}>
                      {text.expires} {time(i.expires_at)}
                    </span>
                  </span>
                </div>
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
    </div>
  );
}
