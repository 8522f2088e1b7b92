import { type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { LoginResponse } from '../../../../../shared/api-types.js';
import { ADMIN_PASSWORD_MIN_LENGTH, LAYOUT, PASSWORD_MIN_LENGTH } from '../../../../../shared/constants.js';
import { MAIL_MESSAGES, type ResetTokenCheck } from '../../../../../shared/mail.js';
import type { MfaRequiredResponse } from '../../../../../shared/mfa.js';
import { passwordProblem } from '../../../../../shared/password-policy.js';
import { NewPasswordForm, type NewPasswordSubmit } from '../../../components/new-password-form.js';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { CardSubtitle, CardTitle, PlainCard } from '../../../components/plain-card.js';
import { Spinner } from '../../../components/plain-controls.js';
import { PlainAlert, PlainButton, PlainErrorAlert } from '../../../components/plain-ui.js';
import { ROUTES } from '../../../config/routes.js';
import { VisitorLayout } from '../../../layouts/visitor-layout.js';
import { accountKey } from '../../../lib/account.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth-store.js';
import { type ResetPasswordAnswer, useResetPassword } from '../api/use-reset-password.js';
import { useResetTokenCheck } from '../api/use-reset-token-check.js';
import { MfaCodeForm } from './mfa-code-form.js';

type Account = ResetTokenCheck['account'];

/** A guardian with several daughters (or none) is sent on from the dashboard to choose one (RequireActiveStudent). */
const LANDING: Record<Account, string> = {
  student: ROUTES.dashboard,
  admin: ROUTES.adminDashboard,
  guardian: ROUTES.dashboard,
};

const HINT: Record<Account, string> = {
  student: `At least ${PASSWORD_MIN_LENGTH} characters; not your date of birth or student ID.`,
  admin: `At least ${ADMIN_PASSWORD_MIN_LENGTH} characters; not your username.`,
  guardian: `At least ${PASSWORD_MIN_LENGTH} characters; not your e-mail address.`,
};

/** An administrator with two-step sign-in: her code is asked for next, as at the sign-in. */
function needsCode(answer: ResetPasswordAnswer): answer is MfaRequiredResponse {
  return 'mfa_required' in answer && answer.mfa_required;
}

/** The link is no good (or missing): she asks for a new one, as a student or as an administrator. */
function AskAgain({ message }: { message: string }) {
  return (
    <>
      <PlainAlert type="warning" role="alert" title={message} style={{ marginBottom: 16 }} />
      <div className="pf-links">
        <Link to={ROUTES.forgotPassword}>Student: ask for a new link</Link>
        <Link to={ROUTES.adminForgotPassword}>Administrator: ask for a new link</Link>
        <Link to={ROUTES.guardianForgotPassword}>Parent or guardian: ask for a new link</Link>
        <Link to={ROUTES.studentLogin}>Back to Student Login</Link>
      </div>
    </>
  );
}

function Frame({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  const { settings } = useAuth();
  return (
    <VisitorLayout>
      <title>Choose a new password · Student Portal</title>
      <PlainCard width={LAYOUT.loginCardWidth}>
        <CardTitle>{settings.school_name}</CardTitle>
        <CardSubtitle>{subtitle}</CardSubtitle>
        {children}
      </PlainCard>
    </VisitorLayout>
  );
}

/**
 * /reset-password?token=… (docs/product.md §10): the link of the e-mail. The token is read once and taken out of the
 * address bar (and so out of the history), checked, and then she chooses a new password, which signs her in: a
 * student lands on her dashboard, an administrator on hers (after her code when she has two-step sign-in).
 * Open to anyone: someone signed in (on a shared computer) who opens the link carries on as the link's account.
 */
export function ResetPasswordPage() {
  const { signIn, signOut, authenticated, user: current } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the address bar is cleared right after, and the page keeps the token only in memory.
  const [token] = useState(() => new URLSearchParams(location.search).get('token')?.trim() || null);
  useEffect(() => {
    if (location.search) navigate({ pathname: location.pathname }, { replace: true });
  }, [location.search, location.pathname, navigate]);

  const check = useResetTokenCheck(token);
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  /** The link was used or expired while the page was open (410 to the new password). */
  const [gone, setGone] = useState<string | null>(null);
  const [codeStep, setCodeStep] = useState(false);
  /** Signed in: where to go once the auth store says so. */
  const [landing, setLanding] = useState<string | null>(null);

  if (landing && authenticated) return <Navigate to={landing} replace />;

  if (!token)
    return (
      <Frame subtitle="Choose a new password">
        <AskAgain message="This page opens from the link in the e-mail. Open that link again, or ask for a new one." />
      </Frame>
    );

  if (gone || (check.error instanceof ApiError && check.error.status === 410)) {
    const message = gone ?? (check.error as ApiError).body?.message ?? MAIL_MESSAGES.tokenGone;
    return (
      <Frame subtitle="Choose a new password">
        <AskAgain message={message} />
      </Frame>
    );
  }

  if (check.isError)
    return (
      <Frame subtitle="Choose a new password">
        <PlainErrorAlert message={errorMessage(check.error)} />
        <PlainButton variant="primary" onClick={() => void check.refetch()} loading={check.isFetching}>
          Try again
        </PlainButton>
      </Frame>
    );

  if (!check.data)
    return (
      <Frame subtitle="Choose a new password">
        <div role="status" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Spinner />
          Checking your link…
        </div>
      </Frame>
    );

  const account = check.data.account;
  /** Signed in as the link's account. Someone else signed in on this browser: nothing of hers stays in memory. */
  const enter = (user: LoginResponse) => {
    if (authenticated && current && accountKey(current) !== accountKey(user)) signOut();
    signIn(user, LANDING[user.role]);
    setLanding(LANDING[user.role]);
  };

  if (codeStep)
    return (
      <Frame subtitle="Two-step sign-in">
        <PlainAlert
          type="success"
          title="Your new password is saved. Enter your code to finish signing in."
          style={{ marginBottom: 16 }}
        />
        {error && <PlainErrorAlert message={error} />}
        {error ? (
          <div className="pf-links">
            <Link to={ROUTES.adminLogin}>Sign in with your new password</Link>
          </div>
        ) : (
          <MfaCodeForm
            onSignedIn={enter}
            onRestart={(message) => setError(message ?? 'Please sign in with your new password.')}
          />
        )}
      </Frame>
    );

  const onSubmit = (next: string, form: NewPasswordSubmit) => {
    const problem = passwordProblem(next, { role: account });
    if (problem) {
      form.refuse(problem);
      return;
    }
    setError(null);
    reset.mutate(
      { token, password: next },
      {
        onSuccess: (answer) => {
          if (needsCode(answer)) {
            setCodeStep(true);
            return;
          }
          enter(answer);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 410) {
            setGone(e.body?.message || MAIL_MESSAGES.tokenGone);
            return;
          }
          const passwordErrors = e instanceof ApiError ? e.body?.errors?.password : undefined;
          if (passwordErrors?.length) form.refuse(passwordErrors[0]);
          else setError(errorMessage(e));
        },
      },
    );
  };

  return (
    <Frame subtitle={account === 'admin' ? 'Choose a new password (administrator)' : 'Choose a new password'}>
      {error && <PlainErrorAlert message={error} />}
      <NewPasswordForm
        formId="reset-password"
        hint={HINT[account]}
        requiredMessage="Please enter the new password."
        submitLabel="Change Password"
        busy={reset.isPending}
        autoFocus
        onSubmit={onSubmit}
      />
      <LoadingOverlay spinning={reset.isPending} label="Changing your password…" />
    </Frame>
  );
}
