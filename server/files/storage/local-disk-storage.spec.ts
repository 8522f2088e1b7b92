import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DiskOps, LocalDiskStorage } from './local-disk-storage.js';

const roots: string[] = [];
function root(): string {
  const r = mkdtempSync(path.join(tmpdir(), 'storage-spec-'));
  roots.push(r);
  return r;
}
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));

/** Every file under a folder, relative, hidden temporary files included. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('LocalDiskStorage', () => {
  it('stores bytes under a new random name and reads them back', async () => {
    const r = root();
    const s = new LocalDiskStorage(r);
    const a = await s.put(Buffer.from('first'));
    const b = await s.put(Buffer.from('second'));
    expect(a).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
    expect((await s.read(a)).toString()).toBe('first');
    expect(filesUnder(r)).toEqual([a, b].sort());
  });

  it('refuses names it did not make (no path tricks)', async () => {
    const s = new LocalDiskStorage(root());
    for (const name of ['../etc/passwd', 'ab/../../x', '/etc/passwd', 'ab/ABCDEF']) {
      await expect(s.read(name)).rejects.toThrow();
      await expect(s.open(name)).rejects.toThrow();
    }
  });

  it('leaves no file at all when the disk fills up half way through a write', async () => {
    const r = root();
    const kept = await new LocalDiskStorage(r).put(Buffer.from('the old file'));
    const fullDisk: DiskOps = {
      mkdir: fsp.mkdir,
      rename: fsp.rename,
      rm: fsp.rm,
      open: (async (file: string, flags: string, mode: number) => {
        const handle = await fsp.open(file, flags, mode);
        // writes half the bytes, then fails as a full disk does
        handle.writeFile = async (data: Buffer) => {
          await handle.write(data.subarray(0, data.length / 2));
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        };
        return handle;
      }) as DiskOps['open'],
    };
    await expect(new LocalDiskStorage(r, fullDisk).put(Buffer.alloc(4096, 1))).rejects.toThrow('ENOSPC');
    expect(filesUnder(r)).toEqual([kept]);
    expect((await new LocalDiskStorage(r).read(kept)).toString()).toBe('the old file');
  });

  it('leaves no file when the final rename fails', async () => {
    const r = root();
    const failingRename: DiskOps = {
      mkdir: fsp.mkdir,
      open: fsp.open,
      rm: fsp.rm,
      rename: async () => {
        throw new Error('EIO');
      },
    };
    await expect(new LocalDiskStorage(r, failingRename).put(Buffer.from('x'))).rejects.toThrow('EIO');
    expect(filesUnder(r)).toEqual([]);
  });
});
