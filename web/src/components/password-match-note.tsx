import { MESSAGES } from '../../../shared/constants.js';
import { CSS_COLOR } from '../../../shared/design-tokens.js';
import InfoCircleOutlined from '@ant-design/icons-svg/es/asn/InfoCircleOutlined';
import { PlainIcon } from './plain-icon.js';

export const PASSWORD_MATCH_HINT_ID = 'password-match-hint';

/**
 * 'New Password and Confirm New Password must match.' (or `message`, for boxes labelled otherwise) while they
 * differ. The region is always there (empty when they match) so a screen reader announces the words when they
 * appear. NewPasswordForm draws it under Confirm.
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
      style={{ minHeight: 22, marginBottom: 12, color: CSS_COLOR.textSecondary }}
    >
      {differ && (
        <>
          <PlainIcon icon={InfoCircleOutlined} className="pf-hint-icon" />
          {message}
        </>
      )}
    </div>
  );
}
