import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

// Sessions and accounts are kept a few seconds in each instance's memory (server/cache); a change that must apply
// everywhere at once (a sign-out, a password change, an unlink) is written here, and every instance reads the recent
// rows four times a second.

export class CacheInvalidations1795600000000 implements MigrationInterface {
  name = 'CacheInvalidations1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'cache_invalidations',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'cache_key', type: 'varchar', length: '200', isNullable: false },
          { name: 'at', type: 'bigint', isNullable: false },
        ],
        indices: [{ name: 'IDX_cache_invalidations_at', columnNames: ['at'] }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('cache_invalidations');
  }
}
