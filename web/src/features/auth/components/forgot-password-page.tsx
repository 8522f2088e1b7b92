import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LAYOUT, MESSAGES } from '../../../../../shared/constants.js';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { CardSubtitle, CardTitle, PlainCard } from '../../../components/plain-card.js';
import { ROUTES } from '../../../config/routes.js';
import { VisitorLayout } from '../../../layouts/visitor-layout.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth-store.js';
import { useAdminForgotPassword } from '../api/use-admin-forgot-password.js';
import { useForgotPassword } from '../api/use-forgot-password.js';

type Account = 'student' | 'admin';

interface ForgotValues {
  name: string;
}

const TEXT: Record<
  Account,
  { title: string; label: string; field: string; intro: string; empty: string; back: string; signIn: string }
> = {
  student: {
    title: 'Forgot your password? · Student Portal',
    label: 'Student ID',
    field: 'student_id',
    intro:
      "Enter your student ID. We send a link to choose a new password to the family's e-mail address that the " +
      'school has on record.',
    empty: 'Please enter your student ID.',
    back: 'Back to Student Login',
    signIn: ROUTES.studentLogin,
  },
  admin: {
    title: 'Forgot your password? · Administrator · Student Portal',
    label: 'Username',
    field: 'username',
    intro: 'Enter your username. We send a link to choose a new password to the e-mail address you gave in Settings.',
    empty: MESSAGES.usernameEmpty,
    back: 'Back to Administrator Login',
    signIn: ROUTES.adminLogin,
  },
};

/**
 * /forgot-password and /admin/forgot-password (docs/product.md §10): she asks for a link to choose a new password.
 * The server answers the same whether or not the account exists or has an address, and the page shows that answer.
 */
export function ForgotPasswordPage({ account }: { account: Account }) {
  const { settings } = useAuth();
  const text = TEXT[account];
  const [form] = Form.useForm<ForgotValues>();
  const student = useForgotPassword();
  const admin = useAdminForgotPassword();
  const ask = account === 'admin' ? admin : student;
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFinish = ({ name }: ForgotValues) => {
    setError(null);
    ask.mutate(name.trim(), {
      onSuccess: (answer) => setSent(answer?.message || 'Your request was received.'),
      onError: (e) => {
        // A 422 names the field (errors.student_id / errors.username): shown under the box.
        const fieldErrors = e instanceof ApiError ? e.body?.errors?.[text.field] : undefined;
        if (fieldErrors?.length) form.setFields([{ name: 'name', errors: fieldErrors }]);
        else if (e instanceof ApiError && e.status === 429 && !e.body?.message && e.retryAfterSeconds)
          setError(`Too many requests. Please try again in ${Math.ceil(e.retryAfterSeconds / 60)} minutes.`);
        else setError(errorMessage(e));
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
          {sent && <Alert type="success" showIcon title={sent} style={{ marginBottom: 16 }} />}
        </div>
        {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}

        {!sent && (
          <Form<ForgotValues>
            form={form}
            name={`${account}-forgot-password`}
            layout="vertical"
            requiredMark={false}
            onFinish={onFinish}
            initialValues={{ name: '' }}
          >
            <p style={{ marginTop: 0 }}>{text.intro}</p>
            <Form.Item
              label={text.label}
              name="name"
              rules={[{ required: true, whitespace: true, message: text.empty }]}
            >
              <Input autoComplete="username" autoCapitalize="off" spellCheck={false} />
            </Form.Item>
            <Form.Item style={{ marginBottom: 12 }}>
              <Button type="primary" htmlType="submit" block size="large" loading={ask.isPending}>
                Send link
              </Button>
            </Form.Item>
          </Form>
        )}
        {/* 24 px tall at least: WCAG 2.2 target size */}
        <Link to={text.signIn} style={{ display: 'inline-block', lineHeight: '24px' }}>
          {text.back}
        </Link>
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
