import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import * as fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStorage } from './file-storage.js';

/** The file-system calls the storage makes (a test may hand in failing ones to simulate a full disk). */
export interface DiskOps {
  mkdir: typeof fsp.mkdir;
  open: typeof fsp.open;
  rename: typeof fsp.rename;
  rm: typeof fsp.rm;
}

const REAL_OPS: DiskOps = { mkdir: fsp.mkdir, open: fsp.open, rename: fsp.rename, rm: fsp.rm };

/** 'ab/ab12…' (2 + 1 + 32 hex characters): the only shape of name this storage answers or accepts. */
const STORED_NAME = /^([0-9a-f]{2})\/[0-9a-f]{32}$/;

/**
 * Files on the local disk under `root` (DATA_DIR/uploads), spread over 256 folders by the first two
 * characters of a random name. A put writes a temporary file in the destination folder, flushes it
 * to disk (fsync), then renames it into place (atomic within a folder) and flushes the folder: a
 * crash leaves at most a '.tmp-*' file, never a half-written stored file. Nothing under `root` is
 * served statically; files are read only through the authorised download route.
 */
export class LocalDiskStorage implements FileStorage {
  constructor(
    private readonly root: string,
    private readonly fs: DiskOps = REAL_OPS,
  ) {}

  async put(bytes: Buffer): Promise<string> {
    const id = randomBytes(16).toString('hex');
    const storedName = `${id.slice(0, 2)}/${id}`;
    const dir = path.join(this.root, id.slice(0, 2));
    const final = path.join(dir, id);
    const temp = path.join(dir, `.tmp-${id}-${randomBytes(4).toString('hex')}`);
    await this.fs.mkdir(dir, { recursive: true, mode: 0o750 });
    try {
      const handle = await this.fs.open(temp, 'wx', 0o640);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await this.fs.rename(temp, final);
    } catch (e) {
      await this.fs.rm(temp, { force: true }).catch(() => undefined);
      throw e;
    }
    await this.syncDir(dir);
    return storedName;
  }

  /**
   * Removes the '.tmp-*' files a crash (kill -9, power loss) left half-written, once they are older
   * than `olderThanMs`: several instances may share this folder, and a younger one may be another
   * instance's write in progress (a write lasts seconds), so only old ones go. Answers how many went.
   */
  async removeStaleTemporaryFiles(olderThanMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    let folders: string[];
    try {
      folders = (await fsp.readdir(this.root)).filter((f) => /^[0-9a-f]{2}$/.test(f));
    } catch {
      return 0; // no uploads yet
    }
    for (const folder of folders) {
      const dir = path.join(this.root, folder);
      let names: string[];
      try {
        names = await fsp.readdir(dir);
      } catch {
        continue; // not a folder, or gone meanwhile
      }
      for (const name of names.filter((n) => n.startsWith('.tmp-'))) {
        const file = path.join(dir, name);
        try {
          const stat = await fsp.lstat(file);
          if (!stat.isFile() || now - stat.mtimeMs < olderThanMs) continue;
          await this.fs.rm(file, { force: true });
          removed++;
        } catch {
          // renamed into place or removed by another instance meanwhile
        }
      }
    }
    return removed;
  }

  async open(storedName: string): Promise<Readable> {
    const file = this.pathOf(storedName);
    await fsp.access(file);
    return createReadStream(file);
  }

  async read(storedName: string): Promise<Buffer> {
    return fsp.readFile(this.pathOf(storedName));
  }

  async remove(storedName: string): Promise<void> {
    await this.fs.rm(this.pathOf(storedName), { force: true });
  }

  private pathOf(storedName: string): string {
    if (!STORED_NAME.test(storedName)) throw new Error('not a stored file name');
    return path.join(this.root, storedName);
  }

  /** Makes the rename itself durable (the folder entry), where the platform allows it. */
  private async syncDir(dir: string): Promise<void> {
    try {
      const handle = await fsp.open(dir, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch {
      // some file systems refuse fsync on a directory; the data itself is already on disk
    }
  }
}
