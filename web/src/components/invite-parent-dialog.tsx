import { Button, Modal, Typography } from 'antd';
import { INVITATION_DAYS } from '../../../shared/guardians.js';
import { InviteParentForm } from './invite-parent-form.js';

/** A dialog of a student's account menu, for her own student ID. */
export interface AccountMenuDialogProps {
  studentId: string;
  open: boolean;
  onClose: () => void;
  /** once the dialog has gone: the focus goes back to what opened it */
  afterClose?: () => void;
}

/**
 * A student's own "Invite a parent" (her account menu): her parent's e-mail address, and Send. The invitation is for
 * her own student ID; the server refuses any other.
 */
export function InviteParentDialog({ studentId, open, onClose, afterClose }: AccountMenuDialogProps) {
  return (
    <Modal
      open={open}
      title="Invite a parent"
      width="min(480px, calc(100vw - 16px))"
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <Typography.Paragraph>
        We&rsquo;ll e-mail a link so your parent can sign in with their own e-mail and password and help with your
        registration. The link works once, for {INVITATION_DAYS} days.
      </Typography.Paragraph>
      <InviteParentForm
        studentId={studentId}
        name="invite-parent"
        label="Your parent's e-mail address"
        submitText="Send"
        autoFocus
      />
    </Modal>
  );
}
