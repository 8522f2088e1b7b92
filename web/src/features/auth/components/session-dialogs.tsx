import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginResponse, SessionEndReason, SessionInfo } from '../../../../../shared/api-types.js';
import { PasswordInput } from '../../../components/password-input.js';
import { ROUTES } from '../../../config/routes.js';
import { signInName } from '../../../lib/account.js';
import { apiClient, errorMessage } from '../../../lib/api-client.js';
import { useGuardianLogin } from '../../../lib/queries/use-guardian-login.js';
import { needsCode, useAdminLogin } from '../api/use-admin-login.js';
import { useLoginStudent } from '../api/use-login-student.js';
import { mustResetPassword, useAuth } from '../../../lib/auth-store.js';
import { inWords } from './in-words.js';
import { MfaCodeForm } from './mfa-code-form.js';

/*
 * The dialogs of SessionKeeper (session-keeper.tsx), drawn with antd: a chunk of their own, loaded with antd's theme
 * only when one of them opens, so the pages drawn without antd (the dashboard, the term reports) do not download it.
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
        {why} Sign in to carry on where you were.
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
