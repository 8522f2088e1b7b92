import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityManager, LessThan, MoreThan } from 'typeorm';
import { IntervalJobs } from '../common/interval-jobs.js';
import { CacheInvalidation } from './cache-invalidation.entity.js';

/** How often each instance reads the changes made elsewhere. */
const POLL_MS = 250;
/**
 * Kept values are used only while the last read of changes began less than this long ago: a change made on
 * another instance applies here within this time, even when the database or this event loop is slow.
 */
export const CACHE_STALE_LIMIT_MS = 1000;
/** Every read looks back this far (by the writers' clocks), so a change committed late or by a clock a little
 * behind is still seen; each change is applied once. */
const LOOK_BACK_MS = 30_000;
const KEEP_ROWS_MS = 3_600_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const JOB = 'shared-cache-poll';

interface Entry<T> {
  value: T;
  at: number;
}

/**
 * Values read from the database, kept for a few seconds in this process (one region per kind: sessions,
 * accounts). Read with getOrLoad(key, load), or with get() and, after a miss, read the database and keep the value
 * with set(key, value, since), where `since` is `cache.generation` taken before that read: a change seen meanwhile
 * makes the value unsafe to keep, and it is not kept.
 */
export class CacheRegion<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly cache: SharedCache,
    readonly name: string,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): T | undefined {
    if (!this.cache.isFresh()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, since: number): void {
    if (since !== this.cache.generation) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, at: Date.now() });
  }

  /** The kept value, else `load()`'s (kept when it is not null and no change was seen while it was read). */
  async getOrLoad(key: string, load: () => Promise<T | null>): Promise<T | null> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const since = this.cache.generation;
    const value = await load();
    if (value !== null) this.set(key, value, since);
    return value;
  }

  /** Forgets one key, or every entry whose value matches. */
  forget(key: string): void {
    this.entries.delete(key);
  }

  forgetWhere(match: (value: T) => boolean): void {
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

type Invalidator = (key: string) => void;

/**
 * The in-process cache of sessions and accounts, and how a change reaches every instance (docs/design.md §7,
 * docs/operations.md, More than one instance): the instance that makes a change forgets the key at once and writes
 * it to `cache_invalidations` (in the change's own transaction when it has one); every instance reads the recent rows
 * every POLL_MS and forgets those keys. Nothing is served from memory when that read has not succeeded for
 * CACHE_STALE_LIMIT_MS, so a sign-out, a password change or an unlink applies everywhere within a second.
 * Owns the cache_invalidations table.
 */
@Injectable()
export class SharedCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('SharedCache');
  private readonly invalidators = new Map<string, Invalidator>();
  private readonly regions: CacheRegion<unknown>[] = [];
  /** Rows applied already (id → its time), so that each is applied once. */
  private readonly applied = new Map<number, number>();
  private lastReadStartedAt = 0;
  private polling = false;
  private lastPrune = 0;
  private failing = false;
  /** Grows with every change applied here: a value read before it may be stale. */
  generation = 0;

  constructor(
    private readonly ds: DataSource,
    private readonly jobs: IntervalJobs,
  ) {}

  /**
   * A region of kept values. `invalidate` handles a changed key of this kind (`<kind>:<id>`); by default the
   * region forgets `<id>`.
   */
  region<T>(kind: string, options: { ttlMs: number; maxEntries: number }): CacheRegion<T> {
    const region = new CacheRegion<T>(this, kind, options.ttlMs, options.maxEntries);
    this.regions.push(region as CacheRegion<unknown>);
    this.onInvalidate(kind, (id) => region.forget(id));
    return region;
  }

  /** Adds what a changed key of this kind means (e.g. an account's change also ends her kept sessions). */
  onInvalidate(kind: string, invalidate: Invalidator): void {
    const previous = this.invalidators.get(kind);
    this.invalidators.set(kind, previous ? (id) => (previous(id), invalidate(id)) : invalidate);
  }

  isFresh(): boolean {
    return Date.now() - this.lastReadStartedAt < CACHE_STALE_LIMIT_MS;
  }

  /**
   * A change every instance must see: forgotten here at once, and written for the others (inside the
   * caller's transaction when `m` is given, so it is seen with the change itself).
   */
  async publish(keys: string[], m?: EntityManager): Promise<void> {
    for (const key of keys) this.apply(key);
    const at = Date.now();
    await (m ?? this.ds.manager).insert(
      CacheInvalidation,
      keys.map((cache_key) => ({ cache_key, at })),
    );
  }

  /** Forgets everything kept (tests that change the database behind the service's back). */
  forgetAll(): void {
    this.generation += 1;
    for (const region of this.regions) region.clear();
  }

  onApplicationBootstrap(): void {
    // poll() records its own failures (isFresh turns false) and never throws.
    const poll = this.jobs.every(
      JOB,
      POLL_MS,
      () => this.poll(),
      () => undefined,
    );
    poll();
  }

  onApplicationShutdown(): void {
    this.jobs.stop(JOB);
  }

  private apply(key: string): void {
    this.generation += 1;
    const colon = key.indexOf(':');
    this.invalidators.get(key.slice(0, colon))?.(key.slice(colon + 1));
  }

  /** Reads the changes of the last LOOK_BACK_MS and applies those not applied yet. */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    const startedAt = Date.now();
    try {
      const rows = await this.ds.getRepository(CacheInvalidation).find({
        select: { id: true, cache_key: true, at: true },
        where: { at: MoreThan(startedAt - LOOK_BACK_MS) },
      });
      for (const row of rows) {
        if (this.applied.has(row.id)) continue;
        this.applied.set(row.id, row.at);
        this.apply(row.cache_key);
      }
      for (const [id, at] of this.applied) if (at < startedAt - 2 * LOOK_BACK_MS) this.applied.delete(id);
      this.lastReadStartedAt = startedAt;
      if (this.failing) this.log.log({ msg: 'reading cache invalidations again' });
      this.failing = false;
      if (startedAt - this.lastPrune > PRUNE_EVERY_MS) {
        this.lastPrune = startedAt;
        await this.ds.getRepository(CacheInvalidation).delete({ at: LessThan(startedAt - KEEP_ROWS_MS) });
      }
    } catch (e) {
      // Until a read succeeds again nothing is served from memory (isFresh): every request reads the database.
      if (!this.failing) this.log.warn({ msg: 'cannot read cache invalidations', error: (e as Error).message });
      this.failing = true;
    } finally {
      this.polling = false;
    }
  }
}
