import type { User } from '../../server/users/entities/user.entity.js';
import type { UsersService } from '../../server/users/users.service.js';

type NewUser = Pick<User, 'role' | 'student_id' | 'username' | 'display_name' | 'password_hash' | 'password_reset'> &
  Partial<User>;

/** The users table in memory, behind the UsersService methods the services under spec call. */
export function fakeUsers(): UsersService & { rows: User[]; add(user: NewUser): User } {
  const rows: User[] = [];
  const add = (data: NewUser): User => {
    const now = new Date().toISOString();
    const user: User = {
      id: rows.length + 1,
      email: null,
      password_changed_at: null,
      created_at: now,
      updated_at: now,
      ...data,
    } as User;
    rows.push(user);
    return user;
  };
  const fake = {
    rows,
    add,
    async findById(id: number) {
      return rows.find((u) => u.id === id) ?? null;
    },
    async findGuardian(email: string) {
      return rows.find((u) => u.role === 'guardian' && u.username === email) ?? null;
    },
    async findStudent(studentId: string) {
      return rows.find((u) => u.role === 'student' && u.student_id === studentId) ?? null;
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
    async insertMany(accounts: NewUser[]) {
      for (const account of accounts) add(account);
    },
    async create(data: NewUser) {
      return add(data);
    },
    toSessionUser(u: User) {
      return {
        id: u.id,
        role: u.role,
        student_id: u.student_id,
        username: u.username,
        display_name: u.display_name,
        password_reset: u.password_reset,
        email: u.email,
      };
    },
  };
  return fake as unknown as UsersService & { rows: User[]; add(user: NewUser): User };
}
