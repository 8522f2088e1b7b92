import { useState } from 'react';
import { GUARDIAN_MESSAGES } from '../../../shared/guardians.js';
import { EMAIL_PATTERN } from '../../../shared/student-fields.js';
import { ApiError, errorMessage } from '../lib/api-client.js';
import { useInviteGuardian } from '../lib/queries/use-invite-guardian.js';
import type { GuardiansKit } from './guardians-kit.js';

type Notice = { type: 'success' | 'error'; text: string } | null;

/** What is wrong with the address before it is sent, or null. */
function addressError(address: string): string | null {
  if (!address) return GUARDIAN_MESSAGES.emailRequired;
  return EMAIL_PATTERN.test(address) ? null : GUARDIAN_MESSAGES.emailInvalid;
}

/**
 * One e-mail address and Send: POST /api/guardians/invite for `studentId`. The office's Guardians dialog and a
 * student's own "Invite a parent" share it, each with its own kit's controls (`kit`). A problem with the address
 * (empty, not an address, already linked) is said under the field, which gets the focus; anything else (too many
 * today, an unknown student, no connection) in an alert. A sent invitation empties the field and says where it went.
 */
export function InviteParentForm({
  studentId,
  name,
  label = 'E-mail address',
  submitText = 'Send invitation',
  autoFocus = false,
  kit: { Alert, Button, EmailField, Form },
}: {
  studentId: string;
  /** the form's name: its field's id is `${name}_email` */
  name: string;
  label?: string;
  submitText?: string;
  /** the field takes the focus when the form appears (a dialog that is only this form) */
  autoFocus?: boolean;
  kit: GuardiansKit;
}) {
  const invite = useInviteGuardian();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const fieldId = `${name}_email`;

  const fieldError = (message: string) => {
    setError(message);
    document.getElementById(fieldId)?.focus();
  };

  const submit = () => {
    if (invite.isPending) return;
    const address = email.trim();
    setNotice(null);
    const wrong = addressError(address);
    if (wrong) return fieldError(wrong);
    invite.mutate(
      { student_id: studentId, email: address },
      {
        onSuccess: (sent) => {
          setEmail('');
          setError(null);
          setNotice({ type: 'success', text: GUARDIAN_MESSAGES.invited(sent?.email ?? address) });
        },
        onError: (e) => {
          const emailErrors = e instanceof ApiError ? e.body?.errors?.email : undefined;
          if (e instanceof ApiError && e.status === 422 && emailErrors?.length) fieldError(emailErrors[0]);
          else if (e instanceof ApiError && e.status === 409) fieldError(errorMessage(e));
          else setNotice({ type: 'error', text: errorMessage(e) });
        },
      },
    );
  };

  return (
    <Form name={name} onSubmit={submit}>
      <div style={{ maxWidth: 480 }}>
        <EmailField
          id={fieldId}
          label={label}
          error={error}
          value={email}
          // An error stays until she changes the address (not while she is still typing the first one).
          onChange={(value) => {
            setEmail(value);
            setError(null);
            setNotice((n) => (n?.type === 'success' ? n : null));
          }}
          autoFocus={autoFocus}
        />
        <Button variant="primary" submit loading={invite.isPending}>
          {submitText}
        </Button>
        <div role="status" aria-live="polite" style={{ marginTop: notice ? 12 : 0 }}>
          {notice && <Alert type={notice.type} title={notice.text} />}
        </div>
      </div>
    </Form>
  );
}
