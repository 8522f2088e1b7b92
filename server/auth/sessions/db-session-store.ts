import session from 'express-session';
import { type DataSource, type EntityManager, In, LessThan, type Repository } from 'typeorm';
import type { SessionEndReason } from '../../../shared/api-types.js';
import { sessionTouchIntervalMs } from '../../../shared/constants.js';
import type { CacheRegion, SharedCache } from '../../cache/shared-cache.js';
import { SessionRow } from './session.entity.js';

/** How often expired sessions are deleted (SessionsModule registers the job). */
export const PRUNE_INTERVAL_MS = 15 * 60_000;
/**
 * An ended session is kept this long as a marker without an account, so that a page still open on it is told why it
 * ended (a password changed on another device, not the idle time): a page's own idle timer runs out within a session's
 * idle time, and a page left open overnight is told 'ended'.
 */
const ENDED_KEPT_MS = 12 * 3_600_000;
/** The session data of an ended session: a browser-session cookie, as the session middleware sets it, and why. */
const endedSession = (reason: SessionEndReason) =>
  JSON.stringify({ cookie: { originalMaxAge: null, expires: null, httpOnly: true, path: '/' }, endedReason: reason });
/** A session read is kept this long in memory at most (a change elsewhere applies within a second: SharedCache). */
const KEEP_MS = 30_000;

/** A kept session: its stored JSON (parsed afresh for each request, which may change it), expiry and account. */
interface KeptSession {
  json: string;
  expiresAt: number;
  userId: number | null;
}

/**
 * express-session store on the application's database: sessions survive restarts and every instance
 * on the same database shares them. A deployment that outgrows it swaps this class for another
 * express-session store; nothing else knows where sessions live. A session read is kept a few seconds
 * in memory (every signed-in request reads it); ending or changing one is published to every instance
 * (SharedCache), and ending an account's sessions forgets all of hers.
 */
export class DbSessionStore extends session.Store {
  private readonly repo: Repository<SessionRow>;
  private readonly lastTouch = new Map<string, number>();
  private readonly touchIntervalMs: number;
  private readonly kept: CacheRegion<KeptSession>;

  constructor(
    dataSource: DataSource,
    private readonly idleMs: number,
    private readonly cache: SharedCache,
  ) {
    super();
    this.kept = cache.region<KeptSession>('session', { ttlMs: KEEP_MS, maxEntries: 20_000 });
    // An account's change (password, reset, unlink) ends or changes all her sessions.
    cache.onInvalidate('account', (id) => this.kept.forgetWhere((s) => s.userId === Number(id)));
    this.touchIntervalMs = sessionTouchIntervalMs(idleMs / 60_000);
    this.repo = dataSource.getRepository(SessionRow);
  }

  /** Idle expiry, kept here rather than in the cookie (a browser-session cookie): now + the idle time. */
  private expiry(): number {
    return Date.now() + this.idleMs;
  }

  override get(sid: string, cb: (err: unknown, session?: session.SessionData | null) => void): void {
    const kept = this.kept.get(sid);
    // An expiry that seems past is checked in the database: another instance may have slid it.
    if (kept && kept.expiresAt > Date.now()) return cb(null, JSON.parse(kept.json) as session.SessionData);
    const since = this.cache.generation;
    // Every request with a session cookie reads its session: plain SQL rather than the query builder.
    (
      this.repo.manager.query('SELECT sess, expires_at FROM sessions WHERE sid = ?', [sid]) as Promise<
        { sess: string; expires_at: string | number }[]
      >
    ).then(([row]) => {
      if (!row) return cb(null, null);
      const sess = JSON.parse(row.sess) as session.SessionData;
      if (Number(row.expires_at) <= Date.now()) {
        // Past its idle time: the browser is told so until the row is pruned (an ended session's marker: gone).
        if (sess.endedReason) return void this.repo.delete({ sid }).then(() => cb(null, null), cb);
        return cb(null, { cookie: sess.cookie, endedReason: 'idle' } as session.SessionData);
      }
      this.kept.set(sid, { json: row.sess, expiresAt: Number(row.expires_at), userId: sess.userId ?? null }, since);
      cb(null, sess);
    }, cb);
  }

  override set(sid: string, sess: session.SessionData, cb?: (err?: unknown) => void): void {
    const expiresAt = sess.endedReason ? Date.now() + ENDED_KEPT_MS : this.expiry();
    const row = { sid, user_id: sess.userId ?? null, sess: JSON.stringify(sess), expires_at: expiresAt };
    this.lastTouch.set(sid, Date.now());
    // Another instance may keep this session's earlier data (a step of the two-step sign-in).
    this.repo
      .upsert(row, ['sid'])
      .then(() => this.cache.publish([`session:${sid}`]))
      .then(
        () => cb?.(),
        (e) => cb?.(e),
      );
  }

  /** Sliding expiry without a write on every request: at most one write a minute (less with a short idle time). */
  override touch(sid: string, sess: session.SessionData, cb?: (err?: unknown) => void): void {
    // An ended session does not slide: it is only a marker.
    if (sess.endedReason) return cb?.();
    const last = this.lastTouch.get(sid) ?? 0;
    if (Date.now() - last < this.touchIntervalMs) return cb?.();
    this.lastTouch.set(sid, Date.now());
    const expiresAt = this.expiry();
    const kept = this.kept.get(sid);
    if (kept) kept.expiresAt = expiresAt;
    this.repo.update({ sid }, { expires_at: expiresAt }).then(
      () => cb?.(),
      (e) => cb?.(e),
    );
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.lastTouch.delete(sid);
    this.repo
      .delete({ sid })
      .then(() => this.cache.publish([`session:${sid}`]))
      .then(
        () => cb?.(),
        (e) => cb?.(e),
      );
  }

  /**
   * Ends every session of an account except one (after a password change), each kept a while without its account as
   * a marker saying why (`reason`), for the pages still open on it.
   */
  async destroyOtherSessions(userId: number, keepSid: string, reason: SessionEndReason): Promise<void> {
    await this.endWhere('user_id = :userId AND sid <> :keepSid', { userId, keepSid }, reason);
  }

  /** Ends every session of an account, each kept a while as a marker saying why (see destroyOtherSessions). */
  async destroyAllSessions(userId: number, reason: SessionEndReason): Promise<void> {
    await this.endWhere('user_id = :userId', { userId }, reason);
  }

  /**
   * Deletes every session of these accounts, in the caller's transaction (their personal data is deleted:
   * docs/product.md §12.4; no marker is kept, the account is gone). Every instance forgets them. Answers the table.
   */
  async deleteAllOf(userIds: readonly number[], m: EntityManager): Promise<string[]> {
    for (let n = 0; n < userIds.length; n += 500)
      await m.getRepository(SessionRow).delete({ user_id: In(userIds.slice(n, n + 500)) });
    if (userIds.length > 0)
      await this.cache.publish(
        userIds.map((id) => `account:${id}`),
        m,
      );
    return ['sessions'];
  }

  /**
   * Ends every session of these accounts in the caller's transaction, each kept a while as a marker saying why (see
   * destroyOtherSessions): the rollover signs out the students who left with the change itself (docs/product.md §12.2),
   * so that they are signed out if and only if it commits. Every instance forgets them once it does.
   */
  async endAllOf(userIds: readonly number[], reason: SessionEndReason, m: EntityManager): Promise<void> {
    for (let n = 0; n < userIds.length; n += 500)
      await m
        .getRepository(SessionRow)
        .update(
          { user_id: In(userIds.slice(n, n + 500)) },
          { user_id: null, sess: endedSession(reason), expires_at: Date.now() + ENDED_KEPT_MS },
        );
    if (userIds.length > 0)
      await this.cache.publish(
        userIds.map((id) => `account:${id}`),
        m,
      );
  }

  private async endWhere(where: string, params: Record<string, unknown>, reason: SessionEndReason): Promise<void> {
    await this.repo
      .createQueryBuilder()
      .update()
      .set({ user_id: null, sess: endedSession(reason), expires_at: Date.now() + ENDED_KEPT_MS })
      .where(where, params)
      .execute();
    await this.cache.publish([`account:${params.userId as number}`]);
  }

  async prune(): Promise<void> {
    await this.repo.delete({ expires_at: LessThan(Date.now()) });
    const cutoff = Date.now() - this.touchIntervalMs;
    for (const [sid, at] of this.lastTouch) if (at < cutoff) this.lastTouch.delete(sid);
  }
}
