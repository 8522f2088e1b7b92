import type { DbThrottlerStorage } from '../../server/common/throttling/db-throttler-storage.js';

/**
 * The rate limits' hit counts for unit specs, by DbThrottlerStorage's rule: a key's hits count within its window,
 * and a hit past `limit` is blocked until the window ends. `advance(ms)` ends windows without waiting.
 */
export function fakeThrottlerStorage(): DbThrottlerStorage & {
  hits: Map<string, number>;
  advance(ms: number): void;
} {
  const hits = new Map<string, number>();
  const windows = new Map<string, number>();
  let now = 0;
  const fake = {
    hits,
    advance(ms: number) {
      now += ms;
    },
    async increment(name: string, ttl: number, limit: number) {
      if ((windows.get(name) ?? -1) <= now) {
        windows.set(name, now + ttl);
        hits.set(name, 0);
      }
      const totalHits = (hits.get(name) ?? 0) + 1;
      hits.set(name, totalHits);
      const timeToExpire = Math.max(1, Math.ceil((windows.get(name)! - now) / 1000));
      const isBlocked = totalHits > limit;
      return { totalHits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0 };
    },
  };
  return fake as unknown as DbThrottlerStorage & { hits: Map<string, number>; advance(ms: number): void };
}
