import { Alert, Button, Form, Input, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LAYOUT } from '../../../../../shared/constants.js';
import { GUARDIAN_MESSAGES } from '../../../../../shared/guardians.js';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { PasswordInput } from '../../../components/password-input.js';
import { CardSubtitle, CardTitle, PlainCard } from '../../../components/plain-card.js';
import { ROUTES } from '../../../config/routes.js';
import { VisitorLayout } from '../../../layouts/visitor-layout.js';
import { useAuth } from '../../../lib/auth-store.js';
import { useGuardianLogin } from '../../../lib/queries/use-guardian-login.js';
import { landingAfterSignIn } from '../../../lib/return-path.js';
import { signInError } from './sign-in-error.js';

interface GuardianLoginValues {
  email: string;
  password: string;
}

/**
 * /guardian-login (docs/product.md §11): a parent or guardian signs in with her e-mail address and password, reached
 * from the student sign-in page. She lands on her daughter's dashboard (the chooser first when she has several), or
 * back on the page she was sent away from.
 */
export function GuardianLoginPage() {
  const { settings, signIn } = useAuth();
  const location = useLocation();
  const [form] = Form.useForm<GuardianLoginValues>();
  const login = useGuardianLogin();
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<InputRef>(null);

  const onFinish = (values: GuardianLoginValues) => {
    setError(null);
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (user) => signIn(user, landingAfterSignIn(location.state, 'guardian')),
        onError: (e) => setError(signInError(e)),
      },
    );
  };

  return (
    <VisitorLayout>
      <title>Parent or Guardian Login · Student Portal</title>
      <PlainCard width={LAYOUT.loginCardWidth}>
        <CardTitle>{settings.school_name}</CardTitle>
        <CardSubtitle>Parent or Guardian Login</CardSubtitle>

        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}

        <Form<GuardianLoginValues>
          form={form}
          name="guardian-login"
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          initialValues={{ email: '', password: '' }}
        >
          <Form.Item
            label="E-mail address"
            name="email"
            rules={[
              { required: true, whitespace: true, message: GUARDIAN_MESSAGES.emailRequired },
              { type: 'email', message: GUARDIAN_MESSAGES.emailInvalid },
            ]}
            validateTrigger="onBlur"
          >
            <Input
              inputMode="email"
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              onPressEnter={(e) => {
                // Enter moves on to the password, as on the student sign-in.
                e.preventDefault();
                passwordRef.current?.focus();
              }}
            />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Please enter your password.' }]}
          >
            <PasswordInput ref={passwordRef} placeholder="Enter password" autoComplete="current-password" />
          </Form.Item>
          <Form.Item style={{ marginBottom: 12 }}>
            <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
              LOGIN
            </Button>
          </Form.Item>
        </Form>

        <p style={{ marginTop: 0, color: 'rgba(0, 0, 0, 0.66)' }}>
          No account yet? Open the link in the invitation e-mail the school sent you.
        </p>
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 8 }}>
          {/* 24 px tall at least: WCAG 2.2 target size */}
          <Link to={ROUTES.guardianForgotPassword} style={{ lineHeight: '24px' }}>
            Forgot your password?
          </Link>
          <Link to={ROUTES.studentLogin} state={location.state} style={{ lineHeight: '24px' }}>
            Student? Sign in with your student ID
          </Link>
        </div>
      </PlainCard>
      <LoadingOverlay spinning={login.isPending} label="Signing in…" />
    </VisitorLayout>
  );
}
