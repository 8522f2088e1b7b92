import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Input, type InputProps, type InputRef } from 'antd';
import { type Ref, useState } from 'react';

type PasswordInputProps = Omit<InputProps, 'type' | 'suffix'> & { ref?: Ref<InputRef> };

/**
 * A password box whose show/hide control is a real button: reachable by keyboard, announced with
 * its state, and at least 24 × 24 px (WCAG 2.2 target size), unlike antd's built-in eye icon.
 */
export function PasswordInput({ ref, disabled, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      ref={ref}
      disabled={disabled}
      type={visible ? 'text' : 'password'}
      suffix={
        <Button
          type="text"
          size="small"
          disabled={disabled}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          icon={visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          onClick={() => setVisible((v) => !v)}
          style={{ width: 28, height: 28, marginInlineEnd: -6 }}
        />
      }
    />
  );
}
