import { Alert, Button, ConfigProvider, Modal, Progress, Typography } from 'antd';
import type { StudentListItem } from '../../../../../shared/admin-types.js';
import { LAYOUT } from '../../../../../shared/constants.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useResetPassword } from '../api/use-reset-password.js';
import { plainName } from './student-name.js';
import { COLOR } from '../../../../../shared/design-tokens.js';

/**
 * White on antd's default danger red is 3.3:1, under WCAG AA's 4.5:1. These reds are 7.7:1 (resting), 5.6:1
 * (hover) and 10.7:1 (pressed).
 */
const RESET_BUTTON_THEME = {
  components: {
    Button: { colorError: COLOR.errorStrong, colorErrorHover: COLOR.error, colorErrorActive: COLOR.errorActive },
  },
};

/**
 * docs/product.md §4 Password reset dialog (600px): confirm; then progress with the buttons hidden; then
 * '{name} password reset successfully.' with a single Ok.
 */
export function ResetPasswordDialog({ student, onClose }: { student: StudentListItem | null; onClose: () => void }) {
  const reset = useResetPassword();
  const name = student ? plainName(student) : '';
  const close = () => {
    if (reset.isPending) return;
    reset.reset();
    onClose();
  };
  const footer = reset.isPending ? null : reset.isSuccess ? (
    <Button type="primary" onClick={close}>
      Ok
    </Button>
  ) : (
    <>
      <Button onClick={close}>Cancel</Button>
      <ConfigProvider theme={RESET_BUTTON_THEME}>
        <Button type="primary" danger onClick={() => student && reset.mutate(student.id)}>
          Reset Password
        </Button>
      </ConfigProvider>
    </>
  );
  return (
    <Modal
      open={student !== null}
      title="Reset Password"
      width={LAYOUT.resetDialogWidth}
      onCancel={close}
      closable={!reset.isPending}
      maskClosable={false}
      destroyOnHidden
      footer={footer}
    >
      {reset.isPending ? (
        <div role="status" aria-live="polite">
          <Typography.Paragraph>Resetting the password of {name}…</Typography.Paragraph>
          <Progress percent={100} status="active" showInfo={false} />
        </div>
      ) : reset.isSuccess ? (
        <Typography.Paragraph role="status" style={{ fontSize: 16, margin: 0 }}>
          {`${reset.data.name || name} password reset successfully.`}
        </Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph>
            Reset the password of <strong>{name}</strong> ({student?.id})?
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: reset.isError ? 12 : 0 }}>
            Her password becomes her date of birth written yyyymmdd, she is signed out everywhere, and she must choose a
            new password when she next signs in.
          </Typography.Paragraph>
          {reset.isError && <Alert type="error" showIcon title={errorMessage(reset.error)} />}
        </>
      )}
    </Modal>
  );
}
