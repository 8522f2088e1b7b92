import type { ReactNode } from 'react';
import type { StudentLoginResponse } from '../../../../../shared/api-types.js';
import { passwordProblem } from '../../../../../shared/password-policy.js';
import { NewPasswordForm } from '../../../components/new-password-form.js';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth-store.js';
import { useChangePassword } from '../../../lib/queries/use-change-password.js';

/**
 * The sign-in card of a student on her first password (docs/product.md §4 forced password reset): a new password, and
 * she is signed in with it. Its own chunk: the sign-in page, which every visitor opens first, loads it when she
 * presses LOGIN. The policy's message and the server's refusal go to the card's alert (`onError`).
 */
export function FirstPasswordStep({
  user,
  landing,
  studentIdField,
  onError,
}: {
  user: StudentLoginResponse;
  landing: string;
  /** Her student ID, shown and not editable. */
  studentIdField: ReactNode;
  onError: (message: string | null) => void;
}) {
  const { signIn } = useAuth();
  const changePassword = useChangePassword();

  const onSubmit = (next: string) => {
    const problem = passwordProblem(next, { studentId: user.student_id });
    onError(problem);
    if (problem) return;
    changePassword.mutate(
      { student_id: user.student_id, password: next },
      { onSuccess: (updated) => signIn(updated, landing), onError: (e) => onError(errorMessage(e)) },
    );
  };

  return (
    <>
      <NewPasswordForm
        formId="student-login"
        names={{ password: 'new_password', confirm: 'confirm_password' }}
        hint="At least 8 characters; not your date of birth or student ID."
        before={studentIdField}
        submitLabel="Change Password"
        busy={changePassword.isPending}
        autoFocus
        onSubmit={onSubmit}
      />
      <LoadingOverlay spinning={changePassword.isPending} label="Changing your password…" />
    </>
  );
}
