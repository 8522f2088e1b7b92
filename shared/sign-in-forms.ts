/**
 * The three sign-in forms (docs/product.md §2 Student login, Administrator login; §11 the parent's sign-in), as the one
 * sign-in page (web/src/features/auth/components/sign-in-page.tsx) draws them for each account: their ids, names,
 * labels, attributes, words and links.
 */
import { FIRST_PASSWORD_HINT } from './first-password.js';
import { type AppRoute, ROUTES } from './routes.js';

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

/** A link under a sign-in form. */
export interface SignInLink {
  to: AppRoute;
  text: string;
  /** Takes the page she was sent away from along (another sign-in page brings her back to it too). */
  keepsReturn?: boolean;
}

export interface SignInForm {
  /** The form's id; each input's id is `${formId}_${name}` (as antd named them before). */
  formId: string;
  subtitle: string;
  /** The page's title (the browser tab). */
  title: string;
  fields: readonly SignInField[];
  /** Said under the form, above the links. */
  note?: string;
  links: readonly SignInLink[];
  /** The links side by side (else one under the other). */
  linksInRow?: boolean;
}

const password: SignInField = {
  name: 'password',
  label: 'Password',
  kind: 'password',
  autoComplete: 'current-password',
  placeholder: 'Enter password',
};

const FORGOT = 'Forgot your password?';

/** The sign-in forms by path. */
export const SIGN_IN_FORMS: Record<string, SignInForm> = {
  [ROUTES.studentLogin]: {
    formId: 'student-login',
    subtitle: 'Student Login',
    title: 'Student Login · Student Portal',
    fields: [
      { name: 'student_id', label: 'Student ID', kind: 'text', autoComplete: 'username' },
      { ...password, hint: FIRST_PASSWORD_HINT },
    ],
    links: [{ to: ROUTES.forgotPassword, text: FORGOT }],
  },
  [ROUTES.adminLogin]: {
    formId: 'admin-login',
    subtitle: 'Administrator Login',
    title: 'Administrator Login · Student Portal',
    fields: [{ name: 'username', label: 'Username', kind: 'text', autoComplete: 'username' }, password],
    links: [
      { to: ROUTES.adminForgotPassword, text: FORGOT },
      { to: ROUTES.studentLogin, text: 'Student login' },
    ],
    linksInRow: true,
  },
  [ROUTES.guardianLogin]: {
    formId: 'guardian-login',
    subtitle: 'Parent or Guardian Login',
    title: 'Parent or Guardian Login · Student Portal',
    fields: [
      { name: 'email', label: 'E-mail address', kind: 'text', autoComplete: 'username', inputMode: 'email' },
      password,
    ],
    note: 'No account yet? Open the link in the invitation e-mail the school sent you.',
    links: [
      { to: ROUTES.guardianForgotPassword, text: FORGOT },
      { to: ROUTES.studentLogin, text: 'Student? Sign in with your student ID', keepsReturn: true },
    ],
  },
};

/** The id of a sign-in form's input. */
export const fieldId = (formId: string, name: string): string => `${formId}_${name}`;
