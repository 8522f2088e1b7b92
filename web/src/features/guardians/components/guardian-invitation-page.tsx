import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { LoginResponse } from '../../../../../shared/api-types.js';
import { LAYOUT, PASSWORD_MIN_LENGTH } from '../../../../../shared/constants.js';
import {
  GUARDIAN_MESSAGES,
  GUARDIAN_NAME_MAX_LENGTH,
  type GuardianInvitationInfo,
  type GuardianLoginResponse,
} from '../../../../../shared/guardians.js';
import { passwordProblem } from '../../../../../shared/password-policy.js';
import { NewPasswordForm, type NewPasswordSubmit } from '../../../components/new-password-form.js';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { CardSubtitle, CardTitle, PlainCard } from '../../../components/plain-card.js';
import { PlainField, PlainInput, Spinner } from '../../../components/plain-controls.js';
import { PlainFormField } from '../../../components/plain-form-field.js';
import { PlainAlert, PlainButton, PlainErrorAlert, PlainSubmitButton } from '../../../components/plain-ui.js';
import { ROUTES } from '../../../config/routes.js';
import { VisitorLayout } from '../../../layouts/visitor-layout.js';
import { ApiError, apiClient, errorMessage } from '../../../lib/api-client.js';
import { homeFor } from '../../../lib/account.js';
import { useAuth } from '../../../lib/auth-store.js';
import type { FlashState } from '../../../lib/flash-notice.js';
import { guardianLogin } from '../../../lib/queries/use-guardian-login.js';
import { signOutWarning } from '../../../lib/sign-out-guard.js';
import { useAcceptInvitation, useGuardianInvitation } from '../api/use-guardian-invitation.js';
import { required, usePlainForm } from '../../../lib/use-plain-form.js';
import { signInError } from '../../../lib/sign-in-error.js';

/** The card's line under the school name; the server's loading shell shows the same (serve-web-client.ts). */
const SUBTITLE = 'Parent or guardian invitation';
const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; not your e-mail address.`;
const NO_TOKEN =
  'This page opens from the link in the invitation e-mail. Open that link again, or ask the school office for a ' +
  'new invitation.';

const headingStyle = { fontSize: 18, lineHeight: 1.35, margin: '0 0 12px' } as const;

function Frame({ children }: { children: ReactNode }) {
  const { settings } = useAuth();
  return (
    <VisitorLayout>
      <title>Invitation · Parent or Guardian · Student Portal</title>
      <PlainCard width={LAYOUT.loginCardWidth}>
        <CardTitle>{settings.school_name}</CardTitle>
        <CardSubtitle>{SUBTITLE}</CardSubtitle>
        {children}
      </PlainCard>
    </VisitorLayout>
  );
}

function Gone({ message }: { message: string }) {
  const { authenticated, user } = useAuth();
  return (
    <Frame>
      <PlainAlert type="warning" role="alert" title={message} style={{ marginBottom: 16 }} />
      <div className="pf-links">
        {authenticated && user ? (
          <Link to={homeFor(user)}>Go to your home page</Link>
        ) : (
          <Link to={ROUTES.studentLogin}>Go to the sign-in page</Link>
        )}
      </div>
    </Frame>
  );
}

/** Where she lands once linked: the chooser when she now has several daughters, else her daughter's dashboard. */
function landingOf(user: GuardianLoginResponse): string {
  return user.students.length > 1 ? ROUTES.myStudents : ROUTES.dashboard;
}

/**
 * /guardian-invitation?token=… (docs/product.md §11): the link of the invitation e-mail. The token is read once and
 * taken out of the address bar; the invitation is loaded and then:
 * - no account for the address: she creates one (name and password) and is signed in, linked to the daughter;
 * - an account exists: she signs in with it here and the invitation is accepted with it;
 * - signed in as that account already: she accepts with one button;
 * - signed in as someone else: she is told so and may sign out here (the page and its link stay).
 * Open to anyone, signed in or not.
 */
export function GuardianInvitationPage() {
  const { authenticated, user, signIn, signOut, updateUser } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the address bar is cleared right after, and the page keeps the token only in memory.
  const [token] = useState(() => new URLSearchParams(location.search).get('token')?.trim() || null);
  useEffect(() => {
    if (location.search) navigate({ pathname: location.pathname }, { replace: true });
  }, [location.search, location.pathname, navigate]);

  const invitation = useGuardianInvitation(token);
  // Kept once loaded: signing out here empties the query cache, and the page carries on with the same invitation.
  const [info, setInfo] = useState<GuardianInvitationInfo | null>(null);
  if (invitation.data && invitation.data !== info) setInfo(invitation.data);
  /** The link was used or expired while the page was open (a 410 to the accept). */
  const [gone, setGone] = useState(false);
  /** A 409 to creating the account: the address has one after all, so she signs in with it. */
  const [mustSignIn, setMustSignIn] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  /** Signed in on this page, and the accept then failed: said beside the Accept button. */
  const [acceptError, setAcceptError] = useState<string | null>(null);

  if (!token) return <Gone message={NO_TOKEN} />;
  if (gone || (invitation.error instanceof ApiError && invitation.error.status === 410))
    return <Gone message={GUARDIAN_MESSAGES.invitationGone} />;

  if (!info) {
    if (invitation.isError)
      return (
        <Frame>
          <PlainErrorAlert message={errorMessage(invitation.error)} />
          <PlainButton variant="primary" onClick={() => void invitation.refetch()} loading={invitation.isFetching}>
            Try again
          </PlainButton>
        </Frame>
      );
    return (
      <Frame>
        <div role="status" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Spinner />
          Checking your invitation…
        </div>
      </Frame>
    );
  }

  /** Linked: signed in with the answer (which lists the new daughter), on to the chooser or her dashboard. */
  const accepted = (answer: GuardianLoginResponse) => {
    const landing = landingOf(answer);
    if (authenticated) updateUser(answer);
    else signIn(answer, landing);
    const state: FlashState = { notice: GUARDIAN_MESSAGES.accepted(info.student_first_name) };
    navigate(landing, { replace: true, state });
  };

  /** Signs out here, staying on the page with its invitation (after the usual warning about unsaved answers). */
  const signOutHere = async () => {
    const warning = signOutWarning();
    if (warning && !window.confirm(warning)) return;
    setSigningOut(true);
    try {
      await apiClient.post<void>('/logout');
    } catch {
      // Signing out locally goes ahead whether or not the server answered (as the /logout route does).
    }
    signOut();
    setSigningOut(false);
  };

  const context = { token, info, onAccepted: accepted, onGone: () => setGone(true) };
  let body: ReactNode;
  if (authenticated && user) {
    body = isInvitedGuardian(user, info) ? (
      <AcceptSignedIn {...context} initialError={acceptError} />
    ) : (
      <>
        <h2 style={headingStyle}>This invitation is for another account</h2>
        <PlainAlert
          type="info"
          // No account for the address yet: she signs out to create it (there is nothing to sign in with).
          title={
            info.account_exists
              ? GUARDIAN_MESSAGES.otherAccount(info.email)
              : GUARDIAN_MESSAGES.signOutToCreate(info.email)
          }
          style={{ marginBottom: 16 }}
        />
        <PlainButton variant="primary" block size="large" onClick={() => void signOutHere()} loading={signingOut}>
          Sign out
        </PlainButton>
      </>
    );
  } else if (info.account_exists || mustSignIn) {
    body = (
      <SignInToAccept
        {...context}
        notice={mustSignIn ? GUARDIAN_MESSAGES.accountExists : null}
        onSignedInOnly={(me, message) => {
          setAcceptError(message);
          signIn(me, ROUTES.dashboard);
        }}
      />
    );
  } else {
    body = <CreateAccount {...context} onAccountExists={() => setMustSignIn(true)} />;
  }
  return (
    <Frame>
      {body}
      <LoadingOverlay spinning={signingOut} label="Signing out…" />
    </Frame>
  );
}

function isInvitedGuardian(user: LoginResponse, info: GuardianInvitationInfo): boolean {
  return user.role === 'guardian' && user.email.toLowerCase() === info.email.toLowerCase();
}

interface StepProps {
  token: string;
  info: GuardianInvitationInfo;
  onAccepted: (answer: GuardianLoginResponse) => void;
  onGone: () => void;
}

/** The invited address, shown and not editable: the account is made for it, or signed in with it. */
function InvitedEmail({ email }: { email: string }) {
  return (
    <PlainField id="invitation-email" label="E-mail address">
      <PlainInput
        id="invitation-email"
        value={email}
        onValueChange={() => undefined}
        readOnly
        autoComplete="username"
      />
    </PlainField>
  );
}

const NAME_ID = 'guardian-create-account_name';

/** Her name: given, not too long, without the characters of markup (as the server checks it). */
const nameRule = (value: string): string | null =>
  required(GUARDIAN_MESSAGES.nameRequired, { whitespace: true })(value) ??
  (value.length > GUARDIAN_NAME_MAX_LENGTH
    ? GUARDIAN_MESSAGES.nameTooLong
    : /^[^<>]*$/.test(value)
      ? null
      : GUARDIAN_MESSAGES.nameCharacters);

/** No account for the address yet: her name and a password make one, which is signed in and linked. */
function CreateAccount({ token, info, onAccepted, onGone, onAccountExists }: StepProps & { onAccountExists(): void }) {
  const form = usePlainForm<'name'>(() => ({ name: '' }));
  const accept = useAcceptInvitation();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (password: string, passwordForm: NewPasswordSubmit) => {
    const problem = passwordProblem(password, { studentId: info.email, role: 'guardian' });
    if (problem) {
      passwordForm.refuse(problem);
      return;
    }
    setError(null);
    accept.mutate(
      { token, name: form.values.name.trim(), password },
      {
        onSuccess: onAccepted,
        onError: (e) => {
          if (e instanceof ApiError && e.status === 410) return onGone();
          if (e instanceof ApiError && e.status === 409) return onAccountExists();
          const errors = e instanceof ApiError ? e.body?.errors : undefined;
          const nameError = errors?.name?.[0];
          const passwordError = errors?.password?.[0];
          if (nameError) form.setError('name', nameError);
          if (passwordError) passwordForm.refuse(passwordError);
          if (!nameError && !passwordError) setError(errorMessage(e));
        },
      },
    );
  };

  return (
    <>
      <h2 style={headingStyle}>Create your parent account to follow {info.student_first_name}'s registration</h2>
      {error && <PlainErrorAlert message={error} />}
      <NewPasswordForm
        formId="guardian-create-account"
        words="create"
        before={
          <>
            <PlainFormField
              form={form}
              name="name"
              rule={nameRule}
              id={NAME_ID}
              label="Your name"
              aria-required
              autoComplete="name"
              autoCapitalize="words"
              maxLength={GUARDIAN_NAME_MAX_LENGTH + 1}
            />
            <InvitedEmail email={info.email} />
          </>
        }
        validateBefore={() => form.validate({ name: nameRule })}
        hint={PASSWORD_HINT}
        requiredMessage="Please choose a password."
        submitLabel="Create account"
        busy={accept.isPending}
        onSubmit={onSubmit}
      />
      <LoadingOverlay spinning={accept.isPending} label="Creating your account…" />
    </>
  );
}

const PASSWORD_ID = 'guardian-sign-in-to-accept_password';
const passwordRule = required('Please enter your password.');

/** An account exists for the address: she signs in with it here, and the invitation is accepted with it. */
function SignInToAccept({
  token,
  info,
  onAccepted,
  onGone,
  notice,
  onSignedInOnly,
}: StepProps & { notice: string | null; onSignedInOnly(me: GuardianLoginResponse, message: string): void }) {
  const accept = useAcceptInvitation();
  const form = usePlainForm<'password'>(() => ({ password: '' }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !form.validate({ password: passwordRule })) return;
    void signInAndAccept(form.values.password);
  };

  const signInAndAccept = async (password: string) => {
    setError(null);
    setBusy(true);
    let me: GuardianLoginResponse;
    try {
      me = await guardianLogin({ email: info.email, password });
    } catch (e) {
      setBusy(false);
      setError(signInError(e));
      return;
    }
    try {
      onAccepted(await accept.mutateAsync({ token }));
      setBusy(false);
    } catch (e) {
      setBusy(false);
      // Signed in, not linked (yet): she is signed in all the same, and the page offers to accept again; a link
      // used or expired meanwhile says so (its page then leads to her home).
      onSignedInOnly(me, errorMessage(e));
      if (e instanceof ApiError && e.status === 410) onGone();
    }
  };

  return (
    <>
      <h2 style={headingStyle}>Sign in to accept the invitation to follow {info.student_first_name}'s registration</h2>
      {notice && <PlainAlert type="info" title={notice} style={{ marginBottom: 16 }} />}
      {error && <PlainErrorAlert message={error} />}
      <form id="guardian-sign-in-to-accept" className="pf-form" noValidate onSubmit={onSubmit}>
        <InvitedEmail email={info.email} />
        <PlainFormField
          form={form}
          name="password"
          rule={passwordRule}
          id={PASSWORD_ID}
          label="Password"
          password
          aria-required
          placeholder="Enter password"
          autoComplete="current-password"
          autoFocus
        />
        <div className="pf-item" style={{ marginBottom: 12 }}>
          <PlainSubmitButton loading={busy}>Sign in and accept</PlainSubmitButton>
        </div>
      </form>
      <div className="pf-links">
        <Link to={ROUTES.guardianForgotPassword}>Forgot your password?</Link>
      </div>
      <LoadingOverlay spinning={busy} label="Signing in…" />
    </>
  );
}

/** Signed in as the invited address already: one button links the daughter. */
function AcceptSignedIn({
  token,
  info,
  onAccepted,
  onGone,
  initialError,
}: StepProps & { initialError: string | null }) {
  const accept = useAcceptInvitation();
  const [error, setError] = useState<string | null>(initialError);
  const onAccept = () => {
    setError(null);
    accept.mutate(
      { token },
      {
        onSuccess: onAccepted,
        onError: (e) => {
          if (e instanceof ApiError && e.status === 410) onGone();
          else setError(errorMessage(e));
        },
      },
    );
  };
  return (
    <>
      <h2 style={headingStyle}>Follow {info.student_first_name}'s registration</h2>
      <p style={{ marginTop: 0 }}>
        You are signed in as {info.email}. Accept the invitation to see {info.student_first_name}'s registration and
        term reports with this account.
      </p>
      {error && <PlainErrorAlert message={error} />}
      <PlainButton variant="primary" block size="large" loading={accept.isPending} onClick={onAccept} autoFocus>
        Accept invitation
      </PlainButton>
      <LoadingOverlay spinning={accept.isPending} label="Accepting the invitation…" />
    </>
  );
}
