import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import type { GuardiansKit } from './guardians-kit.js';
import { PlainField, PlainInput, Spinner } from './plain-controls.js';
import { PlainIcon } from './plain-icon.js';
import { PlainModal } from './plain-dialog.js';
import { PlainAlert, PlainButton } from './plain-ui.js';

/** The light kit's controls for a guardians list and an invitation form, over a family's pages (guardians-kit.ts). */
export const PLAIN_GUARDIANS_KIT: GuardiansKit = {
  Button: ({ submit, variant = 'default', size, ...props }) => (
    <PlainButton
      {...props}
      variant={variant}
      size={size === 'small' ? 'small' : 'middle'}
      type={submit ? 'submit' : 'button'}
    />
  ),
  Alert: ({ onClose, action, ...props }) => (
    <PlainAlert
      {...props}
      className={onClose ? 'pf-alert-closable' : undefined}
      action={
        onClose ? (
          <PlainButton
            variant="text"
            size="small"
            aria-label="Close"
            icon={<PlainIcon icon={CloseOutlined} />}
            onClick={onClose}
          />
        ) : (
          action
        )
      }
    />
  ),
  Loading: ({ label }) => (
    <>
      <Spinner size="small" /> <span>{label}</span>
    </>
  ),
  Dialog: ({ open, title, width, closable, onClose, afterClose, footer, children }) => (
    <PlainModal
      open={open}
      title={title}
      width={width}
      closable={closable}
      onClose={onClose}
      afterClose={afterClose}
      footer={footer}
    >
      {children}
    </PlainModal>
  ),
  EmailField: ({ id, label, error, value, onChange, autoFocus }) => (
    <PlainField id={id} label={label} error={error}>
      <PlainInput
        id={id}
        value={value}
        onValueChange={onChange}
        invalid={Boolean(error)}
        described={Boolean(error)}
        autoComplete="off"
        inputMode="email"
        spellCheck={false}
        maxLength={254}
        data-autofocus={autoFocus || undefined}
      />
    </PlainField>
  ),
  Form: ({ name, onSubmit, children }) => (
    <form
      name={name}
      className="pf-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  ),
};
