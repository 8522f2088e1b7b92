import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type Repository } from 'typeorm';
import { guardianAddress } from '../../shared/guardians.js';
import { signInName, studentIdForSignIn } from '../../shared/sign-in-names.js';
import { type CacheRegion, SharedCache } from '../cache/shared-cache.js';
import { nowIso } from '../common/time.js';
import type { SessionUser } from '../common/session-user.js';
import { User } from './entities/user.entity.js';

/** A new account as a bulk insert writes it. */
export type NewAccount = Pick<
  User,
  'role' | 'student_id' | 'username' | 'display_name' | 'password_hash' | 'password_reset' | 'created_at' | 'updated_at'
> &
  Partial<Pick<User, 'email' | 'password_changed_at'>>;

/** An account as a request sees it is kept this long in memory at most (SharedCache: changes apply within 1 s). */
const KEEP_MS = 30_000;

/**
 * Accounts: lookup by sign-in name and the few changes the auth flows make. Every change to an account goes
 * through here and is published (SharedCache), so the account a signed-in request sees is never older than a
 * second.
 */
@Injectable()
export class UsersService {
  private readonly kept: CacheRegion<SessionUser>;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly cache: SharedCache,
  ) {
    this.kept = cache.region<SessionUser>('account', { ttlMs: KEEP_MS, maxEntries: 20_000 });
  }

  async findById(id: number): Promise<User | null> {
    const [row] = (await this.users.manager.query('SELECT * FROM users WHERE id = ?', [id])) as User[];
    return row ?? null;
  }

  /** The account behind a signed-in request (the guard, on every one): kept in memory a few seconds. */
  async sessionUser(id: number): Promise<SessionUser | null> {
    const kept = await this.kept.getOrLoad(String(id), async () => {
      const user = await this.findById(id);
      return user && this.toSessionUser(user);
    });
    return kept && { ...kept };
  }

  /**
   * An account by its sign-in name as typed. The name is normalised (shared/sign-in-names.ts) and the row taken only
   * when its stored name is exactly that: MariaDB's collation would also match other spellings (case, accents), SQLite
   * would not, and a sign-in name must mean the same account on both.
   */
  async findStudent(studentId: string, m?: EntityManager): Promise<User | null> {
    const id = studentIdForSignIn(studentId);
    if (id === null) return null;
    const row = await (m ? m.getRepository(User) : this.users).findOneBy({ role: 'student', student_id: id });
    return exactly(row, (u) => u.student_id === id);
  }

  /**
   * The student accounts of these student ids (as the students table stores them), and whether each is on its first
   * password.
   */
  async studentAccounts(studentIds: readonly string[], m?: EntityManager): Promise<User[]> {
    if (studentIds.length === 0) return [];
    const wanted = new Set(studentIds);
    const rows = await (m ? m.getRepository(User) : this.users).find({
      select: { id: true, student_id: true, password_reset: true },
      where: { role: 'student', student_id: In([...wanted]) },
    });
    return rows.filter((u) => u.student_id !== null && wanted.has(u.student_id));
  }

  async findAdmin(username: string): Promise<User | null> {
    const name = signInName(username);
    return exactly(await this.users.findOneBy({ role: 'admin', username: name }), (u) => u.username === name);
  }

  /**
   * Guardian accounts' names and addresses: these ids, or every one (the Outbox's search reads them all: a school's
   * parents are a few thousand at most).
   */
  async guardians(ids?: readonly number[], m?: EntityManager): Promise<{ id: number; name: string; email: string }[]> {
    if (ids?.length === 0) return [];
    const rows = await (m ? m.getRepository(User) : this.users).find({
      select: { id: true, display_name: true, username: true },
      where: ids ? { role: 'guardian', id: In([...ids]) } : { role: 'guardian' },
    });
    return rows.map((u) => ({ id: u.id, name: u.display_name, email: u.username ?? '' }));
  }

  /** A guardian by her sign-in address (any case: addresses are stored normalised, in lower case). */
  async findGuardian(email: string, m?: EntityManager): Promise<User | null> {
    const address = guardianAddress(email);
    const row = await (m ? m.getRepository(User) : this.users).findOneBy({ role: 'guardian', username: address });
    return exactly(row, (u) => u.username === address);
  }

  /** The administrators as the office's list shows them: username, name and creation, by username. */
  adminsByUsername(): Promise<Pick<User, 'username' | 'display_name' | 'created_at'>[]> {
    return this.users.find({
      select: { username: true, display_name: true, created_at: true },
      where: { role: 'admin' },
      order: { username: 'ASC' },
    });
  }

  /** Whether any account (of any role) signs in with this username. */
  usernameTaken(username: string): Promise<boolean> {
    return this.users.exists({ where: { username } });
  }

  /** Every administrator account. */
  admins(): Promise<User[]> {
    return this.users.find({ where: { role: 'admin' }, order: { id: 'ASC' } });
  }

  /** A new password (inside the caller's transaction when `m` is given); stamps password_changed_at. */
  async setPassword(id: number, passwordHash: string, mustReset: boolean, m?: EntityManager): Promise<void> {
    const now = nowIso();
    await (m ? m.getRepository(User) : this.users).update(
      { id },
      {
        password_hash: passwordHash,
        password_reset: mustReset ? 1 : 0,
        password_changed_at: now,
        updated_at: now,
      },
    );
    await this.cache.publish([`account:${id}`], m);
  }

  /**
   * A new first password (the corrected date of birth), only while the account is still on its first one: a password
   * she chose meanwhile is never replaced. Whether it was set.
   */
  async setFirstPassword(id: number, passwordHash: string, m: EntityManager): Promise<boolean> {
    const result = await m
      .createQueryBuilder()
      .update(User)
      .set({ password_hash: passwordHash, password_changed_at: nowIso(), updated_at: nowIso() })
      .where('id = :id AND password_reset = 1', { id })
      .execute();
    if (!result.affected) return false;
    await this.cache.publish([`account:${id}`], m);
    return true;
  }

  /**
   * Deletes these accounts (a former student's, her personal data deleted: docs/product.md §12.4), in the caller's
   * transaction; every instance forgets them. Answers the table changed.
   */
  async deleteAccounts(ids: readonly number[], m: EntityManager): Promise<string[]> {
    for (let n = 0; n < ids.length; n += 500) await m.getRepository(User).delete({ id: In(ids.slice(n, n + 500)) });
    if (ids.length > 0)
      await this.cache.publish(
        ids.map((id) => `account:${id}`),
        m,
      );
    return ['users'];
  }

  async create(
    data: Pick<User, 'role' | 'student_id' | 'username' | 'display_name' | 'password_hash' | 'password_reset'> &
      Partial<Pick<User, 'email' | 'password_changed_at'>>,
    m?: EntityManager,
  ): Promise<User> {
    const now = nowIso();
    const repo = m ? m.getRepository(User) : this.users;
    return repo.save(repo.create({ ...data, created_at: now, updated_at: now }));
  }

  /** The account signing in with this username, of any role. */
  findByUsername(username: string): Promise<User | null> {
    return this.users.findOneBy({ username });
  }

  /** Which of these student ids have an account (as the users table spells them). */
  async studentIdsWithAccount(studentIds: readonly string[], m?: EntityManager): Promise<string[]> {
    if (studentIds.length === 0) return [];
    const rows = await (m ? m.getRepository(User) : this.users).find({
      select: { student_id: true },
      where: { student_id: In([...studentIds]) },
    });
    return rows.flatMap((u) => (u.student_id ? [u.student_id] : []));
  }

  /**
   * Accounts made in bulk (an import, the seeds), in the caller's transaction when `m` is given; with `ignoreExisting`
   * a row whose username or student id is taken is skipped (INSERT IGNORE: instances starting together).
   */
  async insertMany(rows: NewAccount[], m?: EntityManager, options: { ignoreExisting?: boolean } = {}): Promise<void> {
    if (rows.length === 0) return;
    const insert = (m ?? this.users.manager).createQueryBuilder().insert().into(User).values(rows);
    await (options.ignoreExisting ? insert.orIgnore() : insert).updateEntity(false).execute();
  }

  /** An administrator's own e-mail address ('' or null clears it). */
  async setEmail(id: number, email: string | null, m?: EntityManager): Promise<void> {
    await (m ? m.getRepository(User) : this.users).update({ id }, { email: email || null, updated_at: nowIso() });
    await this.cache.publish([`account:${id}`], m);
  }

  toSessionUser(u: User): SessionUser {
    return {
      id: u.id,
      role: u.role,
      student_id: u.student_id,
      username: u.username,
      display_name: u.display_name,
      password_reset: u.password_reset,
      email: u.email,
    };
  }
}

/** The row when its stored name is exactly the one asked for, else null (see findStudent). */
function exactly(row: User | null, same: (u: User) => boolean): User | null {
  return row && same(row) ? row : null;
}
