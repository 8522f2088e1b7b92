import { describe, expect, it } from 'vitest';
import { dateOfBirthSpellings, passwordProblem } from './password-policy.js';

describe('passwordProblem', () => {
  const ctx = { studentId: '20260001', dateOfBirth: '2013-05-07' };
  it('accepts a long enough, personal password', () => {
    expect(passwordProblem('Hibiscus-Bloom-9', ctx)).toBeNull();
  });
  it.each(['20130507', '07052013', '05072013', '07/05/2013', '2013-05-07', '05-07-2013', '07.05.2013'])(
    'refuses the date of birth typed as %s',
    (p) => {
      expect(passwordProblem(p, ctx)).toMatch(/date of birth/);
    },
  );
  it('refuses the student ID inside the password', () => {
    expect(passwordProblem('x20260001x', ctx)).toMatch(/student ID/);
  });
  it('refuses common passwords whatever the case', () => {
    expect(passwordProblem('PassWord123', ctx)).toMatch(/common/);
  });
  it('lists the usual spellings of a date of birth', () => {
    expect(dateOfBirthSpellings('2013-05-07')).toEqual(
      expect.arrayContaining(['20130507', '07052013', '05072013', '752013']),
    );
  });

  it("refuses a guardian's own address inside her password, in any case", () => {
    expect(passwordProblem('Nadia@Example.tt-2026', { studentId: 'nadia@example.tt', role: 'guardian' })).toBe(
      'The new password may not contain your e-mail address.',
    );
    expect(passwordProblem('Hummingbird-Nest-7', { studentId: 'nadia@example.tt', role: 'guardian' })).toBeNull();
  });
});
