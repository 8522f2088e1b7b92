import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LAYOUT, MESSAGES } from '../../../../../shared/constants.js';
import { PasswordInput } from '../../../components/password-input.js';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { CardSubtitle, CardTitle, PlainCard } from '../../../components/plain-card.js';
import { ROUTES } from '../../../config/routes.js';
import { VisitorLayout } from '../../../layouts/visitor-layout.js';
import { errorMessage } from '../../../lib/api-client.js';
import { needsCode, useAdminLogin } from '../api/use-admin-login.js';
import { useAuth } from '../../../lib/auth-store.js';
import { landingAfterSignIn } from '../../../lib/return-path.js';
import { MfaCodeForm } from './mfa-code-form.js';

interface AdminLoginValues {
  username: string;
  password: string;
}

/** docs/product.md §2 Administrator login (/admin). */
export function AdminLoginPage() {
  const { settings, signIn, signOut } = useAuth();
  const location = useLocation();
  const login = useAdminLogin();
  const [error, setError] = useState<string | null>(null);
  // Two-step sign-in on: after a right password, the code is asked for on the same card.
  const [codeStep, setCodeStep] = useState(false);

  const onFinish = (values: AdminLoginValues) => {
    setError(null);
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

  return (
    <VisitorLayout>
      <title>Administrator Login · Student Portal</title>
      <PlainCard width={LAYOUT.loginCardWidth}>
        <CardTitle>{settings.school_name}</CardTitle>
        <CardSubtitle>{codeStep ? 'Two-step sign-in' : 'Administrator Login'}</CardSubtitle>

        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}

        {codeStep ? (
          <MfaCodeForm
            onSignedIn={(user) => signIn(user, landingAfterSignIn(location.state, 'admin'))}
            onRestart={(message) => {
              setCodeStep(false);
              setError(message);
            }}
          />
        ) : (
          <Form<AdminLoginValues>
            name="admin-login"
            layout="vertical"
            requiredMark={false}
            onFinish={onFinish}
            initialValues={{ username: '', password: '' }}
          >
            <Form.Item
              label="Username"
              name="username"
              rules={[{ required: true, whitespace: true, message: MESSAGES.usernameEmpty }]}
            >
              <Input autoComplete="username" autoCapitalize="off" spellCheck={false} />
            </Form.Item>
            <Form.Item
              label="Password"
              name="password"
              rules={[{ required: true, message: 'Please enter your password.' }]}
            >
              <PasswordInput placeholder="Enter password" autoComplete="current-password" />
            </Form.Item>
            <Form.Item style={{ marginBottom: 12 }}>
              <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
                LOGIN
              </Button>
            </Form.Item>
          </Form>
        )}
        {!codeStep && (
          <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8 }}>
            {/* 24 px tall at least: WCAG 2.2 target size */}
            <Link to={ROUTES.adminForgotPassword} style={{ lineHeight: '24px' }}>
              Forgot your password?
            </Link>
            <Link to={ROUTES.studentLogin} style={{ lineHeight: '24px' }}>
              Student login
            </Link>
          </div>
        )}
      </PlainCard>
      <LoadingOverlay spinning={login.isPending} label="Signing in…" />
    </VisitorLayout>
  );
}
