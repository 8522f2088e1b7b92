import type { FieldRule, PlainForm } from '../lib/use-plain-form.js';
import { type BoxProps, PlainField, PlainInput, PlainPasswordInput } from './plain-controls.js';

type FieldProps<N extends string> = {
  /** The form the box belongs to (usePlainForm), and the field it holds. */
  form: PlainForm<N>;
  name: N;
  /** Checked as she types (or when she leaves the box, `trigger: 'blur'`), and again on submit. */
  rule?: FieldRule;
  trigger?: 'change' | 'blur';
  id: string;
  label: string;
  /** A password box (with its show/hide button) instead of a text box. */
  password?: boolean;
} & Omit<BoxProps, 'form' | 'id' | 'name' | 'value' | 'onValueChange' | 'invalid' | 'described'>;

/**
 * A labelled box of a light-kit form: its value and rule from the form, its error under it (tied to the box), its name
 * the field's. What else the box needs (autocomplete, a placeholder, autofocus) the page gives.
 */
export function PlainFormField<N extends string>({
  form,
  name,
  rule,
  trigger,
  id,
  label,
  password = false,
  ...box
}: FieldProps<N>) {
  const error = form.errors[name];
  const props = { ...form.bind(name, rule, trigger), id, name, described: Boolean(error), ...box };
  return (
    <PlainField id={id} label={label} error={error}>
      {password ? <PlainPasswordInput {...props} /> : <PlainInput {...props} />}
    </PlainField>
  );
}
