import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginResponse, SessionEndReason, SessionInfo } from '../../../../../shared/api-types.js';
import { PlainModal } from '../../../components/plain-dialog.js';
import { PlainField, PlainInput } from '../../../components/plain-controls.js';
import { PlainFormField } from '../../../components/plain-form-field.js';
import { PlainButton, PlainErrorAlert } from '../../../components/plain-ui.js';
import { ROUTES } from '../../../config/routes.js';
import { signInName } from '../../../lib/account.js';
import { apiClient, errorMessage } from '../../../lib/api-client.js';
import { useGuardianLogin } from '../../../lib/queries/use-guardian-login.js';
import { needsCode, useAdminLogin } from '../api/use-admin-login.js';
import { useLoginStudent } from '../api/use-login-student.js';
import { mustResetPassword, useAuth } from '../../../lib/auth-store.js';
import { required, usePlainForm } from '../../../lib/use-plain-form.js';
import { inWords } from './in-words.js';
import { MfaCodeForm } from './mfa-code-form.js';

/*
 * The dialogs of SessionKeeper (session-keeper.tsx), drawn without antd: they come over any signed-in page, and the
 * sign-in one must open without a connection too.
 */

const SIGN_IN_NAME_LABEL: Record<LoginResponse['role'], string> = {
  student: 'Student ID',
  admin: 'Username',
  guardian: 'E-mail address',
};

export function IdleWarning({
  remaining,
  onTimeUp,
}: {
  remaining: number;
  onTimeUp: (reason?: SessionEndReason) => void;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const stay = async () => {
    setBusy(true);
    try {
      const session = await apiClient.get<SessionInfo>('/api/session');
      if (!session.authenticated) onTimeUp(session.ended_reason);
    } catch {
      // No answer: the timer decides; the save queue keeps what she typed meanwhile.
    } finally {
      setBusy(false);
    }
  };
  return (
    <PlainModal open title="Are you still there?" onClose={() => undefined} closable={false}>
      <p className="pf-dialog-text" role="alert">
        You will be signed out in {inWords(Math.max(0, remaining))}, to protect your information. Choose Stay signed in
        to carry on.
      </p>
      <div className="pf-dialog-actions">
        <PlainButton onClick={() => navigate(ROUTES.logout)}>Sign out</PlainButton>
        <PlainButton variant="primary" loading={busy} onClick={() => void stay()} data-autofocus>
          Stay signed in
        </PlainButton>
      </div>
    </PlainModal>
  );
}

const NAME_ID = 'sign-in-again-id';
const PASSWORD_ID = 'sign-in-again_password';
const passwordRule = required('Enter your password.');

export function SignInAgainDialog({
  user,
  unsentAnswers,
  why,
}: {
  user: LoginResponse;
  unsentAnswers: number;
  /** Why she was signed out (sessionEndedWords). */
  why: string;
}) {
  const { resume, signOut } = useAuth();
  const navigate = useNavigate();
  const studentLogin = useLoginStudent();
  const adminLogin = useAdminLogin();
  const guardianLogin = useGuardianLogin();
  const [error, setError] = useState<string | null>(null);
  // An administrator with two-step sign-in gives her code after the password.
  const [codeStep, setCodeStep] = useState(false);
  const form = usePlainForm<'password'>(() => ({ password: '' }));
  const name = signInName(user);
  const busy = studentLogin.isPending || adminLogin.isPending || guardianLogin.isPending;

  const done = (signedIn: LoginResponse) => {
    if (mustResetPassword(signedIn)) {
      // The school reset her password meanwhile: a new one is chosen on the sign-in page.
      signOut();
      navigate(ROUTES.studentLogin);
      return;
    }
    resume(signedIn);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !form.validate({ password: passwordRule })) return;
    const { password } = form.values;
    setError(null);
    const onError = (e: unknown) => setError(errorMessage(e));
    if (user.role === 'admin')
      adminLogin.mutate(
        { username: user.username, password },
        { onSuccess: (answer) => (needsCode(answer) ? setCodeStep(true) : done(answer)), onError },
      );
    else if (user.role === 'guardian')
      guardianLogin.mutate({ email: user.email, password }, { onSuccess: done, onError });
    else studentLogin.mutate({ student_id: user.student_id, password }, { onSuccess: done, onError });
  };

  return (
    <PlainModal open title="Please sign in again" onClose={() => undefined} closable={false}>
      <p className="pf-dialog-text">
        {why} Sign in to carry on where you were.
        {unsentAnswers > 0 &&
          ` ${unsentAnswers === 1 ? '1 answer' : `${unsentAnswers} answers`} not saved yet ` +
            `${unsentAnswers === 1 ? 'is' : 'are'} kept on this device and will be saved when you sign in.`}
      </p>
      {error && <PlainErrorAlert message={error} />}
      {codeStep ? (
        <MfaCodeForm
          onSignedIn={done}
          onRestart={(message) => {
            setCodeStep(false);
            setError(message);
          }}
        />
      ) : (
        <form className="pf-form" noValidate onSubmit={onSubmit}>
          <PlainField id={NAME_ID} label={SIGN_IN_NAME_LABEL[user.role]}>
            <PlainInput id={NAME_ID} value={name} onValueChange={() => undefined} readOnly autoComplete="username" />
          </PlainField>
          <PlainFormField
            form={form}
            name="password"
            rule={passwordRule}
            id={PASSWORD_ID}
            label="Password"
            password
            aria-required
            disabled={busy}
            data-autofocus
            autoComplete="current-password"
          />
          <div className="pf-dialog-actions">
            <PlainButton onClick={() => navigate(ROUTES.logout)}>Sign out</PlainButton>
            <PlainButton type="submit" variant="primary" loading={busy}>
              Sign in
            </PlainButton>
          </div>
        </form>
      )}
    </PlainModal>
  );
}
