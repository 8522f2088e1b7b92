import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../../../shared/constants.js';
import { EMAIL_PATTERN } from '../../../../../shared/student-fields.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { useAdminEmail } from '../api/use-admin-email.js';
import { useSetAdminEmail } from '../api/use-set-admin-email.js';

const cardStyle = { maxWidth: 640, marginBottom: 16 };

interface EmailValues {
  email: string;
  password: string;
}

/**
 * Settings: the administrator's own e-mail address, where "Forgot your password?" on the Administrator Login sends
 * her a link. Empty removes it. Changing it takes her current password; the address it replaces is told.
 */
export function AdminEmailSettings() {
  const current = useAdminEmail();
  const save = useSetAdminEmail();
  const [form] = Form.useForm<EmailValues>();
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loaded = current.data?.email;

  // The box shows the saved address once it has arrived (and again after a save).
  useEffect(() => {
    if (loaded !== undefined) form.setFieldValue('email', loaded);
  }, [loaded, form]);

  const onFinish = ({ email, password }: EmailValues) => {
    setSaved(null);
    setError(null);
    save.mutate(
      { email: (email ?? '').trim(), password: password ?? '' },
      {
        onSuccess: (answer) => {
          form.setFieldValue('password', '');
          setSaved(
            answer.email
              ? `Saved. A link to choose a new password goes to ${answer.email}.`
              : 'Removed. No link can be sent to you until you give an address.',
          );
        },
        onError: (e) => {
          // 422: the address or the password, each under its own box.
          const errors = e instanceof ApiError ? e.body?.errors : undefined;
          const fields = (['email', 'password'] as const).filter((name) => errors?.[name]?.length);
          if (fields.length) form.setFields(fields.map((name) => ({ name, errors: errors?.[name] ?? [] })));
          else setError(errorMessage(e));
        },
      },
    );
  };

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          Your e-mail address
        </Typography.Title>
      }
      style={cardStyle}
      loading={current.isLoading}
    >
      <Typography.Paragraph>
        If you forget your password, &ldquo;Forgot your password?&rdquo; on the Administrator Login sends a link to
        choose a new one to this address.
      </Typography.Paragraph>
      {current.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage(current.error)}
          action={
            <Button size="small" onClick={() => void current.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <Form<EmailValues>
          name="admin-email"
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          onValuesChange={() => setSaved(null)}
        >
          <Form.Item
            name="email"
            label="E-mail address"
            validateTrigger="onBlur"
            rules={[{ pattern: EMAIL_PATTERN, message: MESSAGES.email }]}
          >
            <Input autoComplete="email" inputMode="email" spellCheck={false} maxLength={254} />
          </Form.Item>
          <Form.Item
            name="password"
            label="Your current password"
            extra="Asked so that nobody else at this computer can change where your password links go."
            rules={[{ required: true, message: 'Please enter your password.' }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Flex gap={8} align="center" wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save e-mail address
            </Button>
          </Flex>
          <div role="status" aria-live="polite" style={{ marginTop: saved || error ? 12 : 0 }}>
            {saved && <Alert type="success" showIcon title={saved} />}
            {error && <Alert type="error" showIcon title={error} />}
          </div>
        </Form>
      )}
    </Card>
  );
}
