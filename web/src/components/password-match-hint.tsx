import { InfoCircleOutlined } from '@ant-design/icons';
import { Form, type FormInstance } from 'antd';
import { MESSAGES } from '../../../shared/constants.js';

export const PASSWORD_MATCH_HINT_ID = 'password-match-hint';

/**
 * Whether New and Confirm differ. docs/product.md §4 (Password change) makes a change with two different passwords a
 * silent no-op; the screens keep their button disabled meanwhile and say why (PasswordMatchHint), so a parent is not
 * left pressing a button that does nothing.
 */
export function usePasswordsDiffer(form: FormInstance, newName: string, confirmName: string): boolean {
  const next = Form.useWatch<string | undefined>(newName, form) ?? '';
  const confirm = Form.useWatch<string | undefined>(confirmName, form) ?? '';
  return next !== confirm;
}

/**
 * 'New Password and Confirm New Password must match.' (or `message`, for boxes labelled otherwise) while they
 * differ. The region is always there
 * (empty when they match) so a screen reader announces the words when they appear.
 */
export function PasswordMatchHint({
  differ,
  message = MESSAGES.passwordsDiffer,
}: {
  differ: boolean;
  message?: string;
}) {
  return (
    <div
      id={PASSWORD_MATCH_HINT_ID}
      role="status"
      style={{ minHeight: 22, marginBottom: 12, color: 'rgba(0, 0, 0, 0.66)' }}
    >
      {differ && (
        <>
          <InfoCircleOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
          {message}
        </>
      )}
    </div>
  );
}
