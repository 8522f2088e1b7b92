import type { DataSource } from 'typeorm';
import { isSqlite, outsideTransactions } from './write-transaction.js';

/**
 * After personal data was deleted (docs/product.md §12.4, docs/operations.md Retention): make the database files keep
 * no copy of it. SQLite overwrites deleted content with zeros as it goes (`secure_delete`, set on the connection:
 * connection-options.ts); the write-ahead log still holds the pages as they were before, so it is checkpointed into
 * the database and truncated to nothing. MariaDB's InnoDB only marks deleted rows and leaves freed space as it was:
 * each changed table is rebuilt (ALTER TABLE … FORCE: a copy of its live rows, the old file dropped; OPTIMIZE TABLE
 * would defragment in place instead when innodb_defragment is on). What InnoDB's logs and the binary log keep is
 * said in docs/operations.md.
 */
export async function rewriteFreedSpace(ds: DataSource, tables: readonly string[]): Promise<void> {
  await outsideTransactions(ds, async () => {
    if (isSqlite(ds)) {
      await ds.query('PRAGMA wal_checkpoint(TRUNCATE)');
      return;
    }
    for (const table of new Set(tables)) await ds.query(`ALTER TABLE ${ds.driver.escape(table)} FORCE`);
  });
}
