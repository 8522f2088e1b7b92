import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { DEFAULT_TERMS_TEXT } from '../../../shared/terms.js';

// The school's terms and conditions of registration: one row per version of the text (every version
// is kept, the newest is current), starting with the default text as version 1. The student record
// gains which version she agreed to and when, written by the server when she agrees.
// Columns are added with plain ALTER TABLE, which SQLite and MariaDB both run in place: TypeORM's
// SQLite addColumn rebuilds the table, which would touch the rows that reference students.

export class TermsOfRegistration1795320000000 implements MigrationInterface {
  name = 'TermsOfRegistration1795320000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'terms_versions',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'text', type: 'text', isNullable: false },
          { name: 'created_at', type: 'varchar', length: '24', isNullable: false },
          { name: 'created_by', type: 'varchar', length: '80', isNullable: false },
        ],
      }),
    );
    await q.query('INSERT INTO terms_versions (text, created_at, created_by) VALUES (?, ?, ?)', [
      DEFAULT_TERMS_TEXT,
      new Date().toISOString(),
      'system',
    ]);
    await q.query('ALTER TABLE students ADD COLUMN terms_version INT NULL');
    await q.query('ALTER TABLE students ADD COLUMN terms_agreed_at VARCHAR(24) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE students DROP COLUMN terms_agreed_at');
    await q.query('ALTER TABLE students DROP COLUMN terms_version');
    await q.dropTable('terms_versions');
  }
}
