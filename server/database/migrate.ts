import { open, rm, stat } from 'node:fs/promises';
import type { DataSource } from 'typeorm';

const LOCK = 'student_portal_migrations';

/**
 * Runs pending migrations. On MariaDB several instances may start at once, so the run holds a named
 * lock: one instance migrates, the others wait and then find nothing to do.
 */
export async function runMigrations(ds: DataSource): Promise<string[]> {
  if (ds.options.type !== 'mysql') {
    return withFileLock(`${String(ds.options.database)}.migrating`, async () =>
      (await ds.runMigrations({ transaction: 'each' })).map((m) => m.name),
    );
  }
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    const [{ got }] = (await runner.query('SELECT GET_LOCK(?, 120) AS got', [LOCK])) as { got: number }[];
    if (Number(got) !== 1) throw new Error('Timed out waiting for another instance to finish migrating the database.');
    return (await ds.runMigrations({ transaction: 'each' })).map((m) => m.name);
  } finally {
    await runner.query('SELECT RELEASE_LOCK(?)', [LOCK]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * SQLite has no named locks: processes starting together on one file take turns through a lock file
 * created exclusively. One left by a crashed process is broken after two minutes.
 */
async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await (await open(lockPath, 'wx')).close();
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const age = await stat(lockPath).then(
        (st) => Date.now() - st.mtimeMs,
        () => 0,
      );
      if (age > 120_000) await rm(lockPath, { force: true });
      else if (Date.now() > deadline)
        throw new Error(`Timed out waiting for another process to finish migrating (${lockPath}).`, { cause: e });
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockPath, { force: true });
  }
}
