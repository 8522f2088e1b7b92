import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { GUARDIAN_MESSAGES } from '../../../shared/guardians.js';
import { EMAIL_PATTERN } from '../../../shared/student-fields.js';
import { ApiError, errorMessage } from '../lib/api-client.js';
import { useInviteGuardian } from '../lib/queries/use-invite-guardian.js';

interface Values {
  email: string;
}

type Notice = { type: 'success' | 'error'; text: string } | null;

/**
 * One e-mail address and Send: POST /api/guardians/invite for `studentId`. The office's Guardians dialog and a
 * student's own "Invite a parent" share it. A problem with the address (empty, not an address, already linked) is
 * said under the field, which gets the focus; anything else (too many today, an unknown student, no connection) in
 * an alert. A sent invitation empties the field and says where it went.
 */
export function InviteParentForm({
  studentId,
  name,
  label = 'E-mail address',
  submitText = 'Send invitation',
  autoFocus = false,
}: {
  studentId: string;
  /** the form's name: its field's id is `${name}_email` */
  name: string;
  label?: string;
  submitText?: string;
  /** the field takes the focus when the form appears (a dialog that is only this form) */
  autoFocus?: boolean;
}) {
  const invite = useInviteGuardian();
  const [form] = Form.useForm<Values>();
  const [notice, setNotice] = useState<Notice>(null);

  const fieldError = (message: string) => {
    form.setFields([{ name: 'email', errors: [message] }]);
    form.focusField('email');
  };

  const onFinish = ({ email }: Values) => {
    const address = (email ?? '').trim();
    setNotice(null);
    invite.mutate(
      { student_id: studentId, email: address },
      {
        onSuccess: (sent) => {
          form.resetFields();
          setNotice({ type: 'success', text: GUARDIAN_MESSAGES.invited(sent?.email ?? address) });
        },
        onError: (e) => {
          const emailErrors = e instanceof ApiError ? e.body?.errors?.email : undefined;
          if (e instanceof ApiError && e.status === 422 && emailErrors?.length) fieldError(emailErrors[0]);
          else if (e instanceof ApiError && e.status === 409) fieldError(errorMessage(e));
          else setNotice({ type: 'error', text: errorMessage(e) });
        },
      },
    );
  };

  return (
    <Form<Values>
      name={name}
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      // An error stays until she changes the address (not while she is still typing the first one).
      onValuesChange={() => {
        setNotice((n) => (n?.type === 'success' ? n : null));
        if (form.getFieldError('email').length) form.setFields([{ name: 'email', errors: [] }]);
      }}
      style={{ maxWidth: 480 }}
    >
      <Form.Item
        name="email"
        label={label}
        validateTrigger={[]}
        rules={[
          { required: true, whitespace: true, message: GUARDIAN_MESSAGES.emailRequired },
          {
            validator: (_, value: string | undefined) =>
              !value?.trim() || EMAIL_PATTERN.test(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(GUARDIAN_MESSAGES.emailInvalid)),
          },
        ]}
        style={{ marginBottom: 12 }}
      >
        <Input autoComplete="off" inputMode="email" spellCheck={false} maxLength={254} autoFocus={autoFocus} />
      </Form.Item>
      {/*
        antd's own loading icon can stay behind, collapsed but named "loading", when its leaving animation is cut
        short: the button would then be called "loading Send". This icon comes and goes with the request, unnamed.
      */}
      <Button
        type="primary"
        htmlType="submit"
        loading={invite.isPending ? { icon: <LoadingOutlined aria-hidden /> } : false}
      >
        {submitText}
      </Button>
      <div role="status" aria-live="polite" style={{ marginTop: notice ? 12 : 0 }}>
        {notice && <Alert type={notice.type} showIcon title={notice.text} />}
      </div>
    </Form>
  );
}
