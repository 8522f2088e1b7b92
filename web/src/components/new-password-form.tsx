import { type CSSProperties, type FormEvent, type ReactNode, useRef } from 'react';
import { MESSAGES } from '../../../shared/constants.js';
import { type FieldRule, required, usePlainForm } from '../lib/use-plain-form.js';
import { PASSWORD_MATCH_HINT_ID, PasswordMatchHint } from './password-match-note.js';
import { PlainField, PlainPasswordInput } from './plain-controls.js';
import { PlainButton, PlainSubmitButton } from './plain-ui.js';

/**
 * The boxes' words: a new password for an account she has (`change`), or the first password of the account she
 * creates (`create`, the invitation).
 */
const WORDS = {
  change: { password: 'New Password', confirm: 'Confirm New Password', differ: MESSAGES.passwordsDiffer },
  create: { password: 'Password', confirm: 'Confirm password', differ: 'Password and Confirm password must match.' },
} as const;

export interface NewPasswordSubmit {
  /** Shows `message` under the New Password box (the password policy, or the server's refusal of the password). */
  refuse(message: string): void;
}

/**
 * The one form that chooses a password (docs/product.md §4 Password change, §10 reset, §11 invitation): New and
 * Confirm, the rules' hint under New, and the match hint. While the two differ the button is disabled and the hint
 * says why (a change with two different passwords is a silent no-op, so she is not left pressing a button that does
 * nothing). Enter in New moves on to Confirm. The boxes a page asks for besides (Old Password, her name) come first
 * (`before`), checked with the form's own by `validateBefore`.
 */
export function NewPasswordForm({
  formId,
  names = { password: 'password', confirm: 'confirm_password' },
  words = 'change',
  hint,
  requiredMessage,
  before,
  validateBefore,
  submitLabel,
  busy,
  size = 'large',
  autoFocus,
  submitStyle,
  onSubmit,
}: {
  /** The form's id; a box's id is `${formId}_${name}`. */
  formId: string;
  names?: { password: string; confirm: string };
  words?: keyof typeof WORDS;
  /** What a password must be, under New. */
  hint: string;
  /** Said under New when it is left empty; without it, an empty New goes to the page (its policy says why). */
  requiredMessage?: string;
  before?: ReactNode;
  /** Checks the page's own boxes on submit (all the messages at once): true when they pass. */
  validateBefore?: () => boolean;
  submitLabel: string;
  busy: boolean;
  /** `large`: the card's full-width button; `middle`: a page's button. */
  size?: 'large' | 'middle';
  autoFocus?: boolean;
  submitStyle?: CSSProperties;
  onSubmit(password: string, form: NewPasswordSubmit): void;
}) {
  const form = usePlainForm<'password' | 'confirm'>(() => ({ password: '', confirm: '' }));
  const { values, errors } = form;
  const confirmRef = useRef<HTMLInputElement>(null);
  const differ = values.password !== values.confirm;
  const text = WORDS[words];
  const rules: { password?: FieldRule } = requiredMessage ? { password: required(requiredMessage) } : {};
  const id = (name: string) => `${formId}_${name}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const othersPass = validateBefore?.() ?? true;
    if (!form.validate(rules) || !othersPass || busy || differ) return;
    onSubmit(values.password, { refuse: (message) => form.setError('password', message) });
  };

  return (
    <form id={formId} className="pf-form" noValidate onSubmit={submit}>
      {before}
      <PlainField id={id(names.password)} label={text.password} error={errors.password} extra={hint}>
        <PlainPasswordInput
          {...form.bind('password', rules.password)}
          id={id(names.password)}
          name={names.password}
          described
          autoComplete="new-password"
          autoFocus={autoFocus}
          onEnter={() => confirmRef.current?.focus()}
        />
      </PlainField>
      <PlainField id={id(names.confirm)} label={text.confirm}>
        <PlainPasswordInput
          {...form.bind('confirm')}
          ref={confirmRef}
          id={id(names.confirm)}
          name={names.confirm}
          autoComplete="new-password"
        />
      </PlainField>
      <PasswordMatchHint differ={differ} message={text.differ} />
      <div className="pf-item" style={{ marginBottom: 0, ...submitStyle }}>
        {size === 'large' ? (
          <PlainSubmitButton loading={busy} disabled={differ} describedBy={differ ? PASSWORD_MATCH_HINT_ID : undefined}>
            {submitLabel}
          </PlainSubmitButton>
        ) : (
          <PlainButton
            type="submit"
            variant="primary"
            loading={busy}
            disabled={differ}
            aria-describedby={differ ? PASSWORD_MATCH_HINT_ID : undefined}
          >
            {submitLabel}
          </PlainButton>
        )}
      </div>
    </form>
  );
}
