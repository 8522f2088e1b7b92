import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { hostname } from 'node:os';
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
const FOLDER = /^[0-9a-f]{2}$/;
const FILE = /^[0-9a-f]{32}$/;

/**
 * A temporary file of another host, or of no known writer (named before writers were), older than this is
 * a leftover: a put writes bytes already in memory, in seconds.
 */
export const UNFINISHED_WRITE_MS = 15 * 60_000;

/**
 * Who writes a temporary file: this host (as a file name may hold it), this process, and a token of this
 * start of it (a restarted container's process may get the same pid as the one killed).
 */
export interface Writer {
  host: string;
  pid: number;
  token: string;
}

export const THIS_WRITER: Writer = {
  host:
    hostname()
      .replace(/[^A-Za-z0-9-]/g, '')
      .slice(0, 40) || 'host',
  pid: process.pid,
  token: randomBytes(4).toString('hex'),
};

/** '.tmp-<id>-<host>.<pid>.<token>': the temporary file of a put, named after its writer. */
const TEMP_NAME = /^\.tmp-[0-9a-f]{32}-([A-Za-z0-9-]{1,40})\.(\d{1,10})\.([0-9a-f]{8})$/;

/** Whether a process of this host is running (signal 0 only asks). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // it exists, under another user
  }
}

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
    private readonly writer: Writer = THIS_WRITER,
    private readonly isAlive: (pid: number) => boolean = processAlive,
  ) {}

  async put(bytes: Buffer): Promise<string> {
    const id = randomBytes(16).toString('hex');
    const storedName = `${id.slice(0, 2)}/${id}`;
    const dir = path.join(this.root, id.slice(0, 2));
    const final = path.join(dir, id);
    const { host, pid, token } = this.writer;
    const temp = path.join(dir, `.tmp-${id}-${host}.${pid}.${token}`);
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
   * Removes the '.tmp-*' files a crash (kill -9, power loss) left half-written. Several instances may share
   * this folder, so a temporary file goes only when no live write can own it: one written by this process
   * before it started again (same host, same pid, another token), by a process of this host that is gone,
   * or, when its writer cannot be asked (another host, an older name), once it is older than
   * UNFINISHED_WRITE_MS. A temporary file of this process is its own write in progress. Answers how many went.
   */
  async removeUnfinishedWrites(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const dir of await this.folders()) {
      for (const name of (await readdirOrNone(dir)).filter((n) => n.startsWith('.tmp-'))) {
        const file = path.join(dir, name);
        try {
          const stat = await fsp.lstat(file);
          if (!stat.isFile() || !this.unfinished(name, now - stat.mtimeMs)) continue;
          await this.fs.rm(file, { force: true });
          removed++;
        } catch {
          // renamed into place or removed by another instance meanwhile
        }
      }
    }
    return removed;
  }

  private unfinished(tempName: string, ageMs: number): boolean {
    const owner = TEMP_NAME.exec(tempName);
    const me = this.writer;
    if (!owner || owner[1] !== me.host) return ageMs > UNFINISHED_WRITE_MS;
    const [pid, token] = [Number(owner[2]), owner[3]];
    if (pid === me.pid) return token !== me.token; // this process's own writes are in progress
    return !this.isAlive(pid) || ageMs > UNFINISHED_WRITE_MS;
  }

  async *list(): AsyncIterable<{ storedName: string; writtenAt: number }> {
    for (const dir of await this.folders()) {
      for (const name of (await readdirOrNone(dir)).filter((n) => FILE.test(n))) {
        const stat = await fsp.lstat(path.join(dir, name)).catch(() => null);
        if (stat?.isFile()) yield { storedName: `${path.basename(dir)}/${name}`, writtenAt: stat.mtimeMs };
      }
    }
  }

  /** The 256 folders files are spread over, those that exist. */
  private async folders(): Promise<string[]> {
    return (await readdirOrNone(this.root)).filter((f) => FOLDER.test(f)).map((f) => path.join(this.root, f));
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

/** The names in a folder; none when it does not exist (yet) or is not a folder. */
async function readdirOrNone(dir: string): Promise<string[]> {
  try {
    return await fsp.readdir(dir);
  } catch {
    return [];
  }
}
