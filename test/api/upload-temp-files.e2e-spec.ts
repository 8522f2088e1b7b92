import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentFile } from '../../shared/documents.js';
import { StorageSweep } from '../../server/files/storage-sweep.js';
import { THIS_WRITER } from '../../server/files/storage/local-disk-storage.js';
import { ApiClient, expectStatus, signedInStudent } from '../fixtures/api-client.js';
import { binary } from '../fixtures/binary.js';
import { SAMPLE_JPEG } from '../fixtures/files.js';
import { createStudent, startTestApp, type TestApp } from '../fixtures/test-app.js';

// Crash leftovers in the uploads folder: kill -9 during an upload leaves a half-written '.tmp-*' file, or stored
// bytes whose database row was never written. At start (and every hour) those no live upload can own are
// removed; several instances may share the folder, so another instance's write in progress stays.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await createStudent(t, { id: 'T100', password: 'Tmp-Files-Pass-1' });
});
afterAll(() => t.close());

async function signedIn(): Promise<ApiClient> {
  return signedInStudent(t, 'T100', 'Tmp-Files-Pass-1');
}

/** A pid no process has: one that has just exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

const id = (n: number) => n.toString(16).padStart(32, 'a');

/** Writes a file under uploads/ab/ with the given age in minutes, and answers its path. */
function leftover(name: string, minutesOld: number): string {
  const dir = path.join(t.config.uploadsDir, 'ab');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.alloc(1000, 1)); // half of a photo
  const at = new Date(Date.now() - minutesOld * 60_000);
  utimesSync(file, at, at);
  return file;
}

describe('files left by interrupted uploads', () => {
  it('are removed at start when no live upload owns them; writes in progress and stored files stay', async () => {
    const c = await signedIn();
    await expectStatus(c.storeFile('T100', 'picture', [{ bytes: SAMPLE_JPEG, name: 'me.jpg' }]), 200);
    const { host, pid } = THIS_WRITER;
    const gone = [
      // this host, a process killed a minute ago
      leftover(`.tmp-${id(1)}-${host}.${deadPid()}.0badf00d`, 1),
      // this host, this pid, another start (a restarted container's process gets the pid of the killed one)
      leftover(`.tmp-${id(2)}-${host}.${pid}.0badf00d`, 1),
      // another host's write 20 minutes old, and one named before writers were
      leftover(`.tmp-${id(3)}-otherhost.4242.12345678`, 20),
      leftover(`.tmp-${id(4)}-deadbeef`, 20),
      // stored bytes without a row, two hours old
      leftover(id(5), 120),
    ];
    const kept = [
      // a write in progress of another live process of this host (the test runner's parent)
      leftover(`.tmp-${id(6)}-${host}.${process.ppid}.12345678`, 1),
      // another host's write of a minute ago
      leftover(`.tmp-${id(7)}-otherhost.4242.12345678`, 1),
      // stored bytes without a row yet, ten minutes old: another instance may be recording them
      leftover(id(8), 10),
    ];

    await t.restart();

    expect(gone.filter((f) => existsSync(f))).toEqual([]);
    expect(kept.filter((f) => !existsSync(f))).toEqual([]);
    // The stored picture is untouched and still served.
    const again = await signedIn();
    const files = (await expectStatus(again.get('/api/get-files/T100'), 200)).body as DocumentFile[];
    const picture = files.find((f) => f.type === 'picture')!;
    const bytes = (await again.get(picture.url).buffer(true).parse(binary).expect(200)).body as Buffer;
    expect(bytes.equals(SAMPLE_JPEG)).toBe(true);
  });

  it('a sweep that would remove most stored files (a database not of this folder) removes nothing', async () => {
    const orphans = Array.from({ length: 12 }, (_, n) => leftover(id(100 + n), 120));
    expect(await t.app.get(StorageSweep).sweep()).toEqual({ unfinished: 0, orphans: 0 });
    expect(orphans.filter((f) => !existsSync(f))).toEqual([]);
  });
});
