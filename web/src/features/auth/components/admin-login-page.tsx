import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LAYOUT, MESSAGES } from '../../../../../shared/constants.js';
import { SIGN_IN_FORMS } from '../../../../../shared/sign-in-forms.js';
import { LoadingOverlay, PageSpinner } from '../../../components/page-spinner.js';
import { CardSubtitle, CardTitle, PlainCard } from '../../../components/plain-card.js';
import { PlainErrorAlert, PlainSubmitButton } from '../../../components/plain-controls.js';
import { SignInFormField } from '../../../components/sign-in-form-field.js';
import { ROUTES } from '../../../config/routes.js';
import { VisitorLayout } from '../../../layouts/visitor-layout.js';
import { errorMessage } from '../../../lib/api-client.js';
import { needsCode, useAdminLogin } from '../api/use-admin-login.js';
import { useAuth } from '../../../lib/auth-store.js';
import { landingAfterSignIn } from '../../../lib/return-path.js';
import { required, usePlainForm } from '../../../lib/use-plain-form.js';

// The code step is drawn with antd (the 'Please sign in again' dialog shows the same form): it loads when asked for.
const loadCodeStep = () => import('./mfa-code-step.js');
const MfaCodeStep = lazy(loadCodeStep);

const FORM = SIGN_IN_FORMS[ROUTES.adminLogin];
const [USERNAME, PASSWORD] = FORM.fields;

const rules = {
  username: required(MESSAGES.usernameEmpty, { whitespace: true }),
  password: required('Please enter your password.'),
};

/** docs/product.md §2 Administrator login (/admin), drawn without antd (docs/design.md §7). */
export function AdminLoginPage() {
  const { settings, signIn, signOut } = useAuth();
  const location = useLocation();
  const login = useAdminLogin();
  const form = usePlainForm<'username' | 'password'>(() => ({
    username: '',
    password: '',
  }));
  const { values, errors } = form;
  const [error, setError] = useState<string | null>(null);
  // Two-step sign-in on: after a right password, the code is asked for on the same card.
  const [codeStep, setCodeStep] = useState(false);

  const submit = () => {
    if (login.isPending || !form.validate(rules)) return;
    setError(null);
    // An administrator goes on to antd's pages (the code step, the admin area): their code loads meanwhile.
    void loadCodeStep().catch(() => undefined);
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (answer) => {
          if (needsCode(answer)) setCodeStep(true);
          else signIn(answer, landingAfterSignIn(location.state, 'admin'));
        },
        onError: (e) => {
          // docs/product.md §8: authentication is reset on a failed administrator sign-in.
          signOut();
          setError(errorMessage(e));
        },
      },
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  return (
    <VisitorLayout>
      <title>Administrator Login · Student Portal</title>
      <PlainCard width={LAYOUT.loginCardWidth}>
        <CardTitle>{settings.school_name}</CardTitle>
        <CardSubtitle>{codeStep ? 'Two-step sign-in' : FORM.subtitle}</CardSubtitle>

        {error && <PlainErrorAlert message={error} />}

        {codeStep ? (
          <Suspense fallback={<PageSpinner />}>
            <MfaCodeStep
              onSignedIn={(user) => signIn(user, landingAfterSignIn(location.state, 'admin'))}
              onRestart={(message) => {
                setCodeStep(false);
                setError(message);
              }}
            />
          </Suspense>
        ) : (
          <form id={FORM.formId} className="pf-form" noValidate onSubmit={onSubmit}>
            <SignInFormField
              formId={FORM.formId}
              field={USERNAME}
              bound={form.bind('username', rules.username)}
              error={errors.username}
            />
            <SignInFormField
              formId={FORM.formId}
              field={PASSWORD}
              bound={form.bind('password', rules.password)}
              error={errors.password}
            />
            <div className="pf-item" style={{ marginBottom: 12 }}>
              <PlainSubmitButton loading={login.isPending}>LOGIN</PlainSubmitButton>
            </div>
          </form>
        )}
        {!codeStep && (
          <div className="pf-links pf-links-row">
            <Link to={ROUTES.adminForgotPassword}>Forgot your password?</Link>
            <Link to={ROUTES.studentLogin}>Student login</Link>
          </div>
        )}
      </PlainCard>
      <LoadingOverlay spinning={login.isPending} label="Signing in…" />
    </VisitorLayout>
  );
}
