import { Form, type FormInstance } from 'antd';

// The hint itself is drawn without antd (the student sign-in's reset mode shows it too).
export { PASSWORD_MATCH_HINT_ID, PasswordMatchHint } from './password-match-note.js';

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
