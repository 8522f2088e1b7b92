import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../shared/api-types.js';
import { accountKey, homeFor, signInName } from './account.js';

const student: LoginResponse = {
  name: 'Aisha M',
  initials: 'AM',
  role: 'student',
  student_id: '20260001',
  password_reset: 0,
};
const admin: LoginResponse = {
  name: 'Admin',
  initials: 'OA',
  role: 'admin',
  username: 'office',
  display_name: 'Office',
};
const mother: LoginResponse = {
  name: 'Sara Mohammed',
  initials: 'SM',
  role: 'guardian',
  email: 'Sara@Example.org',
  students: [],
};
const otherMother: LoginResponse = { ...mother, name: 'Ann Lee', email: 'ann@example.org' };

describe('account helpers', () => {
  it('name the sign-in name each account types', () => {
    expect(signInName(student)).toBe('20260001');
    expect(signInName(admin)).toBe('office');
    expect(signInName(mother)).toBe('Sara@Example.org');
  });

  it('give every guardian her own device key (by her address), and keep the others as their actor labels', () => {
    expect(accountKey(student)).toBe('student:20260001');
    expect(accountKey(admin)).toBe('admin:office');
    expect(accountKey(mother)).toBe('guardian:sara@example.org');
    expect(accountKey(mother)).not.toBe(accountKey(otherMother));
    // Her name may change at the office; her unsaved answers stay hers.
    expect(accountKey({ ...mother, name: 'Sara Mohammed-Khan' })).toBe(accountKey(mother));
  });

  it('send an administrator to her dashboard and anyone else to the student dashboard', () => {
    expect(homeFor(admin)).toBe('/admin/dashboard');
    expect(homeFor(student)).toBe('/dashboard');
    expect(homeFor(mother)).toBe('/dashboard');
  });
});
