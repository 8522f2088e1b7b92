import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { IntervalJobs } from '../common/interval-jobs.js';
import { FilesService } from './files.service.js';
import { FILE_STORAGE, type FileStorage } from './storage/file-storage.js';

/**
 * A stored file no database row names is removed once it is older than this: a put and the transaction
 * that records it take seconds (a database lock waits 50 s at most), never an hour.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;
const JOB = 'storage-sweep';

/**
 * Keeps the uploads folder to what the database names (docs/product.md §5 Uploads), at start and every
 * hour: the temporary files of writes no live process owns (LocalDiskStorage.removeUnfinishedWrites), and
 * stored files without a row (a process killed between storing the bytes and recording them) once older
 * than ORPHAN_GRACE_MS, so another instance's upload in progress is never touched. A sweep that would
 * remove more than half of the files (and more than 10) removes nothing and says so: that is a database
 * that does not belong to this folder, not crash leftovers.
 */
@Injectable()
export class StorageSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('StorageSweep');

  constructor(
    private readonly files: FilesService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly jobs: IntervalJobs,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    // sweep() logs its own failures and never throws.
    this.jobs.every(
      JOB,
      SWEEP_EVERY_MS,
      () => this.sweep(),
      () => undefined,
    );
  }

  onModuleDestroy(): void {
    this.jobs.stop(JOB);
  }

  /** One sweep; failures are logged, never thrown (the next sweep tries again). */
  async sweep(now = Date.now()): Promise<{ unfinished: number; orphans: number }> {
    const done = { unfinished: 0, orphans: 0 };
    try {
      done.unfinished = await this.storage.removeUnfinishedWrites(now);
      done.orphans = await this.removeOrphans(now);
    } catch (e) {
      this.logger.error({ msg: 'uploads folder sweep failed', error: (e as Error).message });
    }
    if (done.unfinished + done.orphans > 0)
      this.logger.warn({ msg: 'removed files left by interrupted uploads', ...done });
    return done;
  }

  private async removeOrphans(now: number): Promise<number> {
    // The folder is listed before the rows are read: a file listed old enough had its row long before.
    const old: string[] = [];
    let stored = 0;
    for await (const f of this.storage.list()) {
      stored++;
      if (now - f.writtenAt > ORPHAN_GRACE_MS) old.push(f.storedName);
    }
    if (old.length === 0) return 0;
    const named = new Set(await this.files.storedNames());
    const orphans = old.filter((name) => !named.has(name));
    if (orphans.length > 10 && orphans.length > stored / 2) {
      this.logger.error({
        msg: 'most stored files have no database row: nothing removed (is this the right database?)',
        orphans: orphans.length,
        stored,
      });
      return 0;
    }
    for (const name of orphans) await this.storage.remove(name);
    return orphans.length;
  }
}
