import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginResponse, SessionInfo } from '../../../../../shared/api-types.js';
import { sessionTouchIntervalMs } from '../../../../../shared/constants.js';
import { PasswordInput } from '../../../components/password-input.js';
import { ROUTES } from '../../../config/routes.js';
import { signInName } from '../../../lib/account.js';
import { apiClient, errorMessage, lastApiActivity } from '../../../lib/api-client.js';
import { useGuardianLogin } from '../../../lib/queries/use-guardian-login.js';
import { needsCode, useAdminLogin } from '../api/use-admin-login.js';
import { useLoginStudent } from '../api/use-login-student.js';
import { mustResetPassword, useAuth } from '../../../lib/auth-store.js';
import { MfaCodeForm } from './mfa-code-form.js';

const WARNING_LEAD_MS = 2 * 60_000;

const SIGN_IN_NAME_LABEL: Record<LoginResponse['role'], string> = {
  student: 'Student ID',
  admin: 'Username',
  guardian: 'E-mail address',
};

/**
 * "2 minutes", "1 minute", "30 seconds": whole minutes, and tens of seconds in the last minute, so the
 * warning's live region is not re-announced every second.
 */
function inWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds >= 60) {
    const minutes = Math.round(seconds / 60);
    return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  }
  const tens = Math.max(10, Math.ceil(seconds / 10) * 10);
  return `${tens} seconds`;
}

/**
 * Keeps a signed-in person from losing her place to the idle limit. The server ends a session after
 * its idle time without a request; this counts from the last answer (in every tab) and:
 * - two minutes before (half the idle time when that is shorter) warns "You will be signed out in
 *   2 minutes", with "Stay signed in", which makes a request and so keeps the session;
 * - once the time is up, or any request answers 401, shows a sign-in dialog over the same page:
 *   she signs in again and carries on where she was, her unsaved answers sent then.
 * The warning is early by the server's touch interval: the server slides the expiry at most that often.
 */
export function SessionKeeper({ unsentAnswers }: { unsentAnswers: number }) {
  const { authenticated, sessionEnded, user, settings, endSession } = useAuth();
  const [now, setNow] = useState(Date.now);
  // Without any recorded answer (storage refused), count from when this tab started.
  const [started] = useState(Date.now);
  const idleMs = settings.session_idle_minutes * 60_000;
  const earlyBy = sessionTouchIntervalMs(settings.session_idle_minutes);
  const lead = Math.min(WARNING_LEAD_MS, idleMs / 2);

  useEffect(() => {
    if (!authenticated || sessionEnded) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [authenticated, sessionEnded]);

  const endsAt = (lastApiActivity() ?? started) + idleMs;
  const timeUp = authenticated && !sessionEnded && now >= endsAt;
  useEffect(() => {
    if (timeUp) endSession();
  }, [timeUp, endSession]);

  if (!authenticated || !user) return null;
  if (sessionEnded)
    return <SignInAgainDialog user={user} unsentAnswers={unsentAnswers} idleMinutes={settings.session_idle_minutes} />;
  // Shown early by the server's touch interval (the session may end that much sooner), counting
  // down to the moment the sign-in dialog comes.
  if (endsAt - now > lead + earlyBy || timeUp) return null;
  return <IdleWarning remaining={endsAt - now} onTimeUp={endSession} />;
}

function IdleWarning({ remaining, onTimeUp }: { remaining: number; onTimeUp: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const stay = async () => {
    setBusy(true);
    try {
      const session = await apiClient.get<SessionInfo>('/api/session');
      if (!session.authenticated) onTimeUp();
    } catch {
      // No answer: the timer decides; the save queue keeps what she typed meanwhile.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={
        <span role="heading" aria-level={2}>
          Are you still there?
        </span>
      }
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button onClick={() => navigate(ROUTES.logout)}>Sign out</Button>
          <Button type="primary" loading={busy} onClick={() => void stay()} autoFocus>
            Stay signed in
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph role="alert" style={{ marginBottom: 0 }}>
        You will be signed out in {inWords(Math.max(0, remaining))}, to protect your information. Choose Stay signed in
        to carry on.
      </Typography.Paragraph>
    </Modal>
  );
}

interface SignInValues {
  password: string;
}

function SignInAgainDialog({
  user,
  unsentAnswers,
  idleMinutes,
}: {
  user: LoginResponse;
  unsentAnswers: number;
  idleMinutes: number;
}) {
  const { resume, signOut } = useAuth();
  const navigate = useNavigate();
  const studentLogin = useLoginStudent();
  const adminLogin = useAdminLogin();
  const guardianLogin = useGuardianLogin();
  const [error, setError] = useState<string | null>(null);
  // An administrator with two-step sign-in gives her code after the password.
  const [codeStep, setCodeStep] = useState(false);
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
  const onFinish = ({ password }: SignInValues) => {
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
    <Modal
      open
      title={
        <span role="heading" aria-level={2}>
          Please sign in again
        </span>
      }
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={null}
    >
      <Typography.Paragraph>
        You were signed out after {inWords(idleMinutes * 60_000)} without activity, to protect your information. Sign in
        to carry on where you were.
        {unsentAnswers > 0 &&
          ` ${unsentAnswers === 1 ? '1 answer' : `${unsentAnswers} answers`} not saved yet ` +
            `${unsentAnswers === 1 ? 'is' : 'are'} kept on this device and will be saved when you sign in.`}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      {codeStep ? (
        <MfaCodeForm
          onSignedIn={done}
          onRestart={(message) => {
            setCodeStep(false);
            setError(message);
          }}
        />
      ) : (
        <Form<SignInValues> layout="vertical" onFinish={onFinish} requiredMark={false} disabled={busy}>
          <Form.Item label={SIGN_IN_NAME_LABEL[user.role]} htmlFor="sign-in-again-id">
            <Input id="sign-in-again-id" value={name} readOnly variant="filled" autoComplete="username" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password.' }]}>
            <PasswordInput autoFocus autoComplete="current-password" />
          </Form.Item>
          <Flex gap={8} justify="end" wrap>
            <Button onClick={() => navigate(ROUTES.logout)}>Sign out</Button>
            <Button type="primary" htmlType="submit" loading={busy}>
              Sign in
            </Button>
          </Flex>
        </Form>
      )}
    </Modal>
  );
}
