import session from 'express-session';
import { LessThan, type DataSource, type Repository } from 'typeorm';
import { sessionTouchIntervalMs } from '../../shared/constants.js';
import { SessionRow } from './entities/session.entity.js';

const PRUNE_INTERVAL_MS = 15 * 60_000;

/**
 * express-session store on the application's database: sessions survive restarts and every instance
 * on the same database shares them. A deployment that outgrows it swaps this class for another
 * express-session store; nothing else knows where sessions live.
 */
export class DbSessionStore extends session.Store {
  private readonly repo: Repository<SessionRow>;
  private readonly lastTouch = new Map<string, number>();
  private readonly pruneTimer: NodeJS.Timeout;
  private readonly touchIntervalMs: number;

  constructor(
    dataSource: DataSource,
    private readonly idleMs: number,
  ) {
    super();
    this.touchIntervalMs = sessionTouchIntervalMs(idleMs / 60_000);
    this.repo = dataSource.getRepository(SessionRow);
    this.pruneTimer = setInterval(() => void this.prune().catch(() => undefined), PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  close(): void {
    clearInterval(this.pruneTimer);
  }

  /** Idle expiry, kept here rather than in the cookie (a browser-session cookie): now + the idle time. */
  private expiry(): number {
    return Date.now() + this.idleMs;
  }

  override get(sid: string, cb: (err: unknown, session?: session.SessionData | null) => void): void {
    // Every request with a session cookie reads its session: plain SQL rather than the query builder.
    (
      this.repo.manager.query('SELECT sess, expires_at FROM sessions WHERE sid = ?', [sid]) as Promise<
        { sess: string; expires_at: string | number }[]
      >
    ).then(([row]) => {
      if (!row) return cb(null, null);
      if (Number(row.expires_at) <= Date.now()) {
        return void this.repo.delete({ sid }).then(() => cb(null, null), cb);
      }
      cb(null, JSON.parse(row.sess) as session.SessionData);
    }, cb);
  }

  override set(sid: string, sess: session.SessionData, cb?: (err?: unknown) => void): void {
    const row = { sid, user_id: sess.userId ?? null, sess: JSON.stringify(sess), expires_at: this.expiry() };
    this.lastTouch.set(sid, Date.now());
    this.repo.upsert(row, ['sid']).then(
      () => cb?.(),
      (e) => cb?.(e),
    );
  }

  /** Sliding expiry without a write on every request: at most one write a minute (less with a short idle time). */
  override touch(sid: string, _sess: session.SessionData, cb?: (err?: unknown) => void): void {
    const last = this.lastTouch.get(sid) ?? 0;
    if (Date.now() - last < this.touchIntervalMs) return cb?.();
    this.lastTouch.set(sid, Date.now());
    this.repo.update({ sid }, { expires_at: this.expiry() }).then(
      () => cb?.(),
      (e) => cb?.(e),
    );
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.lastTouch.delete(sid);
    this.repo.delete({ sid }).then(
      () => cb?.(),
      (e) => cb?.(e),
    );
  }

  /** Ends every session of an account except one (after a password change). */
  async destroyOtherSessions(userId: number, keepSid: string): Promise<void> {
    await this.repo
      .createQueryBuilder()
      .delete()
      .where('user_id = :userId AND sid <> :keepSid', { userId, keepSid })
      .execute();
  }

  async destroyAllSessions(userId: number): Promise<void> {
    await this.repo.delete({ user_id: userId });
  }

  async prune(): Promise<void> {
    await this.repo.delete({ expires_at: LessThan(Date.now()) });
    const cutoff = Date.now() - this.touchIntervalMs;
    for (const [sid, at] of this.lastTouch) if (at < cutoff) this.lastTouch.delete(sid);
  }
}
