import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LAYOUT } from '../../../../../shared/constants.js';
import { GUARDIAN_MESSAGES } from '../../../../../shared/guardians.js';
import { SIGN_IN_FORMS } from '../../../../../shared/sign-in-forms.js';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { CardSubtitle, CardTitle, PlainCard } from '../../../components/plain-card.js';
import { PlainErrorAlert, PlainSubmitButton } from '../../../components/plain-controls.js';
import { SignInFormField } from '../../../components/sign-in-form-field.js';
import { ROUTES } from '../../../config/routes.js';
import { VisitorLayout } from '../../../layouts/visitor-layout.js';
import { useAuth } from '../../../lib/auth-store.js';
import { useGuardianLogin } from '../../../lib/queries/use-guardian-login.js';
import { landingAfterSignIn } from '../../../lib/return-path.js';
import { type FieldRule, required, usePlainForm } from '../../../lib/use-plain-form.js';
import { signInError } from './sign-in-error.js';

const FORM = SIGN_IN_FORMS[ROUTES.guardianLogin];
const [EMAIL_FIELD, PASSWORD] = FORM.fields;

// The address check antd's Form made (async-validator's `type: 'email'`), so the same addresses pass.
const EMAIL =
  // eslint-disable-next-line no-useless-escape
  /^(([^<>()\[\]\\.,;:\s@"]+(\.[^<>()\[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+\.)+[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}))$/;

const emailRule: FieldRule = (value) =>
  required(GUARDIAN_MESSAGES.emailRequired, { whitespace: true })(value) ??
  (EMAIL.test(value) ? null : GUARDIAN_MESSAGES.emailInvalid);

const rules = { email: emailRule, password: required('Please enter your password.') };

/**
 * /guardian-login (docs/product.md §11): a parent or guardian signs in with her e-mail address and password, reached
 * from the student sign-in page. She lands on her daughter's dashboard (the chooser first when she has several), or
 * back on the page she was sent away from. Drawn without antd, like the student sign-in (docs/design.md §7).
 */
export function GuardianLoginPage() {
  const { settings, signIn } = useAuth();
  const location = useLocation();
  const form = usePlainForm<'email' | 'password'>(() => ({ email: '', password: '' }));
  const { values, errors } = form;
  const login = useGuardianLogin();
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = () => {
    if (login.isPending || !form.validate(rules)) return;
    setError(null);
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (user) => signIn(user, landingAfterSignIn(location.state, 'guardian')),
        onError: (e) => setError(signInError(e)),
      },
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  return (
    <VisitorLayout>
      <title>Parent or Guardian Login · Student Portal</title>
      <PlainCard width={LAYOUT.loginCardWidth}>
        <CardTitle>{settings.school_name}</CardTitle>
        <CardSubtitle>{FORM.subtitle}</CardSubtitle>

        {error && <PlainErrorAlert message={error} />}

        <form id={FORM.formId} className="pf-form" noValidate onSubmit={onSubmit}>
          <SignInFormField
            formId={FORM.formId}
            field={EMAIL_FIELD}
            // Checked when she leaves the box (and on submit), not at each letter.
            bound={form.bind('email', rules.email, 'blur')}
            error={errors.email}
            // Enter moves on to the password, as on the student sign-in.
            onEnter={() => passwordRef.current?.focus()}
          />
          <SignInFormField
            formId={FORM.formId}
            field={PASSWORD}
            bound={form.bind('password', rules.password)}
            error={errors.password}
            ref={passwordRef}
          />
          <div className="pf-item" style={{ marginBottom: 12 }}>
            <PlainSubmitButton loading={login.isPending}>LOGIN</PlainSubmitButton>
          </div>
        </form>

        <p className="pf-note">No account yet? Open the link in the invitation e-mail the school sent you.</p>
        <div className="pf-links">
          <Link to={ROUTES.guardianForgotPassword}>Forgot your password?</Link>
          <Link to={ROUTES.studentLogin} state={location.state}>
            Student? Sign in with your student ID
          </Link>
        </div>
      </PlainCard>
      <LoadingOverlay spinning={login.isPending} label="Signing in…" />
    </VisitorLayout>
  );
}
