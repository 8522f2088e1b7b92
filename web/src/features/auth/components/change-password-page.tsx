import { Alert, Button, Card, Form, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LAYOUT, MESSAGES, PASSWORD_MIN_LENGTH } from '../../../../../shared/constants.js';
import { passwordProblem } from '../../../../../shared/password-policy.js';
import { PasswordInput } from '../../../components/password-input.js';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { ROUTES } from '../../../config/routes.js';
import { signInName } from '../../../lib/account.js';
import { errorMessage } from '../../../lib/api-client.js';
import type { FlashState } from '../../../lib/flash-notice.js';
import { useChangePassword } from '../../../lib/queries/use-change-password.js';
import { useAuth } from '../../../lib/auth-store.js';
import {
  PASSWORD_MATCH_HINT_ID,
  PasswordMatchHint,
  usePasswordsDiffer,
} from '../../../components/password-match-hint.js';

interface ChangePasswordValues {
  old_password: string;
  password: string;
  confirm_password?: string;
}

/**
 * The change-password screen (/registration/change-password; docs/product.md §2), opened from the user
 * menu of the top bar. Besides Old and New Password it has a Confirm box, as the reset screen does, so a
 * typo in a password nobody sees cannot lock her out (docs/product.md §4 Password change).
 */
export function ChangePasswordPage() {
  const { user, updateUser } = useAuth();
  const [form] = Form.useForm<ChangePasswordValues>();
  const differ = usePasswordsDiffer(form, 'password', 'confirm_password');
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  // The name she signs in with (a guardian's is her e-mail address): the server's `student_id`, whichever the account.
  const accountId = user ? signInName(user) : '';
  const guardian = user?.role === 'guardian';

  const onFinish = (values: ChangePasswordValues) => {
    if (values.password !== (values.confirm_password ?? '')) return; // the button is disabled meanwhile
    const problem = passwordProblem(values.password, {
      studentId: accountId,
      role: guardian ? 'guardian' : undefined,
    });
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    changePassword.mutate(
      { student_id: accountId, password: values.password, old_password: values.old_password },
      {
        onSuccess: (updated) => {
          updateUser(updated);
          const state: FlashState = { notice: MESSAGES.passwordChanged };
          // A guardian with no daughter chosen yet is shown the notice on the chooser (RequireActiveStudent).
          navigate(guardian ? ROUTES.dashboard : ROUTES.studentData, { state });
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <>
      <title>Change Password · Student Portal</title>
      <Card style={{ width: LAYOUT.pageCardWidth, maxWidth: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
          Change Password
        </Typography.Title>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form<ChangePasswordValues>
          form={form}
          name="change-password"
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
        >
          <Form.Item
            label="Old Password"
            name="old_password"
            rules={[{ required: true, message: 'Please enter your old password.' }]}
          >
            <PasswordInput autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label="New Password"
            name="password"
            extra={
              guardian
                ? `At least ${PASSWORD_MIN_LENGTH} characters; not your e-mail address.`
                : 'At least 8 characters; not your date of birth or student ID.'
            }
            rules={[{ required: true, message: 'Please enter the new password.' }]}
          >
            <PasswordInput autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="Confirm New Password" name="confirm_password">
            <PasswordInput autoComplete="new-password" />
          </Form.Item>
          <PasswordMatchHint differ={differ} />
          <Form.Item style={{ marginBottom: 0 }}>
            <Button
              type="primary"
              htmlType="submit"
              loading={changePassword.isPending}
              disabled={differ}
              aria-describedby={differ ? PASSWORD_MATCH_HINT_ID : undefined}
            >
              Change Password
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <LoadingOverlay spinning={changePassword.isPending} label="Changing your password…" />
    </>
  );
}
