import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { MESSAGES } from '../../../shared/constants.js';
import { type SignInKind, signInLockKey } from '../../../shared/sign-in-names.js';
import { TooManyRequestsException } from '../../common/too-many-requests.exception.js';
import { isSqlite, writeTransaction } from '../../database/write-transaction.js';
import { storedKey } from '../../common/throttling/stored-key.js';
import { LOGIN_KEY_LENGTH, LoginThrottle } from './login-throttle.entity.js';

/**
 * The account's own sign-in lock key, as the sign-in routes count it: `student:<id>`, `admin:<username>` or
 * `guardian:<address>`, normalised (signInLockKey).
 */
export function accountLockKey(user: { role: string; student_id: string | null; username: string | null }): string {
  return user.role === 'student'
    ? signInLockKey('student', user.student_id ?? '')
    : signInLockKey(user.role as SignInKind, user.username ?? '');
}

export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;

/**
 * Sign-in throttling (docs/design.md §6): 5 failures lock a key for 15 minutes, doubling on each repeat
 * lockout (the limit per address is SignInThrottlerGuard's). A key is an account name (`student:…`,
 * `admin:…`), counted whether or not it exists so a lock tells nothing about the account, or a browser
 * that holds a device cookie for the account (`device:…`, see DeviceCookies).
 *
 * An attempt is counted BEFORE its password is checked, in one locked read-and-write, and forgiven when
 * the password was right: however many arrive at once, on SQLite or MariaDB, at most 5 are checked
 * before the lock, so parallel guesses gain nothing. The 5th attempt sets the lock itself.
 */
@Injectable()
export class LoginThrottleService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Counts one attempt on `key` and runs `check` (the password comparison) when the key is not locked;
   * a right password clears the key's count. Throws 429 when locked. Returns what `check` answered.
   */
  async attempt(key: string, check: () => Promise<boolean>): Promise<boolean> {
    await this.countAttempt(key);
    const ok = await check();
    if (ok) await this.recordSuccess(key);
    return ok;
  }

  /**
   * Forgets the counts of these keys (an account whose personal data is deleted: docs/product.md §12.4), in the
   * caller's transaction. Answers the table.
   */
  async deleteAllOf(keys: readonly string[], m: EntityManager): Promise<string[]> {
    const stored = keys.map((k) => storedKey(k, LOGIN_KEY_LENGTH));
    for (let n = 0; n < stored.length; n += 500)
      await m.getRepository(LoginThrottle).delete({ login_key: In(stored.slice(n, n + 500)) });
    return ['login_throttle'];
  }

  /** Counts one attempt on the key, or throws 429 when it is locked. */
  async countAttempt(key: string): Promise<void> {
    const loginKey = storedKey(key, LOGIN_KEY_LENGTH);
    for (let n = 1; ; n++) {
      let lockedUntil: number | null;
      try {
        lockedUntil = await this.reserve(loginKey);
      } catch (e) {
        // MariaDB may pick one of two first attempts on a new key as a deadlock's victim: try again.
        if (n >= 10 || (e as { code?: string }).code !== 'ER_LOCK_DEADLOCK') throw e;
        continue;
      }
      if (lockedUntil === null) continue; // the row was cleared meanwhile (a success): count afresh
      if (lockedUntil === 0) return;
      throw new TooManyRequestsException(MESSAGES.tooManyAttempts, (lockedUntil - Date.now()) / 1000);
    }
  }

  /** Clears the key's count and lock: the password was right. */
  async recordSuccess(key: string): Promise<void> {
    await this.ds.getRepository(LoginThrottle).delete({ login_key: storedKey(key, LOGIN_KEY_LENGTH) });
  }

  /** Clears the key's count of failures unless it is locked (a success elsewhere does not lift a lock). */
  async clearUnlessLocked(key: string): Promise<void> {
    const loginKey = storedKey(key, LOGIN_KEY_LENGTH);
    await this.ds
      .createQueryBuilder()
      .delete()
      .from(LoginThrottle)
      .where('login_key = :loginKey AND locked_until <= :now', { loginKey, now: Date.now() })
      .execute();
  }

  /** 0 when the attempt was counted, the lock's end when locked, null when the row vanished meanwhile. */
  private async reserve(loginKey: string): Promise<number | null> {
    const now = Date.now();
    const sqlite = isSqlite(this.ds);
    // On MariaDB the row is made outside the transaction, so the transaction's only lock is FOR UPDATE's.
    if (!sqlite) await this.ensureRow(this.ds.manager, loginKey, now);
    return writeTransaction(this.ds, async (m) => {
      if (sqlite) await this.ensureRow(m, loginKey, now);
      const qb = m.createQueryBuilder(LoginThrottle, 't').where('t.login_key = :loginKey', { loginKey });
      if (!sqlite) qb.setLock('pessimistic_write');
      const row = await qb.getOne();
      if (!row) return null;
      if (row.locked_until > now) return row.locked_until;
      const next = { failures: row.failures + 1, lockouts: row.lockouts, locked_until: 0, updated_at: now };
      if (next.failures >= MAX_FAILURES) {
        next.lockouts += 1;
        next.failures = 0;
        next.locked_until = now + LOCK_MS * 2 ** Math.min(next.lockouts - 1, 6);
      }
      await m.update(LoginThrottle, { login_key: loginKey }, next);
      return 0;
    });
  }

  private async ensureRow(m: EntityManager, loginKey: string, now: number): Promise<void> {
    await m
      .createQueryBuilder()
      .insert()
      .into(LoginThrottle)
      .values({ login_key: loginKey, failures: 0, lockouts: 0, locked_until: 0, updated_at: now })
      .orIgnore()
      .updateEntity(false)
      .execute();
  }
}
