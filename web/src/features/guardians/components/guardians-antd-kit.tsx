import { COLOR } from '../../../../../shared/design-tokens.js';
import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, ConfigProvider, Flex, Form, Input, Modal, Spin, Typography } from 'antd';
import type { GuardiansKit } from '../../../components/guardians-kit.js';

/** As reset-password-dialog.tsx: a red that white text can be read on (WCAG AA), resting, hovered and pressed. */
const DANGER_BUTTON_THEME = {
  components: {
    Button: { colorError: COLOR.errorStrong, colorErrorHover: COLOR.error, colorErrorActive: COLOR.errorActive },
  },
};

/** antd's controls for the guardians list and the invitation form on the office's pages (guardians-kit.ts). */
export const ANTD_GUARDIANS_KIT: GuardiansKit = {
  Button: ({ submit, variant = 'default', loading, ...props }) => {
    const button = (
      <Button
        {...props}
        type={variant === 'default' ? 'default' : 'primary'}
        danger={variant === 'danger'}
        htmlType={submit ? 'submit' : 'button'}
        // antd's own loading icon can stay behind, collapsed but named "loading", when its leaving animation is cut
        // short: the button would then be called "loading Send". This icon comes and goes with the request, unnamed.
        loading={loading ? { icon: <LoadingOutlined aria-hidden /> } : false}
      />
    );
    return variant === 'danger' ? <ConfigProvider theme={DANGER_BUTTON_THEME}>{button}</ConfigProvider> : button;
  },
  Alert: ({ onClose, ...props }) => <Alert {...props} showIcon closable={Boolean(onClose)} onClose={onClose} />,
  Loading: ({ label }) => (
    <>
      <Spin size="small" indicator={<LoadingOutlined aria-hidden />} /> <Typography.Text>{label}</Typography.Text>
    </>
  ),
  Dialog: ({ open, title, width, closable, onClose, afterClose, footer, children }) => (
    <Modal
      open={open}
      title={title}
      width={`min(${width}px, calc(100vw - 16px))`}
      onCancel={onClose}
      closable={closable}
      keyboard={closable}
      maskClosable={false}
      destroyOnHidden
      afterClose={afterClose}
      // The buttons wrap on a narrow screen.
      footer={
        <Flex gap="small" justify="flex-end" wrap>
          {footer}
        </Flex>
      }
    >
      {children}
    </Modal>
  ),
  EmailField: ({ id, label, error, value, onChange, autoFocus }) => (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span id={`${id}_help`}>{error}</span> : undefined}
      style={{ marginBottom: 12 }}
    >
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}_help` : undefined}
        autoComplete="off"
        inputMode="email"
        spellCheck={false}
        maxLength={254}
        autoFocus={autoFocus}
      />
    </Form.Item>
  ),
  Form: ({ name, onSubmit, children }) => (
    <Form name={name} layout="vertical" requiredMark={false} onFinish={onSubmit}>
      {children}
    </Form>
  ),
};
