import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { LAYOUT, MESSAGES } from '../../../../../shared/constants.js';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { CardSubtitle, CardTitle, PlainCard } from '../../../components/plain-card.js';
import { PlainField, PlainInput } from '../../../components/plain-controls.js';
import { PlainAlert, PlainErrorAlert, PlainSubmitButton } from '../../../components/plain-ui.js';
import { type AppRoute, ROUTES } from '../../../config/routes.js';
import { VisitorLayout } from '../../../layouts/visitor-layout.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth-store.js';
import { type FieldRule, required, usePlainForm } from '../../../lib/use-plain-form.js';
import { signInError } from '../../../lib/sign-in-error.js';
import { emailRule } from '../../../lib/email-rule.js';
import { useGuardianForgotPassword } from '../../../lib/queries/use-guardian-forgot-password.js';
import { useAdminForgotPassword } from '../api/use-admin-forgot-password.js';
import { useForgotPassword } from '../api/use-forgot-password.js';

type Account = 'student' | 'admin' | 'guardian';

const TEXT: Record<
  Account,
  {
    title: string;
    label: string;
    /** The box's name in the server's 422 (errors.<field>). */
    field: string;
    intro: string;
    rule: FieldRule;
    /** When the box is checked: at each letter, or when she leaves it. */
    checkedOn: 'change' | 'blur';
    email: boolean;
    back: string;
    signIn: AppRoute;
  }
> = {
  student: {
    title: 'Forgot your password? · Student Portal',
    label: 'Student ID',
    field: 'student_id',
    intro:
      "Enter your student ID. We send a link to choose a new password to the family's e-mail address that the " +
      'school has on record.',
    rule: required('Please enter your student ID.', { whitespace: true }),
    checkedOn: 'change',
    email: false,
    back: 'Back to Student Login',
    signIn: ROUTES.studentLogin,
  },
  admin: {
    title: 'Forgot your password? · Administrator · Student Portal',
    label: 'Username',
    field: 'username',
    intro: 'Enter your username. We send a link to choose a new password to the e-mail address you gave in Settings.',
    rule: required(MESSAGES.usernameEmpty, { whitespace: true }),
    checkedOn: 'change',
    email: false,
    back: 'Back to Administrator Login',
    signIn: ROUTES.adminLogin,
  },
  guardian: {
    title: 'Forgot your password? · Parent or Guardian · Student Portal',
    label: 'E-mail address',
    field: 'email',
    intro:
      'Enter the e-mail address you sign in with as a parent or guardian. We send a link to choose a new password ' +
      'to it.',
    rule: emailRule,
    checkedOn: 'blur',
    email: true,
    back: 'Back to Parent or Guardian Login',
    signIn: ROUTES.guardianLogin,
  },
};

/** A refused request in words: a 429 without a message says how long to wait. */
function refusal(account: Account, e: unknown): string {
  if (account === 'guardian') return signInError(e);
  if (e instanceof ApiError && e.status === 429 && !e.body?.message && e.retryAfterSeconds)
    return `Too many requests. Please try again in ${Math.ceil(e.retryAfterSeconds / 60)} minutes.`;
  return errorMessage(e);
}

/**
 * /forgot-password, /admin/forgot-password and /guardian-forgot-password (docs/product.md §10, §11): she asks for a
 * link to choose a new password, sent to the family's address (a student), the one given in Settings (an
 * administrator) or the one she signs in with (a parent). The server answers the same whether or not the account
 * exists or has an address, and the page shows that answer.
 */
export function ForgotPasswordPage({ account }: { account: Account }) {
  const { settings } = useAuth();
  const text = TEXT[account];
  const formId = `${account}-forgot-password`;
  const id = `${formId}_${text.email ? 'email' : 'name'}`;
  const form = usePlainForm<'name'>(() => ({ name: '' }));
  const student = useForgotPassword();
  const admin = useAdminForgotPassword();
  const guardian = useGuardianForgotPassword();
  const ask = { student, admin, guardian }[account];
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (ask.isPending || !form.validate({ name: text.rule })) return;
    setError(null);
    ask.mutate(form.values.name.trim(), {
      onSuccess: (answer) => setSent(answer?.message || 'Your request was received.'),
      onError: (e) => {
        // A 422 names the field (errors.student_id / errors.username / errors.email): shown under the box.
        const fieldErrors = e instanceof ApiError ? e.body?.errors?.[text.field] : undefined;
        if (fieldErrors?.length) form.setError('name', fieldErrors[0]);
        else setError(refusal(account, e));
      },
    });
  };

  return (
    <VisitorLayout>
      <title>{text.title}</title>
      <PlainCard width={LAYOUT.loginCardWidth}>
        <CardTitle>{settings.school_name}</CardTitle>
        <CardSubtitle>Forgot your password?</CardSubtitle>

        <div role="status" aria-live="polite">
          {sent && <PlainAlert type="success" title={sent} style={{ marginBottom: 16 }} />}
        </div>
        {error && <PlainErrorAlert message={error} />}

        {!sent && (
          <form id={formId} className="pf-form" noValidate onSubmit={onSubmit}>
            <p style={{ marginTop: 0 }}>{text.intro}</p>
            <PlainField id={id} label={text.label} error={form.errors.name}>
              <PlainInput
                {...form.bind('name', text.rule, text.checkedOn)}
                id={id}
                name={text.field}
                described={Boolean(form.errors.name)}
                aria-required
                inputMode={text.email ? 'email' : undefined}
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
              />
            </PlainField>
            <div className="pf-item" style={{ marginBottom: 12 }}>
              <PlainSubmitButton loading={ask.isPending}>Send link</PlainSubmitButton>
            </div>
          </form>
        )}
        <div className="pf-links">
          <Link to={text.signIn}>{text.back}</Link>
        </div>
      </PlainCard>
      <LoadingOverlay spinning={ask.isPending} label="Sending…" />
    </VisitorLayout>
  );
}

/** /forgot-password */
export function StudentForgotPasswordPage() {
  return <ForgotPasswordPage account="student" />;
}

/** /admin/forgot-password */
export function AdminForgotPasswordPage() {
  return <ForgotPasswordPage account="admin" />;
}

/** /guardian-forgot-password */
export function GuardianForgotPasswordPage() {
  return <ForgotPasswordPage account="guardian" />;
}
