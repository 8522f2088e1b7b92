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

/** A folder of stored files and the names its table gives them: what the sweep keeps it to. */
export interface SweptFolder {
  /** How the log names it. */
  name: string;
  storage: FileStorage;
  /** Every stored name a row holds. */
  storedNames: () => Promise<Iterable<string>>;
}

/**
 * Keeps each folder of stored files to what the database names (docs/product.md §5 Uploads), at start and every
 * hour: the uploads, and any folder another module adds (the kept forms' PDFs, registration-round). It removes the
 * temporary files of writes no live process owns (LocalDiskStorage.removeUnfinishedWrites), and stored files without
 * a row (a process killed between storing the bytes and recording them, a recording that failed) once older than
 * ORPHAN_GRACE_MS, so another instance's write in progress is never touched. A sweep that would remove more than half
 * of a folder's files (and more than 10) removes nothing there and says so: that is a database that does not belong
 * to this folder, not crash leftovers. So a minor's documents and forms stay on disk at most about two hours (the
 * grace and the sweep's hour) after their rows have gone, unless that rule keeps a whole folder and logs it.
 */
@Injectable()
export class StorageSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('StorageSweep');
  private readonly folders: SweptFolder[] = [];

  constructor(
    files: FilesService,
    @Inject(FILE_STORAGE) storage: FileStorage,
    private readonly jobs: IntervalJobs,
  ) {
    this.folders.push({ name: 'uploads', storage, storedNames: () => files.storedNames() });
  }

  /** Another folder to keep to its table (added while the modules are built, before the first sweep). */
  add(folder: SweptFolder): void {
    this.folders.push(folder);
  }

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

  /** One sweep of every folder; failures are logged, never thrown (the next sweep tries again). Answers the totals. */
  async sweep(now = Date.now()): Promise<{ unfinished: number; orphans: number }> {
    const total = { unfinished: 0, orphans: 0 };
    for (const folder of this.folders) {
      const done = { unfinished: 0, orphans: 0 };
      try {
        done.unfinished = await folder.storage.removeUnfinishedWrites(now);
        done.orphans = await this.removeOrphans(folder, now);
      } catch (e) {
        this.logger.error({ msg: 'stored files sweep failed', folder: folder.name, error: (e as Error).message });
      }
      if (done.unfinished + done.orphans > 0)
        this.logger.warn({ msg: 'removed files left by interrupted writes', folder: folder.name, ...done });
      total.unfinished += done.unfinished;
      total.orphans += done.orphans;
    }
    return total;
  }

  private async removeOrphans(folder: SweptFolder, now: number): Promise<number> {
    // The folder is listed before the rows are read: a file listed old enough had its row long before.
    const old: string[] = [];
    let stored = 0;
    for await (const f of folder.storage.list()) {
      stored++;
      if (now - f.writtenAt > ORPHAN_GRACE_MS) old.push(f.storedName);
    }
    if (old.length === 0) return 0;
    const named = new Set(await folder.storedNames());
    const orphans = old.filter((name) => !named.has(name));
    if (orphans.length > 10 && orphans.length > stored / 2) {
      this.logger.error({
        msg: 'most stored files have no database row: nothing removed (is this the right database?)',
        folder: folder.name,
        orphans: orphans.length,
        stored,
      });
      return 0;
    }
    for (const name of orphans) await folder.storage.remove(name);
    return orphans.length;
  }
}
