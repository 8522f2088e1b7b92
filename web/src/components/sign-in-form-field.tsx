import { fieldId, type SignInField } from '../../../shared/sign-in-forms.js';
import type { PlainForm } from '../lib/use-plain-form.js';
import { type BoxProps, PlainField, PlainInput, PlainPasswordInput } from './plain-controls.js';

/**
 * A box of one of the three sign-in forms, drawn from its definition in shared/sign-in-forms.ts (label, id, name,
 * autocomplete, placeholder) as the server's form draws it, so the page replaces the server's form without a shift.
 * `bound` is the form's binding of the box; the page adds what only it knows (its ref, Enter, disabled, a placeholder
 * of its own).
 */
export function SignInFormField({
  formId,
  field,
  bound,
  error,
  extra,
  ...box
}: {
  formId: string;
  field: SignInField;
  bound: ReturnType<PlainForm<string>['bind']>;
  error?: string;
  extra?: string;
} & Pick<BoxProps, 'ref' | 'onEnter' | 'disabled' | 'placeholder'>) {
  const id = fieldId(formId, field.name);
  // The form's own hint (as the server's form draws it) unless the page gives another.
  const hint = extra ?? field.hint;
  const props = {
    ...bound,
    id,
    name: field.name,
    described: Boolean(error || hint),
    'aria-required': true,
    autoComplete: field.autoComplete,
    ...box,
    placeholder: box.placeholder ?? field.placeholder,
  };
  return (
    <PlainField id={id} label={field.label} error={error} extra={hint}>
      {field.kind === 'password' ? (
        <PlainPasswordInput {...props} />
      ) : (
        <PlainInput {...props} inputMode={field.inputMode} autoCapitalize="off" spellCheck={false} />
      )}
    </PlainField>
  );
}
