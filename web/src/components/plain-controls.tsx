import { type InputHTMLAttributes, type ReactNode, type Ref, useEffect, useState } from 'react';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { PlainIcon } from './plain-icon.js';

/*
 * The sign-in screens' controls without antd (docs/design.md §7: the sign-in page's JavaScript before she can type).
 * They look as antd drew them (plain-controls.css) and behave as the antd forms did: a label tied to its box, the
 * error under it tied with aria-describedby and aria-invalid, the same ids.
 */

/** A labelled field: the label, the box (children), and under it the error or the hint. */
export function PlainField({
  id,
  label,
  error,
  extra,
  children,
}: {
  id: string;
  label: string;
  error?: string | null;
  extra?: string;
  children: ReactNode;
}) {
  const help = Boolean(error) || Boolean(extra);
  return (
    <div className={`pf-item plain-field${error ? ' pf-has-error' : ''}`}>
      <div className="pf-label">
        <label htmlFor={id}>{label}</label>
      </div>
      {children}
      {help && (
        <div className="pf-help" id={`${id}_help`}>
          {error && <div className="pf-error plain-field-error">{error}</div>}
          {extra && <div className="pf-extra">{extra}</div>}
        </div>
      )}
    </div>
  );
}

export type BoxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'value'> & {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Enter in this box (instead of submitting the form when given). */
  onEnter?: () => void;
  invalid?: boolean;
  /** The box has a hint or error under it (aria-describedby). */
  described?: boolean;
  ref?: Ref<HTMLInputElement>;
};

function boxAttributes({ onValueChange, onEnter, invalid, described, id, ...props }: BoxProps) {
  // A text of the page's own that describes the box too (given as aria-describedby) comes first.
  const describedBy = [props['aria-describedby'], described ? `${id}_help` : null].filter(Boolean).join(' ');
  return {
    ...props,
    id,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy || undefined,
    onChange: (e: { target: HTMLInputElement }) => onValueChange(e.target.value),
    onKeyDown: onEnter
      ? (e: { key: string; preventDefault: () => void; nativeEvent: KeyboardEvent }) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          e.preventDefault();
          onEnter();
        }
      : undefined,
  };
}

/**
 * A box React adopted from the server's page may hold what she typed before the page was live: when first drawn, it
 * hands that to its form (lib/early-input.ts).
 */
function useTypedBefore({ id, value, onValueChange }: BoxProps): void {
  useEffect(() => {
    const box = document.getElementById(id);
    if (box instanceof HTMLInputElement && box.value !== value) onValueChange(box.value);
    // Once, when first drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** A text box. */
export function PlainInput(props: BoxProps) {
  useTypedBefore(props);
  return <input {...boxAttributes(props)} type="text" className={`pf-input${props.invalid ? ' pf-invalid' : ''}`} />;
}

/**
 * A password box whose show/hide control is a real button: reachable by keyboard, announced with its state, and at
 * least 24 × 24 px (WCAG 2.2 target size), unlike antd's built-in eye icon.
 */
export function PlainPasswordInput({ defaultVisible = false, ...props }: BoxProps & { defaultVisible?: boolean }) {
  const [visible, setVisible] = useState(defaultVisible);
  useTypedBefore(props);
  const classes = ['pf-affix', props.invalid ? 'pf-invalid' : '', props.disabled ? 'pf-disabled' : ''];
  return (
    <span className={classes.filter(Boolean).join(' ')}>
      <input {...boxAttributes(props)} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="pf-eye"
        disabled={props.disabled}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {/* Both drawn, one shown by aria-pressed (plain-controls.css), as in the server's form. */}
        <PlainIcon icon={EyeOutlined} className="pf-eye-on" />
        <PlainIcon icon={EyeInvisibleOutlined} className="pf-eye-off" />
      </button>
    </span>
  );
}

/** antd's four-dot spinner, in CSS. */
export function Spinner({ size }: { size?: 'small' | 'large' }) {
  return (
    <span aria-hidden="true" className={`pf-spinner${size ? ` pf-spinner-${size}` : ''}`}>
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}
