import { GUARDIAN_MESSAGES } from '../../../shared/guardians.js';
import { GuardiansList, type GuardiansListText } from './guardians-list.js';
import { PLAIN_GUARDIANS_KIT } from './guardians-plain-kit.js';
import type { AccountMenuDialogProps } from './invite-parent-dialog.js';
import { PlainModal } from './plain-dialog.js';
import { PlainButton } from './plain-ui.js';

const TEXT: GuardiansListText = {
  loading: 'Loading…',
  cannotShow: 'The list cannot be shown.',
  linkedHeading: 'Parents and guardians',
  noGuardians: GUARDIAN_MESSAGES.noGuardians,
  action: 'Remove',
  linkedSince: 'Since',
  removed: GUARDIAN_MESSAGES.guardianRemoved,
  expires: 'until',
  confirmTitle: (guardian) => GUARDIAN_MESSAGES.removeGuardian(guardian.name),
  confirmDetail: (guardian) => GUARDIAN_MESSAGES.removeGuardianDetail(guardian.email),
  removeFailed: (guardian, reason) => `${guardian.name} could not be removed. ${reason}`,
};

/**
 * A student's own "Who can see my registration" (her account menu, docs/product.md §11): the parent and guardian
 * accounts linked to her, each with Remove (after a confirmation), and her invitations not yet accepted. Drawn with
 * the light kit; its code comes only when she opens it, as "Invite a parent".
 */
export function MyGuardiansDialog({ studentId, open, onClose, afterClose }: AccountMenuDialogProps) {
  return (
    <PlainModal
      open={open}
      title={GUARDIAN_MESSAGES.whoCanSee}
      width={560}
      onClose={onClose}
      afterClose={afterClose}
      footer={<PlainButton onClick={onClose}>Close</PlainButton>}
    >
      <GuardiansList
        studentId={studentId}
        text={TEXT}
        ids={{ linked: 'my-guardians-linked', pending: 'my-guardians-pending' }}
        intro={<p style={{ margin: 0 }}>{GUARDIAN_MESSAGES.whoCanSeeIntro}</p>}
        nameBasis={180}
        timeFormat="YYYY-MM-DD"
        confirmWidth={440}
        kit={PLAIN_GUARDIANS_KIT}
      />
    </PlainModal>
  );
}
