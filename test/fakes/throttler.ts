import type { DbThrottlerStorage, ThrottlerRecord } from '../../server/common/throttling/db-throttler-storage.js';

/**
 * The throttler's storage in memory, with the real one's fixed window per key: the first hit opens a window of
 * `ttl` ms (by Date.now, which a spec may fake); past `limit` hits in it, the answer is blocked until it ends.
 */
export function fakeThrottler(): DbThrottlerStorage & { hits: Map<string, { hits: number; expiresAt: number }> } {
  const hits = new Map<string, { hits: number; expiresAt: number }>();
  const fake = {
    hits,
    async increment(name: string, ttl: number, limit: number): Promise<ThrottlerRecord> {
      const now = Date.now();
      let window = hits.get(name);
      if (!window || window.expiresAt <= now) hits.set(name, (window = { hits: 0, expiresAt: now + ttl }));
      window.hits++;
      const timeToExpire = Math.max(1, Math.ceil((window.expiresAt - now) / 1000));
      const isBlocked = window.hits > limit;
      return { totalHits: window.hits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0 };
    },
  };
  return fake as unknown as DbThrottlerStorage & { hits: Map<string, { hits: number; expiresAt: number }> };
}
