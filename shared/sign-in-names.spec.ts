import { describe, expect, it } from 'vitest';
import { guardianAddress } from './guardians.js';
import { signInLockKey, studentIdForSignIn } from './sign-in-names.js';

describe('sign-in names', () => {
  it('read fullwidth forms as ASCII, trim, and keep a student ID to ASCII letters, digits and dashes', () => {
    expect(studentIdForSignIn(' ２０２６０００１ ')).toBe('20260001');
    expect(studentIdForSignIn('M-100')).toBe('M-100');
    expect(studentIdForSignIn('2026０００1é')).toBeNull();
    expect(studentIdForSignIn('٢٠٢٦')).toBeNull(); // Arabic-Indic digits stay what they are after NFKC
    expect(guardianAddress('  ＭＵＭ@Example.TT ')).toBe('mum@example.tt');
  });

  it('give every spelling of a name one lock key, whatever its length', () => {
    const long = `${'a'.repeat(80)}@example.tt`;
    expect(signInLockKey('guardian', long.toUpperCase())).toBe(signInLockKey('guardian', ` ${long}`));
    expect(signInLockKey('student', '２０２６０００１')).toBe('student:20260001');
  });
});
