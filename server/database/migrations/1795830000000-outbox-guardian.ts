import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

// A parent's own messages (her reset link, 'your password was changed') name her account in the outbox, so that the
// office's Outbox can show whose they are, and show a kept reset link of hers to pass on as it does a family's
// (docs/product.md §10 The outbox). Messages queued before stay NULL: they read as before.

export class OutboxGuardian1795830000000 implements MigrationInterface {
  name = 'OutboxGuardian1795830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('outbox', new TableColumn({ name: 'guardian_id', type: 'int', isNullable: true }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('outbox', 'guardian_id');
  }
}
