import type { Readable } from 'node:stream';

/**
 * Where the bytes of uploaded documents live. The database keeps what a file is (student, type,
 * names, hash); the storage keeps only bytes under a name it chooses. LocalDiskStorage writes under
 * DATA_DIR/uploads; an object-storage implementation can replace it without touching the callers.
 */
export interface FileStorage {
  /**
   * Stores the bytes under a new random name and answers that name. All or nothing: when it fails,
   * or the process dies half way, no file exists under the name and nothing else was touched.
   */
  put(bytes: Buffer): Promise<string>;
  /** The bytes stored under a name put() answered (rejects when there is none). */
  open(storedName: string): Promise<Readable>;
  read(storedName: string): Promise<Buffer>;
  /** Removes a stored file (to undo a put whose database row was never written, or an orphan). */
  remove(storedName: string): Promise<void>;
  /** Every stored file: its name and when it was written (epoch ms). */
  list(): AsyncIterable<{ storedName: string; writtenAt: number }>;
  /**
   * Removes what unfinished puts left (a process killed while writing): those of no live process, whatever
   * their age, and any older than an age no write lasts. Answers how many went.
   */
  removeUnfinishedWrites(now?: number): Promise<number>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');
