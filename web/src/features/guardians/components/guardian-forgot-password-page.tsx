import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LAYOUT } from '../../../../../shared/constants.js';
import { GUARDIAN_MESSAGES } from '../../../../../shared/guardians.js';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { CardSubtitle, CardTitle, PlainCard } from '../../../components/plain-card.js';
import { ROUTES } from '../../../config/routes.js';
import { VisitorLayout } from '../../../layouts/visitor-layout.js';
import { ApiError } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth-store.js';
import { useGuardianForgotPassword } from '../api/use-guardian-forgot-password.js';
import { signInError } from './sign-in-error.js';

interface ForgotValues {
  email: string;
}

/**
 * /guardian-forgot-password (docs/product.md §10, §11): a parent asks for a link to choose a new password, sent to the
 * address she signs in with. The server answers the same whether or not the account exists; the page shows that answer.
 */
export function GuardianForgotPasswordPage() {
  const { settings } = useAuth();
  const [form] = Form.useForm<ForgotValues>();
  const ask = useGuardianForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFinish = ({ email }: ForgotValues) => {
    setError(null);
    ask.mutate(email.trim(), {
      onSuccess: (answer) => setSent(answer?.message || 'Your request was received.'),
      onError: (e) => {
        const fieldErrors = e instanceof ApiError ? e.body?.errors?.email : undefined;
        if (fieldErrors?.length) form.setFields([{ name: 'email', errors: fieldErrors }]);
        else setError(signInError(e));
      },
    });
  };

  return (
    <VisitorLayout>
      <title>Forgot your password? · Parent or Guardian · Student Portal</title>
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
            name="guardian-forgot-password"
            layout="vertical"
            requiredMark={false}
            onFinish={onFinish}
            initialValues={{ email: '' }}
          >
            <p style={{ marginTop: 0 }}>
              Enter the e-mail address you sign in with as a parent or guardian. We send a link to choose a new password
              to it.
            </p>
            <Form.Item
              label="E-mail address"
              name="email"
              rules={[
                { required: true, whitespace: true, message: GUARDIAN_MESSAGES.emailRequired },
                { type: 'email', message: GUARDIAN_MESSAGES.emailInvalid },
              ]}
              validateTrigger="onBlur"
            >
              <Input inputMode="email" autoComplete="username" autoCapitalize="off" spellCheck={false} />
            </Form.Item>
            <Form.Item style={{ marginBottom: 12 }}>
              <Button type="primary" htmlType="submit" block size="large" loading={ask.isPending}>
                Send link
              </Button>
            </Form.Item>
          </Form>
        )}
        {/* 24 px tall at least: WCAG 2.2 target size */}
        <Link to={ROUTES.guardianLogin} style={{ display: 'inline-block', lineHeight: '24px' }}>
          Back to Parent or Guardian Login
        </Link>
      </PlainCard>
      <LoadingOverlay spinning={ask.isPending} label="Sending…" />
    </VisitorLayout>
  );
}
