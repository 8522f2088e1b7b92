import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { schoolYearOfDate } from '../../shared/school-year.js';
import { type CacheRegion, SharedCache } from '../cache/shared-cache.js';
import { localDate } from '../common/time.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Clock } from '../config/clock.js';
import { SchoolYearRepository } from './school-year.repository.js';

const CACHE_KEY = 'school-year:1';

/**
 * The current school year by its start year (docs/product.md §12): the stored one once the school has rolled over,
 * before that the year of today's date (from SCHOOL_YEAR_START_MONTH on). Asked by many pages, so it is kept in
 * memory (SharedCache): a rollover or its undo applies on every instance within a second.
 */
@Injectable()
export class SchoolYearService {
  private readonly kept: CacheRegion<{ stored: number | null }>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly rows: SchoolYearRepository,
    private readonly cache: SharedCache,
  ) {
    this.kept = cache.region('school-year', { ttlMs: 30_000, maxEntries: 1 });
  }

  /** The current school year; in the caller's transaction (fresh, not from memory) when `m` is given. */
  async current(m?: EntityManager): Promise<number> {
    const stored = m
      ? await this.rows.find(m)
      : (await this.kept.getOrLoad('1', async () => ({ stored: await this.rows.find() })))!.stored;
    return stored ?? this.fromDate();
  }

  /**
   * The rollover stores the new year; the undo stores the old one back, even after a school's first rollover (the
   * date's year may have moved on since: docs/product.md §12.2).
   */
  async set(year: number, m: EntityManager): Promise<void> {
    await this.rows.store(year, this.clock.now().toISOString(), m);
    await this.cache.publish([CACHE_KEY], m);
  }

  private fromDate(): number {
    return schoolYearOfDate(localDate(this.clock.now(), this.config.timeZone), this.config.schoolYearStartMonth);
  }
}
