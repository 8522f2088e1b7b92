import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LAYOUT, MESSAGES, PASSWORD_MIN_LENGTH } from '../../../../../shared/constants.js';
import { passwordProblem } from '../../../../../shared/password-policy.js';
import { NewPasswordForm } from '../../../components/new-password-form.js';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { PlainCard } from '../../../components/plain-card.js';
import { PlainFormField } from '../../../components/plain-form-field.js';
import { PlainErrorAlert } from '../../../components/plain-ui.js';
import { ROUTES } from '../../../config/routes.js';
import { signInName } from '../../../lib/account.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth-store.js';
import type { FlashState } from '../../../lib/flash-notice.js';
import { useChangePassword } from '../../../lib/queries/use-change-password.js';
import { required, usePlainForm } from '../../../lib/use-plain-form.js';

const FORM_ID = 'change-password';
const OLD_ID = `${FORM_ID}_old_password`;
const oldRule = required('Please enter your old password.');

/**
 * The change-password screen (/registration/change-password; docs/product.md §2), opened from the user
 * menu of the top bar. Besides Old and New Password it has a Confirm box, as the reset screen does, so a
 * typo in a password nobody sees cannot lock her out (docs/product.md §4 Password change). Drawn without antd.
 */
export function ChangePasswordPage() {
  const { user, updateUser } = useAuth();
  const old = usePlainForm<'old_password'>(() => ({ old_password: '' }));
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  // The name she signs in with (a guardian's is her e-mail address): the server's `student_id`, whichever the account.
  const accountId = user ? signInName(user) : '';
  const guardian = user?.role === 'guardian';

  const onSubmit = (password: string) => {
    const problem = passwordProblem(password, {
      studentId: accountId,
      role: guardian ? 'guardian' : undefined,
    });
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    changePassword.mutate(
      { student_id: accountId, password, old_password: old.values.old_password },
      {
        onSuccess: (updated) => {
          updateUser(updated);
          const state: FlashState = { notice: MESSAGES.passwordChanged };
          // A guardian with no daughter chosen yet is shown the notice on the chooser (RequireActiveStudent).
          navigate(guardian ? ROUTES.dashboard : ROUTES.studentData, { state });
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <>
      <title>Change Password · Student Portal</title>
      <PlainCard width={LAYOUT.pageCardWidth}>
        <h1 className="plain-card-title" style={{ marginBottom: 16 }}>
          Change Password
        </h1>
        {error && <PlainErrorAlert message={error} />}
        <NewPasswordForm
          formId={FORM_ID}
          before={
            <PlainFormField
              form={old}
              name="old_password"
              rule={oldRule}
              id={OLD_ID}
              label="Old Password"
              password
              aria-required
              autoComplete="current-password"
            />
          }
          validateBefore={() => old.validate({ old_password: oldRule })}
          hint={
            guardian
              ? `At least ${PASSWORD_MIN_LENGTH} characters; not your e-mail address.`
              : 'At least 8 characters; not your date of birth or student ID.'
          }
          requiredMessage="Please enter the new password."
          submitLabel="Change Password"
          busy={changePassword.isPending}
          size="middle"
          onSubmit={onSubmit}
        />
      </PlainCard>
      <LoadingOverlay spinning={changePassword.isPending} label="Changing your password…" />
    </>
  );
}
