import { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

// The initial password is the date of birth, which classmates know, so a new password may not be
// any spelling of it, the student ID, or one of the passwords every guesser tries first.
const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  'qwertyui',
  'qwerty123',
  'qwertyuiop',
  'iloveyou',
  'iloveyou1',
  'abc12345',
  'abcd1234',
  '1q2w3e4r',
  'letmein1',
  'welcome1',
  'welcome123',
  'sunshine',
  'princess',
  'princess1',
  'football',
  'baseball',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'computer',
  'michelle',
  'jennifer',
  'babygirl',
  'lovely123',
  'butterfly',
  'cheerleader',
  'changeme',
  'student1',
  'student123',
  'school123',
  'trinidad',
  'trinidad1',
  'tobago123',
  'trinidad123',
  'portal123',
]);

export interface PasswordContext {
  /** the account's sign-in name: a student ID, an administrator's username or a guardian's e-mail address */
  studentId?: string | null;
  /** administrators need a longer password */
  role?: 'student' | 'admin' | 'guardian';
  /** 'YYYY-MM-DD' */
  dateOfBirth?: string | null;
}

/** Every way a date of birth is commonly typed, as digits only. */
export function dateOfBirthSpellings(dateOfBirth: string): string[] {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateOfBirth);
  if (!m) return [];
  const [, y, mo, d] = m;
  const yy = y.slice(2);
  const dn = String(Number(d));
  const mn = String(Number(mo));
  return [
    `${y}${mo}${d}`,
    `${d}${mo}${y}`,
    `${mo}${d}${y}`,
    `${yy}${mo}${d}`,
    `${d}${mo}${yy}`,
    `${mo}${d}${yy}`,
    `${dn}${mn}${y}`,
    `${mn}${dn}${y}`,
    `${y}${d}${mo}`,
  ];
}

/** Returns the reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, ctx: PasswordContext = {}): string | null {
  const minLength = ctx.role === 'admin' ? ADMIN_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH;
  if (password.length < minLength) return `The new password must have at least ${minLength} characters.`;
  if (password.length > 72) return 'The new password may have at most 72 characters.';
  const lower = password.toLowerCase();
  if (ctx.studentId && lower.includes(ctx.studentId.toLowerCase())) {
    const name = ctx.role === 'admin' ? 'username' : ctx.role === 'guardian' ? 'e-mail address' : 'student ID';
    return `The new password may not contain your ${name}.`;
  }
  if (ctx.dateOfBirth && !/[a-z]/i.test(password)) {
    const digits = password.replace(/\D/g, '');
    if (dateOfBirthSpellings(ctx.dateOfBirth).includes(digits)) {
      return 'The new password may not be your date of birth.';
    }
  }
  if (COMMON_PASSWORDS.has(lower)) return 'That password is too common. Please choose another.';
  return null;
}
