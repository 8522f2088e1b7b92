import { useState } from 'react';

/** A field's rule: its message when the value is refused, else null. */
export type FieldRule = (value: string) => string | null;

/** A required box (antd's `{ required: true, whitespace }`). */
export const required =
  (message: string, { whitespace = false } = {}): FieldRule =>
  (value) =>
    (whitespace ? value.trim() : value) === '' ? message : null;

/**
 * The state of a small form drawn without antd (the sign-in pages), checked as antd's Form checked them: a field's
 * rule on each change (or when the box is left, `trigger: 'blur'`), every rule on submit.
 */
export function usePlainForm<N extends string>(initial: () => Record<N, string>) {
  const [values, setAllValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<N, string>>>({});
  const setError = (name: N, error: string | null) => setErrors((e) => ({ ...e, [name]: error ?? undefined }));

  return {
    values,
    errors,
    setValues: (patch: Partial<Record<N, string>>) => setAllValues((v) => ({ ...v, ...patch })),
    /** Shows `error` under the box of `name` (the server's refusal), until the value changes. */
    setError,
    /** The props of the box of `name`: its value, its changes, and its rule. */
    bind(name: N, rule?: FieldRule, trigger: 'change' | 'blur' = 'change') {
      return {
        value: values[name],
        onValueChange: (value: string) => {
          setAllValues((v) => ({ ...v, [name]: value }));
          if (rule && trigger === 'change') setError(name, rule(value));
        },
        onBlur: rule && trigger === 'blur' ? () => setError(name, rule(values[name])) : undefined,
        invalid: Boolean(errors[name]),
      };
    },
    /** Checks every rule (on submit): true when all pass. Each box shows its message, or none. */
    validate(rules: Partial<Record<N, FieldRule>>, current: Record<N, string> = values): boolean {
      const next: Partial<Record<N, string>> = {};
      for (const name of Object.keys(rules) as N[]) {
        const error = rules[name]?.(current[name]);
        if (error) next[name] = error;
      }
      setErrors(next);
      return Object.keys(next).length === 0;
    },
  };
}

export type PlainForm<N extends string> = ReturnType<typeof usePlainForm<N>>;
