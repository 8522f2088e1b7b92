import type { EntityManager } from 'typeorm';
import type { User } from '../../server/users/entities/user.entity.js';
import type { UsersService } from '../../server/users/users.service.js';

/** An account as the users table would hold it, for unit specs. */
export function aUser(fields: Partial<User> & Pick<User, 'id' | 'role'>): User {
  return {
    student_id: null,
    username: null,
    display_name: 'Someone',
    password_hash: 'hash',
    password_reset: 0,
    password_changed_at: null,
    email: null,
    created_at: '2026-01-05T08:00:00.000Z',
    updated_at: '2026-01-05T08:00:00.000Z',
    ...fields,
  } as User;
}

/** A UsersService over a list of accounts: the look-ups by name, and the password changes it was asked for. */
export function fakeUsers(accounts: User[]): UsersService & {
  accounts: User[];
  passwords: { id: number; hash: string; mustReset: boolean; inTransaction: boolean }[];
} {
  const passwords: { id: number; hash: string; mustReset: boolean; inTransaction: boolean }[] = [];
  const named = (role: string, name: string) =>
    accounts.find((u) => u.role === role && (u.username ?? u.student_id)?.toLowerCase() === name.toLowerCase()) ?? null;
  const fake = {
    accounts,
    passwords,
    async findById(id: number) {
      return accounts.find((u) => u.id === id) ?? null;
    },
    async findStudent(studentId: string) {
      return accounts.find((u) => u.role === 'student' && u.student_id === studentId) ?? null;
    },
    async findAdmin(username: string) {
      return named('admin', username);
    },
    async findGuardian(email: string) {
      return named('guardian', email);
    },
    async admins() {
      return accounts.filter((u) => u.role === 'admin');
    },
    async setPassword(id: number, hash: string, mustReset: boolean, m?: EntityManager) {
      passwords.push({ id, hash, mustReset, inTransaction: m !== undefined });
      const user = accounts.find((u) => u.id === id);
      if (user) Object.assign(user, { password_hash: hash, password_changed_at: new Date().toISOString() });
    },
  };
  return fake as unknown as UsersService & {
    accounts: User[];
    passwords: { id: number; hash: string; mustReset: boolean; inTransaction: boolean }[];
  };
}
