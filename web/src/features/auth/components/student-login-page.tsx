import { type ComponentProps, type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { StudentLoginResponse } from '../../../../../shared/api-types.js';
import { LAYOUT } from '../../../../../shared/constants.js';
import { GUARDIAN_MESSAGES } from '../../../../../shared/guardians.js';
import { passwordProblem } from '../../../../../shared/password-policy.js';
import { fieldId, SIGN_IN_FORMS } from '../../../../../shared/sign-in-forms.js';
import { SignInFormField } from '../../../components/sign-in-form-field.js';
import { ROUTES } from '../../../config/routes.js';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { PASSWORD_MATCH_HINT_ID, PasswordMatchHint } from '../../../components/password-match-note.js';
import { CardSubtitle, CardTitle, PlainCard } from '../../../components/plain-card.js';
import {
  PlainErrorAlert,
  PlainField,
  PlainPasswordInput,
  PlainSubmitButton,
} from '../../../components/plain-controls.js';
import { VisitorLayout } from '../../../layouts/visitor-layout.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useChangePassword } from '../../../lib/queries/use-change-password.js';
import { useLoginStudent } from '../api/use-login-student.js';
import { mustResetPassword, useAuth } from '../../../lib/auth-store.js';
import { landingAfterSignIn } from '../../../lib/return-path.js';
import { required, usePlainForm } from '../../../lib/use-plain-form.js';

// The dialog (and antd's Modal and AutoComplete, with antd's theme) loads only when someone asks for it.
const StudentIdLookupDialog = lazy(async () => {
  const [{ default: Dialog }, { default: AntdTheme }] = await Promise.all([
    import('./student-id-lookup-dialog.js'),
    import('../../../components/antd-theme.js'),
  ]);
  return {
    default: (props: ComponentProps<typeof Dialog>) => (
      <AntdTheme>
        <Dialog {...props} />
      </AntdTheme>
    ),
  };
});

const FORM = SIGN_IN_FORMS[ROUTES.studentLogin];
const [STUDENT_ID, PASSWORD] = FORM.fields;
const ID = (name: string) => fieldId(FORM.formId, name);
type Field = 'student_id' | 'password' | 'new_password' | 'confirm_password';

/**
 * docs/product.md §2 Student login (/), with the forced password reset of §4 on the same card. Drawn without antd
 * (docs/design.md §7): the server draws the same form first (server/web-client/sign-in-shell.ts) and this page takes
 * over what she typed in it.
 */
export function StudentLoginPage() {
  const { settings, signIn } = useAuth();
  const location = useLocation();
  const landing = landingAfterSignIn(location.state, 'student');
  const form = usePlainForm<Field>(() => ({
    student_id: '',
    password: '',
    new_password: '',
    confirm_password: '',
  }));
  const login = useLoginStudent();
  const changePassword = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  /** The student who signed in with the reset flag: the card is in reset mode while set. */
  const [resetUser, setResetUser] = useState<StudentLoginResponse | null>(null);
  const [lookupOpen, setLookupOpen] = useState(false);
  const [lookupMounted, setLookupMounted] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const newPasswordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const resetMode = resetUser !== null;
  const { values, errors } = form;
  const differ = resetMode && values.new_password !== values.confirm_password;

  const rules = {
    student_id: required('Please enter your student ID.', { whitespace: true }),
    password: required('Please enter your password.'),
  };

  const signInStudent = () => {
    setError(null);
    login.mutate(
      { student_id: values.student_id.trim(), password: values.password },
      {
        onSuccess: (user) => {
          if (user.role === 'student' && mustResetPassword(user)) {
            // docs/product.md §4 step 3: not signed in yet; she has just typed her date of birth, so the card asks only
            // for a new password (the server's session knows she signed in with it).
            setResetUser(user);
            form.setValues({ password: '', new_password: '', confirm_password: '' });
            requestAnimationFrame(() => newPasswordRef.current?.focus());
            return;
          }
          signIn(user, landing);
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  const resetPassword = (user: StudentLoginResponse) => {
    const next = values.new_password;
    // docs/product.md §4/§5: when New and Confirm differ, nothing happens (the button is disabled meanwhile, with a
    // hint).
    if (next !== values.confirm_password) return;
    const problem = passwordProblem(next, { studentId: user.student_id });
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    changePassword.mutate(
      { student_id: user.student_id, password: next },
      {
        onSuccess: (updated) => signIn(updated, landing),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  const busy = login.isPending || changePassword.isPending;

  const submit = () => {
    if (busy || !form.validate(resetMode ? { student_id: rules.student_id } : rules)) return;
    if (resetUser) resetPassword(resetUser);
    else signInStudent();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  const openLookup = () => {
    setLookupMounted(true);
    setLookupOpen(true);
  };

  const newPasswordExtra = 'At least 8 characters; not your date of birth or student ID.';

  return (
    <VisitorLayout>
      <title>Student Login · Student Portal</title>
      <PlainCard width={LAYOUT.loginCardWidth}>
        <CardTitle>{settings.school_name}</CardTitle>
        <CardSubtitle>{resetMode ? 'Please choose a new password to continue.' : FORM.subtitle}</CardSubtitle>

        {error && <PlainErrorAlert message={error} />}

        <form id={FORM.formId} className="pf-form" noValidate onSubmit={onSubmit}>
          <SignInFormField
            formId={FORM.formId}
            field={STUDENT_ID}
            bound={form.bind('student_id', rules.student_id)}
            error={errors.student_id}
            disabled={resetMode}
            onEnter={() => passwordRef.current?.focus()}
          />

          {!resetMode && (
            <SignInFormField
              formId={FORM.formId}
              field={PASSWORD}
              bound={form.bind('password', rules.password)}
              error={errors.password}
              ref={passwordRef}
            />
          )}

          {resetMode && (
            <>
              <PlainField id={ID('new_password')} label="New Password" extra={newPasswordExtra}>
                <PlainPasswordInput
                  {...form.bind('new_password')}
                  ref={newPasswordRef}
                  id={ID('new_password')}
                  name="new_password"
                  described
                  autoComplete="new-password"
                  onEnter={() => confirmRef.current?.focus()}
                />
              </PlainField>
              <PlainField id={ID('confirm_password')} label="Confirm New Password">
                <PlainPasswordInput
                  {...form.bind('confirm_password')}
                  ref={confirmRef}
                  id={ID('confirm_password')}
                  name="confirm_password"
                  autoComplete="new-password"
                />
              </PlainField>
              <PasswordMatchHint differ={differ} />
            </>
          )}

          <div className="pf-item" style={{ marginBottom: resetMode ? 0 : 12 }}>
            <PlainSubmitButton
              loading={busy}
              disabled={differ}
              describedBy={differ ? PASSWORD_MATCH_HINT_ID : undefined}
            >
              {resetMode ? 'Change Password' : 'LOGIN'}
            </PlainSubmitButton>
          </div>
        </form>

        {!resetMode && (
          <div className="pf-links">
            <Link to={ROUTES.forgotPassword}>Forgot your password?</Link>
            {settings.student_id_lookup && (
              <button type="button" className="pf-link-button" onClick={openLookup}>
                Click here to get your student ID
              </button>
            )}
          </div>
        )}

        {!resetMode && (
          // docs/product.md §11: a parent's way in, on its own page (its code is not part of this one). The page she
          // was sent away from goes along, so that her sign-in brings her back to it.
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
              form.setValues({ student_id: id });
              setLookupOpen(false);
              requestAnimationFrame(() => passwordRef.current?.focus());
            }}
          />
        </Suspense>
      )}

      <LoadingOverlay spinning={busy} label={resetMode ? 'Changing your password…' : 'Signing in…'} />
    </VisitorLayout>
  );
}
