import { Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isSqlite } from '../../database/write-transaction.js';
import { storedKey } from './stored-key.js';
import { THROTTLE_KEY_LENGTH } from './throttler-hit.entity.js';

/** What @nestjs/throttler expects back from a storage (its ThrottlerStorageRecord). */
export interface ThrottlerRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

const SWEEP_EVERY_MS = 60_000;

/**
 * @nestjs/throttler's storage in the `throttler_hits` table, so that every instance on the database
 * counts the same hits. A fixed window per key, as the in-memory limiter it replaces: the first hit
 * opens a window of `ttl` ms; past `limit` hits in it, requests are refused until it ends (so
 * `blockDuration` is not used). Each hit is one atomic upsert, so two instances counting the same
 * key at once never lose a hit. One instance per app (ThrottlingModule), shared by every limit: the sign-in
 * guard and the services that count their own hits.
 */
@Injectable()
export class DbThrottlerStorage implements ThrottlerStorage {
  private lastSweep = 0;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async increment(name: string, ttl: number, limit: number): Promise<ThrottlerRecord> {
    const key = storedKey(name, THROTTLE_KEY_LENGTH);
    const now = Date.now();
    const { hits, expiresAt } = await this.hitRetryingDeadlock(key, now, now + ttl);
    if (now - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = now;
      // Ended windows are only clutter: a failed sweep is left to the next one, never fails a request.
      await this.ds.query('DELETE FROM throttler_hits WHERE expires_at <= ?', [now]).catch(() => undefined);
    }
    // A hit that read the clock a moment before the one that opened the window would see a little more
    // than the whole window left: no window is longer than `ttl`.
    const timeToExpire = Math.min(Math.ceil(ttl / 1000), Math.max(1, Math.ceil((expiresAt - now) / 1000)));
    const isBlocked = hits > limit;
    return { totalHits: hits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0 };
  }

  /** MariaDB may pick two concurrent upserts of a new key as a deadlock's victim: that hit is counted again. */
  private async hitRetryingDeadlock(key: string, now: number, newExpiry: number) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.hit(key, now, newExpiry);
      } catch (e) {
        if (attempt >= 3 || (e as { code?: string }).code !== 'ER_LOCK_DEADLOCK') throw e;
      }
    }
  }

  /** Counts one hit in the key's current window (a new window when the last one has ended). */
  private async hit(key: string, now: number, newExpiry: number): Promise<{ hits: number; expiresAt: number }> {
    if (isSqlite(this.ds)) {
      // One statement: SQLite evaluates every SET expression against the row as it was.
      const rows: { hits: number; expires_at: number | string }[] = await this.ds.query(
        `INSERT INTO throttler_hits (throttle_key, hits, expires_at) VALUES (?, 1, ?)
         ON CONFLICT (throttle_key) DO UPDATE SET
           hits = CASE WHEN throttler_hits.expires_at <= ? THEN 1 ELSE throttler_hits.hits + 1 END,
           expires_at = CASE WHEN throttler_hits.expires_at <= ? THEN excluded.expires_at
                             ELSE throttler_hits.expires_at END
         RETURNING hits, expires_at`,
        [key, newExpiry, now, now],
      );
      return { hits: Number(rows[0].hits), expiresAt: Number(rows[0].expires_at) };
    }
    // MariaDB: the upsert locks the row until the transaction ends, so the read sees this hit's count.
    // Assignments run left to right: `hits` is decided before `expires_at` changes.
    return this.ds.transaction(async (m) => {
      await m.query(
        `INSERT INTO throttler_hits (throttle_key, hits, expires_at) VALUES (?, 1, ?)
         ON DUPLICATE KEY UPDATE
           hits = IF(expires_at <= ?, 1, hits + 1),
           expires_at = IF(expires_at <= ?, VALUES(expires_at), expires_at)`,
        [key, newExpiry, now, now],
      );
      const rows: { hits: number; expires_at: number | string }[] = await m.query(
        'SELECT hits, expires_at FROM throttler_hits WHERE throttle_key = ?',
        [key],
      );
      return { hits: Number(rows[0].hits), expiresAt: Number(rows[0].expires_at) };
    });
  }
}
