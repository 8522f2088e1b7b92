import type { DataSource } from 'typeorm';
import { isSqlite, outsideTransactions } from './write-transaction.js';

/**
 * After personal data was deleted (docs/product.md §12.4, docs/operations.md Retention): make the database files keep
 * no copy of it. SQLite overwrites deleted content with zeros as it goes (`secure_delete`, set on the connection:
 * connection-options.ts) and the file is rebuilt (VACUUM); the write-ahead log still holds the pages as they were
 * before, so it is checkpointed into the database and truncated to nothing. MariaDB's InnoDB only marks deleted
 * rows and leaves freed space as it was: each changed table is rebuilt (ALTER TABLE … FORCE: a copy of its live rows,
 * the old file dropped; OPTIMIZE TABLE would defragment in place instead when innodb_defragment is on). What
 * InnoDB's logs and the binary log keep is said in docs/operations.md.
 */
export async function rewriteFreedSpace(ds: DataSource, tables: readonly string[]): Promise<void> {
  await outsideTransactions(ds, async () => {
    if (isSqlite(ds)) {
      // VACUUM rebuilds the file from its live rows: space freed before secure_delete was on (a database older than
      // it, whose free pages may hold answers changed years ago) goes too. Then the log is emptied; a reader (a
      // backup under way) can hold it back, so the checkpoint is tried again, and a failure is thrown for the log.
      await ds.query('VACUUM');
      for (let attempt = 1; ; attempt++) {
        const [result] = (await ds.query('PRAGMA wal_checkpoint(TRUNCATE)')) as { busy: number }[];
        if (!result || Number(result.busy) === 0) return;
        if (attempt === 5) throw new Error('the write-ahead log could not be emptied: a reader kept it busy');
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
    for (const table of new Set(tables)) await ds.query(`ALTER TABLE ${ds.driver.escape(table)} FORCE`);
  });
}
