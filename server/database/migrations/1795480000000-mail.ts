import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

// E-mail: the durable outbox, the once-only record of mailings the portal starts itself, password reset
// tokens (hashed), and an administrator's own e-mail address for a forgotten password.

export class Mail1795480000000 implements MigrationInterface {
  name = 'Mail1795480000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'outbox',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'kind', type: 'varchar', length: '30', isNullable: false },
          { name: 'to_address', type: 'varchar', length: '254', isNullable: false },
          { name: 'subject', type: 'varchar', length: '200', isNullable: false },
          { name: 'text_body', type: 'text', isNullable: false },
          { name: 'html_body', type: 'text', isNullable: false },
          { name: 'student_id', type: 'varchar', length: '20', isNullable: true },
          { name: 'dedupe_key', type: 'varchar', length: '160', isNullable: true },
          { name: 'status', type: 'varchar', length: '10', isNullable: false },
          { name: 'attempts', type: 'int', default: 0, isNullable: false },
          { name: 'next_attempt_at', type: 'varchar', length: '24', isNullable: true },
          { name: 'lease_owner', type: 'varchar', length: '40', isNullable: true },
          { name: 'lease_until', type: 'varchar', length: '24', isNullable: true },
          { name: 'last_error', type: 'varchar', length: '500', isNullable: true },
          { name: 'created_at', type: 'varchar', length: '24', isNullable: false },
          { name: 'queued_at', type: 'varchar', length: '24', isNullable: false },
          { name: 'sent_at', type: 'varchar', length: '24', isNullable: true },
          { name: 'updated_at', type: 'varchar', length: '24', isNullable: false },
        ],
      }),
    );
    await q.createIndex(
      'outbox',
      new TableIndex({ name: 'idx_outbox_due', columnNames: ['status', 'next_attempt_at'] }),
    );
    await q.createIndex('outbox', new TableIndex({ name: 'idx_outbox_dedupe', columnNames: ['dedupe_key'] }));
    await q.createTable(
      new Table({
        name: 'mail_runs',
        columns: [
          { name: 'run_key', type: 'varchar', length: '120', isPrimary: true },
          { name: 'created_at', type: 'varchar', length: '24', isNullable: false },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'password_reset_tokens',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'int', isNullable: false },
          { name: 'token_hash', type: 'varchar', length: '64', isNullable: false },
          { name: 'created_at', type: 'varchar', length: '24', isNullable: false },
          { name: 'expires_at', type: 'varchar', length: '24', isNullable: false },
          { name: 'used_at', type: 'varchar', length: '24', isNullable: true },
        ],
      }),
    );
    await q.createIndex(
      'password_reset_tokens',
      new TableIndex({ name: 'idx_password_reset_tokens_user', columnNames: ['user_id'] }),
    );
    await q.createIndex(
      'password_reset_tokens',
      new TableIndex({ name: 'UQ_password_reset_tokens_hash', columnNames: ['token_hash'], isUnique: true }),
    );
    await q.addColumn('users', new TableColumn({ name: 'email', type: 'varchar', length: '254', isNullable: true }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('users', 'email');
    await q.dropTable('password_reset_tokens');
    await q.dropTable('mail_runs');
    await q.dropTable('outbox');
  }
}
