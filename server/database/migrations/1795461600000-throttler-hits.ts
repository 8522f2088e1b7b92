import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';

// The per-address sign-in limit moves from each process's memory to the database, so that several
// instances share one count per address: one row per limited key and window.

export class ThrottlerHits1795461600000 implements MigrationInterface {
  name = 'ThrottlerHits1795461600000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'throttler_hits',
        columns: [
          { name: 'throttle_key', type: 'varchar', length: '160', isPrimary: true },
          { name: 'hits', type: 'int', default: 0, isNullable: false },
          { name: 'expires_at', type: 'bigint', default: 0, isNullable: false },
        ],
      }),
    );
    await q.createIndex(
      'throttler_hits',
      new TableIndex({ name: 'idx_throttler_hits_expires', columnNames: ['expires_at'] }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('throttler_hits');
  }
}
