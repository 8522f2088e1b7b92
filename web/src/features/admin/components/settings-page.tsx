import { Alert, Button, Card, DatePicker, Flex, Form, Input, Switch, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  ADMIN_PASSWORD_MIN_LENGTH,
  ADMIN_USERNAME_PATTERN,
  type AdminAccount,
  type CreateAdminRequest,
} from '../../../../../shared/admin-types.js';
import { MESSAGES } from '../../../../../shared/constants.js';
import { passwordProblem } from '../../../../../shared/password-policy.js';
import { schoolYearLabel } from '../../../../../shared/school-year.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth-store.js';
import { useChangePassword } from '../../../lib/queries/use-change-password.js';
import { useRegistrationStatus } from '../../../lib/queries/use-registration-status.js';
import { useSchoolYear } from '../../../lib/queries/use-school-year.js';
import { useAdmins } from '../api/use-admins.js';
import { useCreateAdmin } from '../api/use-create-admin.js';
import { useSetRegistrationStatus } from '../api/use-set-registration-status.js';
import { AdminEmailSettings } from './admin-email-settings.js';
import { PageTitle } from './page-title.js';
import { RetentionSettings } from './retention-settings.js';
import { TermsSettings } from './terms-settings.js';
import { TwoStepSettings } from './two-step-settings.js';

const cardStyle = { maxWidth: 640, marginBottom: 16 };
const heading = (text: string) => (
  <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
    {text}
  </Typography.Title>
);

function RegistrationWindow() {
  const status = useRegistrationStatus();
  const save = useSetRegistrationStatus();
  const year = useSchoolYear().data?.year;
  // Registration is this school year's (docs/product.md §12.1): the card says which.
  const title = heading(year === undefined ? 'Registration' : `Registration ${schoolYearLabel(year)}`);
  const [draft, setDraft] = useState<{ open: boolean; deadline: string | null } | null>(null);
  if (status.isLoading) return <Card title={title} loading style={cardStyle} />;
  if (status.isError || !status.data)
    return <Alert type="error" showIcon title={errorMessage(status.error)} style={cardStyle} />;
  const current = draft ?? { open: status.data.open === 1, deadline: status.data.deadline };
  const changed = current.open !== (status.data.open === 1) || current.deadline !== status.data.deadline;
  // The deadline is the first day closed: open until the end of the day before.
  const lastOpenDay = status.data.deadline ? dayjs(status.data.deadline).subtract(1, 'day').format('YYYY-MM-DD') : null;
  const state = status.data.editable
    ? `Open${lastOpenDay ? ` until the end of ${lastOpenDay}` : ''}: students can change their records.`
    : status.data.open === 1 && status.data.deadline
      ? `Closed since ${status.data.deadline} (the deadline): students can read but not change their records.`
      : 'Closed: students can read but not change their records.';
  return (
    <Card title={title} style={cardStyle}>
      <Typography.Paragraph role="status">{state}</Typography.Paragraph>
      <Form
        layout="vertical"
        onFinish={() =>
          save.mutate({ open: current.open ? 1 : 0, deadline: current.deadline }, { onSuccess: () => setDraft(null) })
        }
      >
        <Form.Item label="Registration open" htmlFor="registration-open">
          <Flex gap={8} align="center">
            <Switch id="registration-open" checked={current.open} onChange={(open) => setDraft({ ...current, open })} />
            <span aria-hidden>{current.open ? 'Open' : 'Closed'}</span>
          </Flex>
        </Form.Item>
        <Form.Item label="Deadline (registration closes at the start of this day)" htmlFor="registration-deadline">
          <DatePicker
            id="registration-deadline"
            value={current.deadline ? dayjs(current.deadline) : null}
            format="YYYY-MM-DD"
            allowClear
            placeholder="No deadline"
            onChange={(d) => setDraft({ ...current, deadline: d ? d.format('YYYY-MM-DD') : null })}
          />
        </Form.Item>
        <Flex gap={8} align="center" wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!changed}>
            Save
          </Button>
          {save.isSuccess && !changed && <Typography.Text type="success">Saved.</Typography.Text>}
        </Flex>
        {save.isError && <Alert type="error" showIcon title={errorMessage(save.error)} style={{ marginTop: 12 }} />}
      </Form>
    </Card>
  );
}

/** The shared password policy, with an administrator's longer minimum. */
function adminPasswordProblem(password: string, username: string): string | null {
  return passwordProblem(password, { studentId: username, role: 'admin' });
}

interface PasswordForm {
  old_password: string;
  password: string;
  confirm: string;
}

function ChangeOwnPassword() {
  const { user } = useAuth();
  const change = useChangePassword();
  const [form] = Form.useForm<PasswordForm>();
  const username = user?.role === 'admin' ? user.username : '';
  return (
    <Card title={heading('Change My Password')} style={cardStyle}>
      <Form<PasswordForm>
        name="change-own-password"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) =>
          change.mutate(
            { student_id: username, old_password: v.old_password, password: v.password },
            { onSuccess: () => form.resetFields() },
          )
        }
      >
        <Form.Item name="old_password" label="Old Password" rules={[{ required: true, message: MESSAGES.required }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label="New Password"
          rules={[
            { required: true, message: MESSAGES.required },
            {
              validator: (_, v: string | undefined) => {
                const problem = v ? adminPasswordProblem(v, username) : null;
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="Confirm New Password"
          dependencies={['password']}
          rules={[
            { required: true, message: MESSAGES.required },
            ({ getFieldValue }) => ({
              validator: (_, v: string) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('The passwords do not match.')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Change Password
        </Button>
        <div role="status" aria-live="polite" style={{ marginTop: 12 }}>
          {change.isSuccess && <Alert type="success" showIcon title={MESSAGES.passwordChanged} />}
          {change.isError && <Alert type="error" showIcon title={errorMessage(change.error)} />}
        </div>
      </Form>
    </Card>
  );
}

function Administrators() {
  const admins = useAdmins();
  const create = useCreateAdmin();
  const [form] = Form.useForm<CreateAdminRequest>();
  return (
    <Card title={heading('Administrators')} style={cardStyle}>
      <Table<AdminAccount>
        rowKey="username"
        size="small"
        loading={admins.isLoading}
        dataSource={admins.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'Username', dataIndex: 'username', key: 'username' },
          { title: 'Name', dataIndex: 'display_name', key: 'name' },
          { title: 'Since', dataIndex: 'created_at', key: 'since', render: (v: string) => v.slice(0, 10) },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        Create an administrator
      </Typography.Title>
      <Form<CreateAdminRequest>
        name="create-admin"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => create.mutate(v, { onSuccess: () => form.resetFields() })}
      >
        <Form.Item
          name="username"
          label="Username"
          rules={[
            { required: true, message: MESSAGES.required },
            { pattern: ADMIN_USERNAME_PATTERN, message: '3 to 20 letters, digits, dots, dashes or underscores.' },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="display_name"
          label="Name"
          rules={[{ required: true, message: MESSAGES.required }, { max: 80 }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label="Password"
          extra={`At least ${ADMIN_PASSWORD_MIN_LENGTH} characters. Give it to the new administrator in person.`}
          rules={[
            { required: true, message: MESSAGES.required },
            { min: ADMIN_PASSWORD_MIN_LENGTH, message: `At least ${ADMIN_PASSWORD_MIN_LENGTH} characters.` },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Create Administrator
        </Button>
        <div role="status" aria-live="polite" style={{ marginTop: 12 }}>
          {create.isSuccess && (
            <Alert
              type="success"
              showIcon
              title={`${create.data.display_name} (${create.data.username}) can now sign in at /admin.`}
            />
          )}
          {create.isError && <Alert type="error" showIcon title={errorMessage(create.error)} />}
        </div>
      </Form>
    </Card>
  );
}

/**
 * Settings: the registration window and its terms, how long former students' data is kept, the administrator's own
 * password, e-mail address (for a forgotten password) and two-step sign-in, and further administrators.
 */
export function SettingsPage() {
  return (
    <>
      <PageTitle>Settings</PageTitle>
      <RegistrationWindow />
      <TermsSettings />
      <RetentionSettings />
      <ChangeOwnPassword />
      <AdminEmailSettings />
      <TwoStepSettings />
      <Administrators />
    </>
  );
}
