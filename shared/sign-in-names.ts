import { STUDENT_ID_PATTERN } from './constants.js';

/*
 * How a sign-in name (a student ID, an administrator's username, a guardian's address) is compared, the same on
 * SQLite and MariaDB. MariaDB's utf8mb4_unicode_ci collation compares loosely (case, accents, fullwidth
 * forms), SQLite exactly; so the server never leaves the comparison to the database: it normalises what was typed
 * (NFKC: a fullwidth '２' is '2', compatibility forms fold; then trimmed), looks the account up, and takes it only
 * when its stored name is exactly the normalised one. A spelling that is not the account's name is an unknown
 * account on both engines: its attempts cannot reach the account's password, and the account's own lock key is the
 * one normalised spelling (signInLockKey).
 */

export type SignInKind = 'student' | 'admin' | 'guardian';

/** NFKC, trimmed. */
export function signInName(raw: string): string {
  return raw.normalize('NFKC').trim();
}

/**
 * A student ID as typed, as the portal compares it: NFKC (so fullwidth digits sign in as the same account on both
 * engines), trimmed, and then only ASCII letters, digits and dashes (STUDENT_ID_PATTERN); null for anything else.
 * Compared exactly, case included (as SQLite always did).
 */
export function studentIdForSignIn(raw: string): string | null {
  const id = signInName(raw);
  return STUDENT_ID_PATTERN.test(id) ? id : null;
}

/**
 * The account name's sign-in lock key (`student:<id>`, `admin:<username>`, `guardian:<address>`): the normalised
 * name in lower case, so every spelling that can reach the account counts on one key. The throttle store bounds its
 * length by hashing (storedKey).
 */
export function signInLockKey(kind: SignInKind, name: string): string {
  return `${kind}:${signInName(name).toLowerCase()}`;
}
