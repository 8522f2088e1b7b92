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
  /** Removes a stored file (only to undo a put whose database row was never written). */
  remove(storedName: string): Promise<void>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');
