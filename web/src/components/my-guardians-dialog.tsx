import { Button, Modal, Typography } from 'antd';
import { GUARDIAN_MESSAGES } from '../../../shared/guardians.js';
import { GuardiansList, type GuardiansListText } from './guardians-list.js';
import type { AccountMenuDialogProps } from './invite-parent-dialog.js';

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
 * accounts linked to her, each with Remove (after a confirmation), and her invitations not yet accepted. Loaded,
 * with antd, only when she opens it, as "Invite a parent".
 */
export function MyGuardiansDialog({ studentId, open, onClose, afterClose }: AccountMenuDialogProps) {
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
      <GuardiansList
        studentId={studentId}
        text={TEXT}
        ids={{ linked: 'my-guardians-linked', pending: 'my-guardians-pending' }}
        intro={<Typography.Paragraph style={{ margin: 0 }}>{GUARDIAN_MESSAGES.whoCanSeeIntro}</Typography.Paragraph>}
        nameBasis={180}
        timeFormat="YYYY-MM-DD"
        confirmWidth={440}
      />
    </Modal>
  );
}
