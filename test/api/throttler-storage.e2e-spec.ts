import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbThrottlerStorage } from '../../server/common/throttling/db-throttler-storage.js';
import { ThrottlerHit } from '../../server/common/throttling/throttler-hit.entity.js';
import { startTestApp, type TestApp } from '../fixtures/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the database throttler store', () => {
  it('counts hits arriving at once without losing any, and refuses past the limit until the window ends', async () => {
    const storage = new DbThrottlerStorage(t.ds);
    const records = await Promise.all(Array.from({ length: 30 }, () => storage.increment('t:once', 60_000, 20)));
    expect(records.map((r) => r.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n + 1));
    for (const r of records) {
      expect(r.isBlocked).toBe(r.totalHits > 20);
      expect(r.timeToExpire).toBeGreaterThan(30); // a 60 s window, less the time 30 writes took on a busy machine
      expect(r.timeToExpire).toBeLessThanOrEqual(60);
      expect(r.timeToBlockExpire).toBe(r.isBlocked ? r.timeToExpire : 0);
    }
  });

  it('never answers more time left than the whole window, when another hit opened it a moment later', async () => {
    // Two hits read the clock a few ms apart; the later one opened the window, so it ends after this hit's now + ttl.
    await t.ds.getRepository(ThrottlerHit).insert({ throttle_key: 't:late', hits: 1, expires_at: Date.now() + 60_900 });
    const record = await new DbThrottlerStorage(t.ds).increment('t:late', 60_000, 20);
    expect(record).toMatchObject({ totalHits: 2, timeToExpire: 60 });
  });

  it('starts a new window once the last one has ended', async () => {
    const storage = new DbThrottlerStorage(t.ds);
    for (let n = 0; n < 3; n++) await storage.increment('t:window', 60_000, 2);
    await t.ds.getRepository(ThrottlerHit).update({ throttle_key: 't:window' }, { expires_at: Date.now() - 1 });
    const next = await storage.increment('t:window', 60_000, 2);
    expect(next).toMatchObject({ totalHits: 1, isBlocked: false, timeToBlockExpire: 0 });
    const other = await storage.increment('t:other', 60_000, 2);
    expect(other.totalHits).toBe(1);
  });
});
