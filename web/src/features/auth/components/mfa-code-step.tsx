import type { ComponentProps } from 'react';
import AntdTheme from '../../../components/antd-theme.js';
import { MfaCodeForm } from './mfa-code-form.js';

/**
 * The administrator sign-in's second step, with antd and its theme: loaded only when a right password asks for the
 * code (the sign-in page itself is drawn without antd, docs/design.md §7).
 */
export default function MfaCodeStep(props: ComponentProps<typeof MfaCodeForm>) {
  return (
    <AntdTheme>
      <MfaCodeForm {...props} />
    </AntdTheme>
  );
}
