import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

// Which address fields of a record a guardian account wrote: a student's reset link never goes there
// (docs/product.md §10). Records saved before this table existed are read from the audit trail: a field whose latest
// change was a guardian's is marked; every other address stays trusted (the student, the office or an import wrote it).

export class GuardianWrittenAddresses1795700000000 implements MigrationInterface {
  name = 'GuardianWrittenAddresses1795700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'guardian_written_addresses',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'student_id', type: 'varchar', length: '20', isNullable: false },
          { name: 'field', type: 'varchar', length: '20', isNullable: false },
          { name: 'written_by', type: 'varchar', length: '400', isNullable: false },
          { name: 'written_at', type: 'varchar', length: '24', isNullable: false },
        ],
        indices: [{ name: 'UQ_guardian_written_addresses', columnNames: ['student_id', 'field'], isUnique: true }],
      }),
    );
    // The latest audit entry of each student's address field; marked when a guardian made it.
    await q.query(
      `INSERT INTO guardian_written_addresses (student_id, field, written_by, written_at)
       SELECT s.id, a.field, a.actor, a.created_at
       FROM audit_log a JOIN students s ON s.id = a.entity_id
       WHERE a.action = 'student.updated'
         AND a.field IN ('email', 'email_mother', 'email_father', 'email_guardian')
         AND a.actor LIKE 'guardian:%'
         AND a.id = (SELECT MAX(b.id) FROM audit_log b
                     WHERE b.action = 'student.updated' AND b.entity_id = a.entity_id AND b.field = a.field)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('guardian_written_addresses');
  }
}
