/**
 * The three sign-in forms (docs/product.md §2 Student login, Administrator login; §11 the parent's sign-in) as both the
 * server's shell (server/web-client/sign-in-shell.ts) and the client's pages draw them: the same ids, names, labels
 * and attributes, so that the page the client draws replaces the shell without a shift, and the shell's typed values
 * can be handed over by name (web/src/lib/shell-handover.ts).
 */
export interface SignInField {
  name: string;
  label: string;
  kind: 'text' | 'password';
  autoComplete: string;
  placeholder?: string;
  inputMode?: 'email';
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
    fields: [{ name: 'student_id', label: 'Student ID', kind: 'text', autoComplete: 'username' }, password],
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

/** SVG path data (viewBox 64 64 896 896) of the few icons the sign-in screens draw: Ant Design's, MIT licence. */
export const ICON_PATHS = {
  eye: [
    'M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5' +
      'C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-' +
      '161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 68' +
      '4.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-17' +
      '6-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z',
  ],
  eyeInvisible: [
    'M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684' +
      '.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 ' +
      '60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288' +
      '.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17' +
      ' 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.5' +
      '4 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183' +
      '.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512z',
    'M508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.3' +
      '1 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z',
  ],
  closeCircleFilled: [
    'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.' +
      '82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.0' +
      '1-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 6' +
      '39.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12' +
      ' 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03' +
      ' 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 5' +
      '12l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 ' +
      '0 00-.09-.05.12.12 0 00-.07 0z',
  ],
  infoCircle: [
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm0 820c-205' +
      '.4 0-372-166.6-372-372s166.6-372 372-372 372 166.6 372 372-166.6 372-372 372z',
    'M464 336a48 48 0 1096 0 48 48 0 10-96 0zm72 112h-48c-4.4 0-8 3.6-8 8v272c0 4.4 3.6 8 8 8h48c4.4 ' +
      '0 8-3.6 8-8V456c0-4.4-3.6-8-8-8z',
  ],
  exclamationCircleFilled: [
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-' +
      '4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.0' +
      '1 0 010-96 48.01 48.01 0 010 96z',
  ],
} as const;

export type IconName = keyof typeof ICON_PATHS;
