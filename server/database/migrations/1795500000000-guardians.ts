import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

// Guardian accounts: a parent signs in with her e-mail address (kept in `username`, which grows to an address's
// length) and acts for the students she is linked to; invitations carry a hashed single-use token. The audit
// trail's actor and entity id, and a file's uploader, grow too: a guardian is named "guardian: name <email>". Going
// down shortens what guardians wrote there.

export class Guardians1795500000000 implements MigrationInterface {
  name = 'Guardians1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await widen(q, 'users', 'username', 254, true);
    await widen(q, 'audit_log', 'actor', 400, false);
    // A guardian's own entries (her account, her password) are about her address.
    await widen(q, 'audit_log', 'entity_id', 254, true);
    await widen(q, 'student_files', 'uploaded_by', 400, false);
    await q.createTable(
      new Table({
        name: 'guardian_links',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'guardian_user_id', type: 'int', isNullable: false },
          { name: 'student_id', type: 'varchar', length: '20', isNullable: false },
          { name: 'created_at', type: 'varchar', length: '24', isNullable: false },
          { name: 'created_by', type: 'varchar', length: '400', isNullable: false },
        ],
        indices: [
          { name: 'UQ_guardian_links', columnNames: ['guardian_user_id', 'student_id'], isUnique: true },
          { name: 'idx_guardian_links_student', columnNames: ['student_id'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'guardian_invitations',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'token_hash', type: 'varchar', length: '64', isNullable: false },
          { name: 'student_id', type: 'varchar', length: '20', isNullable: false },
          { name: 'email', type: 'varchar', length: '254', isNullable: false },
          { name: 'invited_by', type: 'varchar', length: '400', isNullable: false },
          { name: 'invited_by_user_id', type: 'int', isNullable: true },
          { name: 'created_at', type: 'varchar', length: '24', isNullable: false },
          { name: 'expires_at', type: 'varchar', length: '24', isNullable: false },
          { name: 'used_at', type: 'varchar', length: '24', isNullable: true },
        ],
      }),
    );
    await q.createIndex(
      'guardian_invitations',
      new TableIndex({ name: 'UQ_guardian_invitations_hash', columnNames: ['token_hash'], isUnique: true }),
    );
    await q.createIndex(
      'guardian_invitations',
      new TableIndex({ name: 'idx_guardian_invitations_student', columnNames: ['student_id'] }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('guardian_invitations');
    await q.dropTable('guardian_links');
    await q.query("DELETE FROM users WHERE role = 'guardian'");
    await q.query('UPDATE audit_log SET actor = SUBSTR(actor, 1, 80) WHERE LENGTH(actor) > 80');
    await q.query('UPDATE audit_log SET entity_id = SUBSTR(entity_id, 1, 40) WHERE LENGTH(entity_id) > 40');
    await widen(q, 'audit_log', 'entity_id', 40, true);
    await q.query('UPDATE student_files SET uploaded_by = SUBSTR(uploaded_by, 1, 80) WHERE LENGTH(uploaded_by) > 80');
    await widen(q, 'student_files', 'uploaded_by', 80, false);
    await widen(q, 'audit_log', 'actor', 80, false);
    await widen(q, 'users', 'username', 50, true);
  }
}

/**
 * A varchar column's new length. MariaDB keeps the column's indexes through MODIFY (TypeORM's changeColumn would
 * drop the unique index of users.username there); SQLite's changeColumn copies the table with its indexes.
 */
async function widen(q: QueryRunner, table: string, column: string, length: number, nullable: boolean): Promise<void> {
  if (q.connection.options.type === 'mariadb' || q.connection.options.type === 'mysql') {
    await q.query(`ALTER TABLE \`${table}\` MODIFY \`${column}\` varchar(${length}) ${nullable ? 'NULL' : 'NOT NULL'}`);
    return;
  }
  await q.changeColumn(
    table,
    column,
    new TableColumn({ name: column, type: 'varchar', length: String(length), isNullable: nullable }),
  );
}
