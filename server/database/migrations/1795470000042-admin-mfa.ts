import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';

// Two-step sign-in for administrators: one row per administrator who set it up (the encrypted TOTP
// secret and the last time step used) and her single-use recovery codes, stored hashed.

export class AdminMfaHelperMfa1795470000042 implements MigrationInterface {
  name = 'AdminMfaHelperMfa1795470000042';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'admin_mfa',
        columns: [
          { name: 'user_id', type: 'int', isPrimary: true },
          { name: 'secret_enc', type: 'varchar', length: '200', isNullable: false },
          { name: 'enabled_at', type: 'varchar', length: '24', isNullable: true },
          { name: 'last_step', type: 'int', default: 0, isNullable: false },
          { name: 'created_at', type: 'varchar', length: '24', isNullable: false },
          { name: 'updated_at', type: 'varchar', length: '24', isNullable: false },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'admin_mfa_recovery_codes',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'int', isNullable: false },
          { name: 'code_hash', type: 'varchar', length: '64', isNullable: false },
          { name: 'used_at', type: 'varchar', length: '24', isNullable: true },
        ],
      }),
    );
    await q.createIndex(
      'admin_mfa_recovery_codes',
      new TableIndex({ name: 'idx_admin_mfa_recovery_user', columnNames: ['user_id'] }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('admin_mfa_recovery_codes');
    await q.dropTable('admin_mfa');
  }
}
