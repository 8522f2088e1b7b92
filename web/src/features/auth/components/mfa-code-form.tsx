import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import type { AdminLoginResponse } from '../../../../../shared/api-types.js';
import { MFA_MESSAGES } from '../../../../../shared/mfa.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { useAdminLoginCode } from '../api/use-admin-login.js';

interface CodeValues {
  code: string;
}

/**
 * The second step of an administrator's sign-in: the 6-digit code from her authenticator app, or one of
 * her recovery codes. `onRestart` is called when the server has forgotten the first step (more than
 * 5 minutes, or the lock): she signs in again from the password.
 */
export function MfaCodeForm({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: AdminLoginResponse) => void;
  onRestart: (message: string | null) => void;
}) {
  const submit = useAdminLoginCode();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<CodeValues>();

  const onFinish = ({ code }: CodeValues) => {
    setError(null);
    submit.mutate(code.trim(), {
      onSuccess: onSignedIn,
      onError: (e) => {
        if (e instanceof ApiError && (e.status === 401 || e.status === 410)) onRestart(MFA_MESSAGES.signInAgain);
        else setError(errorMessage(e));
        form.setFieldValue('code', '');
      },
    });
  };

  return (
    <Form<CodeValues> name="admin-login-code" form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
      <Typography.Paragraph id="mfa-code-help">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form.Item
        label={recovery ? 'Recovery code' : 'Code'}
        name="code"
        rules={[
          {
            required: true,
            whitespace: true,
            message: recovery ? MFA_MESSAGES.recoveryPrompt : MFA_MESSAGES.codePrompt,
          },
          ...(recovery ? [] : [{ pattern: /^\s*\d{3}\s*\d{3}\s*$/, message: MFA_MESSAGES.codePrompt }]),
        ]}
      >
        <Input
          key={recovery ? 'recovery' : 'totp'}
          autoFocus
          aria-describedby="mfa-code-help"
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={recovery ? 20 : 7}
          placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
          size="large"
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block size="large" loading={submit.isPending}>
          VERIFY
        </Button>
      </Form.Item>
      <Flex justify="space-between" gap={8} wrap>
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => {
            setRecovery((r) => !r);
            setError(null);
            form.resetFields();
          }}
        >
          {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
        </Button>
        <Button type="link" style={{ padding: 0 }} onClick={() => onRestart(null)}>
          Back to sign-in
        </Button>
      </Flex>
    </Form>
  );
}
