import { type FormEvent, useState } from 'react';
import type { AdminLoginResponse } from '../../../../../shared/api-types.js';
import { MFA_MESSAGES } from '../../../../../shared/mfa.js';
import { PlainFormField } from '../../../components/plain-form-field.js';
import { PlainErrorAlert, PlainSubmitButton } from '../../../components/plain-ui.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { type FieldRule, required, usePlainForm } from '../../../lib/use-plain-form.js';
import { useAdminLoginCode } from '../api/use-admin-login.js';

const CODE_ID = 'admin-login-code_code';
const SIX_DIGITS = /^\s*\d{3}\s*\d{3}\s*$/;

/**
 * The second step of an administrator's sign-in: the 6-digit code from her authenticator app, or one of
 * her recovery codes. `onRestart` is called when the server has forgotten the first step (more than
 * 5 minutes, or the lock): she signs in again from the password.
 */
export function MfaCodeForm({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: AdminLoginResponse) => void;
  onRestart: (message: string | null) => void;
}) {
  const submit = useAdminLoginCode();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = usePlainForm<'code'>(() => ({ code: '' }));

  const prompt = recovery ? MFA_MESSAGES.recoveryPrompt : MFA_MESSAGES.codePrompt;
  const rule: FieldRule = (value) =>
    required(prompt, { whitespace: true })(value) ?? (recovery || SIX_DIGITS.test(value) ? null : prompt);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submit.isPending || !form.validate({ code: rule })) return;
    setError(null);
    submit.mutate(form.values.code.trim(), {
      onSuccess: onSignedIn,
      onError: (e) => {
        if (e instanceof ApiError && (e.status === 401 || e.status === 410)) onRestart(MFA_MESSAGES.signInAgain);
        else setError(errorMessage(e));
        form.setValues({ code: '' });
      },
    });
  };

  const switchKind = () => {
    setRecovery((r) => !r);
    setError(null);
    form.setValues({ code: '' });
    form.setError('code', null);
  };

  return (
    <form id="admin-login-code" className="pf-form" noValidate onSubmit={onSubmit}>
      <p id="mfa-code-help" style={{ marginTop: 0 }}>
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {error && <PlainErrorAlert message={error} />}
      <PlainFormField
        form={form}
        name="code"
        rule={rule}
        key={recovery ? 'recovery' : 'totp'}
        id={CODE_ID}
        label={recovery ? 'Recovery code' : 'Code'}
        autoFocus
        aria-describedby="mfa-code-help"
        aria-required
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={recovery ? 20 : 7}
        placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
      />
      <div className="pf-item" style={{ marginBottom: 12 }}>
        <PlainSubmitButton loading={submit.isPending}>VERIFY</PlainSubmitButton>
      </div>
      <div className="pf-links pf-links-row">
        <button type="button" className="pf-link-button" onClick={switchKind}>
          {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
        </button>
        <button type="button" className="pf-link-button" onClick={() => onRestart(null)}>
          Back to sign-in
        </button>
      </div>
    </form>
  );
}
