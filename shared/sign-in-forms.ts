/**
 * The three sign-in forms (docs/product.md §2 Student login, Administrator login; §11 the parent's sign-in) as both the
 * server's shell (server/web-client/sign-in-shell.ts) and the client's pages draw them: the same ids, names, labels
 * and attributes, so that the page the client draws replaces the shell without a shift, and the shell's typed values
 * can be handed over by name (web/src/lib/shell-handover.ts).
 */
import { FIRST_PASSWORD_HINT } from './first-password.js';

export interface SignInField {
  name: string;
  label: string;
  kind: 'text' | 'password';
  autoComplete: string;
  placeholder?: string;
  inputMode?: 'email';
  /** A hint under the box, tied to it by aria-describedby (`${id}_help`). */
  hint?: string;
}

export interface SignInForm {
  /** The form's id; each input's id is `${formId}_${name}` (as antd named them before). */
  formId: string;
  subtitle: string;
  fields: readonly SignInField[];
}

const password: SignInField = {
  name: 'password',
  label: 'Password',
  kind: 'password',
  autoComplete: 'current-password',
  placeholder: 'Enter password',
};

/** The sign-in forms by path. */
export const SIGN_IN_FORMS: Record<string, SignInForm> = {
  '/': {
    formId: 'student-login',
    subtitle: 'Student Login',
    fields: [
      { name: 'student_id', label: 'Student ID', kind: 'text', autoComplete: 'username' },
      { ...password, hint: FIRST_PASSWORD_HINT },
    ],
  },
  '/admin': {
    formId: 'admin-login',
    subtitle: 'Administrator Login',
    fields: [{ name: 'username', label: 'Username', kind: 'text', autoComplete: 'username' }, password],
  },
  '/guardian-login': {
    formId: 'guardian-login',
    subtitle: 'Parent or Guardian Login',
    fields: [
      { name: 'email', label: 'E-mail address', kind: 'text', autoComplete: 'username', inputMode: 'email' },
      password,
    ],
  },
};

/** The id of a sign-in form's input. */
export const fieldId = (formId: string, name: string): string => `${formId}_${name}`;
