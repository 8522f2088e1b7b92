import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { PlainErrorAlert, PlainSubmitButton } from '../../../components/plain-ui.js';
import { Link, useLocation } from 'react-router-dom';
import type { LoginResponse, StudentLoginResponse } from '../../../../../shared/api-types.js';
import { LAYOUT, MESSAGES } from '../../../../../shared/constants.js';
import { GUARDIAN_MESSAGES } from '../../../../../shared/guardians.js';
import { SIGN_IN_FORMS } from '../../../../../shared/sign-in-forms.js';
import { LoadingOverlay, PageSpinner } from '../../../components/page-spinner.js';
import { CardSubtitle, CardTitle, PlainCard } from '../../../components/plain-card.js';
import { SignInFormField } from '../../../components/sign-in-form-field.js';
import { ROUTES } from '../../../config/routes.js';
import { VisitorLayout } from '../../../layouts/visitor-layout.js';
import { errorMessage } from '../../../lib/api-client.js';
import { mustResetPassword, useAuth } from '../../../lib/auth-store.js';
import { useGuardianLogin } from '../../../lib/queries/use-guardian-login.js';
import { landingAfterSignIn } from '../../../lib/return-path.js';
import { type FieldRule, required, usePlainForm } from '../../../lib/use-plain-form.js';
import { emailRule } from '../../../lib/email-rule.js';
import { signInError } from '../../../lib/sign-in-error.js';
import { needsCode, useAdminLogin } from '../api/use-admin-login.js';
import { useLoginStudent } from '../api/use-login-student.js';

// The student-ID search's dialog loads only when someone asks for it; the new-password form and the code step when
// she presses LOGIN (a first password, two-step sign-in): the page every visitor opens first stays small.
const StudentIdLookupDialog = lazy(() => import('./student-id-lookup-dialog.js'));
const loadFirstPasswordStep = () => import('./first-password-step.js');
const FirstPasswordStep = lazy(() => loadFirstPasswordStep().then((m) => ({ default: m.FirstPasswordStep })));
const loadCodeForm = () => import('./mfa-code-form.js');
const MfaCodeForm = lazy(() => loadCodeForm().then((m) => ({ default: m.MfaCodeForm })));

export type SignInAccount = 'student' | 'admin' | 'guardian';

/** What differs between the three sign-ins, besides their form (shared/sign-in-forms.ts). */
const ACCOUNTS: Record<
  SignInAccount,
  {
    path: string;
    /** The rule of the name box (the first), and when it is checked: at each letter, or when she leaves the box. */
    nameRule: FieldRule;
    nameCheckedOn: 'change' | 'blur';
    /** Enter in the name box moves on to the password (else it signs in). */
    enterMovesOn: boolean;
    refusal: (e: unknown) => string;
  }
> = {
  student: {
    path: ROUTES.studentLogin,
    nameRule: required('Please enter your student ID.', { whitespace: true }),
    nameCheckedOn: 'change',
    enterMovesOn: true,
    refusal: errorMessage,
  },
  admin: {
    path: ROUTES.adminLogin,
    nameRule: required(MESSAGES.usernameEmpty, { whitespace: true }),
    nameCheckedOn: 'change',
    enterMovesOn: false,
    refusal: errorMessage,
  },
  guardian: {
    path: ROUTES.guardianLogin,
    nameRule: emailRule,
    nameCheckedOn: 'blur',
    enterMovesOn: true,
    refusal: signInError,
  },
};

const passwordRule = required('Please enter your password.');

/**
 * The sign-in page (docs/product.md §2 Student login at /, Administrator login at /admin; §11 the parent's at
 * /guardian-login), one for the three accounts: the form of shared/sign-in-forms.ts, then
 * - a student on her first password chooses a new one on the same card (§4 forced password reset);
 * - an administrator with two-step sign-in gives her code on the same card; a refused administrator sign-in signs
 *   out whoever was signed in (§8);
 * - a parent's address is checked when she leaves the box.
 * Drawn without antd (docs/design.md §7); the server draws this page first, and the client adopts it with what she
 * typed meanwhile (lib/early-input.ts).
 */
export function SignInPage({ account }: { account: SignInAccount }) {
  const setup = ACCOUNTS[account];
  const FORM = SIGN_IN_FORMS[setup.path];
  const [NAME, PASSWORD] = FORM.fields;
  const { settings, signIn, signOut } = useAuth();
  const location = useLocation();
  const landing = landingAfterSignIn(location.state, account);
  const form = usePlainForm<string>(() => ({
    [NAME.name]: '',
    [PASSWORD.name]: '',
  }));
  const { values, errors } = form;
  const studentLogin = useLoginStudent();
  const adminLogin = useAdminLogin();
  const guardianLogin = useGuardianLogin();
  const [error, setError] = useState<string | null>(null);
  /** The student who signed in on her first password: the card asks for a new one while set. */
  const [resetUser, setResetUser] = useState<StudentLoginResponse | null>(null);
  /** An administrator's right password, with two-step sign-in on: the card asks for her code. */
  const [codeStep, setCodeStep] = useState(false);
  const [lookupOpen, setLookupOpen] = useState(false);
  const [lookupMounted, setLookupMounted] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const rules = { [NAME.name]: setup.nameRule, [PASSWORD.name]: passwordRule };
  const busy = studentLogin.isPending || adminLogin.isPending || guardianLogin.isPending;
  const firstStep = !resetUser && !codeStep;

  const refused = (e: unknown) => {
    if (account === 'admin') signOut();
    setError(setup.refusal(e));
  };
  const signedIn = (user: LoginResponse) => {
    if (user.role === 'student' && mustResetPassword(user)) {
      // §4 step 3: not signed in yet; she has just typed her date of birth, so the card asks only for a new password
      // (the server's session knows she signed in with it).
      setResetUser(user);
      form.setValues({ [PASSWORD.name]: '' });
      return;
    }
    signIn(user, landing);
  };

  const submit = () => {
    if (busy || !form.validate(rules)) return;
    setError(null);
    const name = values[NAME.name].trim();
    const password = values[PASSWORD.name];
    const answer = { onSuccess: signedIn, onError: refused };
    void (account === 'admin' ? loadCodeForm() : loadFirstPasswordStep()).catch(() => undefined);
    if (account === 'admin')
      adminLogin.mutate(
        { username: name, password },
        { onSuccess: (a) => (needsCode(a) ? setCodeStep(true) : signedIn(a)), onError: refused },
      );
    else if (account === 'guardian') guardianLogin.mutate({ email: name, password }, answer);
    else studentLogin.mutate({ student_id: name, password }, answer);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  const openLookup = () => {
    setLookupMounted(true);
    setLookupOpen(true);
  };

  const nameField = (
    <SignInFormField
      formId={FORM.formId}
      field={NAME}
      bound={form.bind(NAME.name, setup.nameRule, setup.nameCheckedOn)}
      error={errors[NAME.name]}
      disabled={resetUser !== null}
      onEnter={setup.enterMovesOn ? () => passwordRef.current?.focus() : undefined}
    />
  );

  let body;
  if (resetUser)
    body = <FirstPasswordStep user={resetUser} landing={landing} studentIdField={nameField} onError={setError} />;
  else if (codeStep)
    body = (
      <MfaCodeForm
        onSignedIn={(user) => signIn(user, landing)}
        onRestart={(message) => {
          setCodeStep(false);
          setError(message);
        }}
      />
    );
  else
    body = (
      <form id={FORM.formId} className="pf-form" noValidate onSubmit={onSubmit}>
        {nameField}
        <SignInFormField
          formId={FORM.formId}
          field={PASSWORD}
          bound={form.bind(PASSWORD.name, passwordRule)}
          error={errors[PASSWORD.name]}
          ref={passwordRef}
        />
        <div className="pf-item" style={{ marginBottom: 12 }}>
          <PlainSubmitButton loading={busy}>LOGIN</PlainSubmitButton>
        </div>
      </form>
    );

  return (
    <VisitorLayout>
      <title>{FORM.title}</title>
      <PlainCard width={LAYOUT.loginCardWidth}>
        <CardTitle>{settings.school_name}</CardTitle>
        <CardSubtitle>
          {resetUser ? 'Please choose a new password to continue.' : codeStep ? 'Two-step sign-in' : FORM.subtitle}
        </CardSubtitle>

        {error && <PlainErrorAlert message={error} />}
        <Suspense fallback={<PageSpinner />}>{body}</Suspense>

        {firstStep && FORM.note && <p className="pf-note">{FORM.note}</p>}
        {firstStep && (
          <div className={FORM.linksInRow ? 'pf-links pf-links-row' : 'pf-links'}>
            {FORM.links.map((link) => (
              <Link key={link.to} to={link.to} state={link.keepsReturn ? location.state : undefined}>
                {link.text}
              </Link>
            ))}
            {account === 'student' && settings.student_id_lookup && (
              <button type="button" className="pf-link-button" onClick={openLookup}>
                Click here to get your student ID
              </button>
            )}
          </div>
        )}
        {firstStep && account === 'student' && (
          // §11: a parent's way in, on its own page. The page she was sent away from goes along, so that her sign-in
          // brings her back to it.
          <div className="pf-guardian-box">
            <Link to={ROUTES.guardianLogin} state={location.state} className="guardian-way-in">
              {GUARDIAN_MESSAGES.signInPrompt}
            </Link>
          </div>
        )}
      </PlainCard>

      {lookupMounted && (
        <Suspense fallback={<LoadingOverlay spinning label="Loading…" />}>
          <StudentIdLookupDialog
            open={lookupOpen}
            onClose={() => setLookupOpen(false)}
            onChoose={(id) => {
              form.setValues({ [NAME.name]: id });
              setLookupOpen(false);
              requestAnimationFrame(() => passwordRef.current?.focus());
            }}
          />
        </Suspense>
      )}

      <LoadingOverlay spinning={busy} label="Signing in…" />
    </VisitorLayout>
  );
}

/** / */
export function StudentSignInPage() {
  return <SignInPage account="student" />;
}

/** /admin */
export function AdminSignInPage() {
  return <SignInPage account="admin" />;
}

/** /guardian-login */
export function GuardianSignInPage() {
  return <SignInPage account="guardian" />;
}
