import { MESSAGES } from '../../../shared/constants.js';
import { PlainIcon } from './plain-controls.js';

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
      style={{ minHeight: 22, marginBottom: 12, color: 'rgba(0, 0, 0, 0.66)' }}
    >
      {differ && (
        <>
          <PlainIcon name="infoCircle" className="pf-hint-icon" />
          {message}
        </>
      )}
    </div>
  );
}
