import type { EntityManager } from 'typeorm';
import type { User } from '../../server/users/entities/user.entity.js';
import { UsersService } from '../../server/users/users.service.js';

type NewUser = Pick<User, 'role' | 'student_id' | 'username' | 'display_name' | 'password_hash' | 'password_reset'> &
  Partial<User>;

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

interface PasswordSet {
  id: number;
  hash: string;
  mustReset: boolean;
  inTransaction: boolean;
}

export type FakeUsers = UsersService & {
  /** The users table in memory (the accounts given, and those added). */
  rows: User[];
  accounts: User[];
  /** The password changes it was asked for. */
  passwords: PasswordSet[];
  add(user: NewUser): User;
};

/** The users table in memory, behind the UsersService methods the services under spec call. */
export function fakeUsers(accounts: User[] = []): FakeUsers {
  const rows = accounts;
  const passwords: PasswordSet[] = [];
  const add = (data: NewUser): User => {
    const now = new Date().toISOString();
    const user = {
      id: Math.max(0, ...rows.map((u) => u.id)) + 1,
      email: null,
      password_changed_at: null,
      created_at: now,
      updated_at: now,
      ...data,
    } as User;
    rows.push(user);
    return user;
  };
  // A sign-in name is compared without case, as the users table's collation does.
  const named = (role: string, name: string) =>
    rows.find((u) => u.role === role && (u.username ?? u.student_id)?.toLowerCase() === name.toLowerCase()) ?? null;
  const fake = {
    rows,
    accounts: rows,
    passwords,
    add,
    async findById(id: number) {
      return rows.find((u) => u.id === id) ?? null;
    },
    async findStudent(studentId: string) {
      return rows.find((u) => u.role === 'student' && u.student_id === studentId) ?? null;
    },
    async findAdmin(username: string) {
      return named('admin', username);
    },
    async findGuardian(email: string) {
      return named('guardian', email);
    },
    async admins() {
      return rows.filter((u) => u.role === 'admin');
    },
    async guardians(ids?: readonly number[]) {
      return rows
        .filter((u) => u.role === 'guardian' && (!ids || ids.includes(u.id)))
        .map((u) => ({ id: u.id, name: u.display_name, email: u.username ?? '' }));
    },
    async studentIdsWithAccount(ids: readonly string[]) {
      return rows.flatMap((u) =>
        u.role === 'student' && u.student_id && ids.includes(u.student_id) ? [u.student_id] : [],
      );
    },
    async insertMany(list: NewUser[]) {
      for (const account of list) add(account);
    },
    async create(data: NewUser) {
      return add(data);
    },
    async setPassword(id: number, hash: string, mustReset: boolean, m?: EntityManager) {
      passwords.push({ id, hash, mustReset, inTransaction: m !== undefined });
      const user = rows.find((u) => u.id === id);
      if (user) Object.assign(user, { password_hash: hash, password_changed_at: new Date().toISOString() });
    },
    // The real mapping: it reads only the account it is given.
    toSessionUser: (u: User) => UsersService.prototype.toSessionUser.call(undefined, u),
  };
  return fake as unknown as FakeUsers;
}
