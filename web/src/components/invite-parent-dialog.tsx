import { INVITATION_DAYS } from '../../../shared/guardians.js';
import { PLAIN_GUARDIANS_KIT } from './guardians-plain-kit.js';
import { InviteParentForm } from './invite-parent-form.js';
import { PlainModal } from './plain-dialog.js';
import { PlainButton } from './plain-ui.js';

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
 * her own student ID; the server refuses any other. Drawn with the light kit.
 */
export function InviteParentDialog({ studentId, open, onClose, afterClose }: AccountMenuDialogProps) {
  return (
    <PlainModal
      open={open}
      title="Invite a parent"
      width={480}
      onClose={onClose}
      afterClose={afterClose}
      footer={<PlainButton onClick={onClose}>Close</PlainButton>}
    >
      <p style={{ margin: '0 0 14px' }}>
        We&rsquo;ll e-mail a link so your parent can sign in with their own e-mail and password and help with your
        registration. The link works once, for {INVITATION_DAYS} days.
      </p>
      <InviteParentForm
        studentId={studentId}
        name="invite-parent"
        label="Your parent's e-mail address"
        submitText="Send"
        autoFocus
        kit={PLAIN_GUARDIANS_KIT}
      />
    </PlainModal>
  );
}
