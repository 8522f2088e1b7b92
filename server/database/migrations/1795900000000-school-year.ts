import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

// The school year (docs/product.md §12): the stored year, each class's next class, each student's class in past
// years, what a rollover changed (to undo it exactly), a student's standing (current, graduated or left) with the
// date and reason she left (and when her personal data was deleted), how long a former student's data is kept, and
// audit entries whose values were scrubbed.

export class SchoolYear1795900000000 implements MigrationInterface {
  name = 'SchoolYear1795900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumns('students', [
      new TableColumn({ name: 'status', type: 'varchar', length: '10', isNullable: false, default: "'current'" }),
      new TableColumn({ name: 'left_on', type: 'varchar', length: '10', isNullable: true }),
      new TableColumn({ name: 'leaving_reason', type: 'varchar', length: '200', isNullable: true }),
      new TableColumn({ name: 'scrubbed_at', type: 'varchar', length: '24', isNullable: true }),
    ]);
    await q.createIndex('students', new TableIndex({ name: 'IDX_students_status', columnNames: ['status'] }));
    await q.addColumn('audit_log', new TableColumn({ name: 'scrubbed', type: 'int', isNullable: false, default: 0 }));
    await q.createTable(
      new Table({
        name: 'school_years',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'year', type: 'int', isNullable: false },
          { name: 'set_at', type: 'varchar', length: '24', isNullable: false },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'class_rules',
        columns: [
          { name: 'class_id', type: 'varchar', length: '10', isPrimary: true },
          { name: 'action', type: 'varchar', length: '10', isNullable: false },
          { name: 'next_class_id', type: 'varchar', length: '10', isNullable: true },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'student_classes',
        columns: [
          { name: 'student_id', type: 'varchar', length: '20', isPrimary: true },
          { name: 'year', type: 'int', isPrimary: true },
          { name: 'class_id', type: 'varchar', length: '10', isNullable: true },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'rollovers',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'from_year', type: 'int', isNullable: false },
          { name: 'to_year', type: 'int', isNullable: false },
          { name: 'rolled_at', type: 'varchar', length: '24', isNullable: false },
          { name: 'actor', type: 'varchar', length: '400', isNullable: false },
          { name: 'last_audit_id', type: 'int', isNullable: true },
          { name: 'registration_open_before', type: 'int', isNullable: false, default: 0 },
          { name: 'registration_deadline_before', type: 'varchar', length: '10', isNullable: true },
          { name: 'rules_before', type: 'text', isNullable: true },
          { name: 'classes_created', type: 'text', isNullable: true },
          { name: 'undone_at', type: 'varchar', length: '24', isNullable: true },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'rollover_students',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'rollover_id', type: 'int', isNullable: false },
          { name: 'student_id', type: 'varchar', length: '20', isNullable: false },
          { name: 'class_id', type: 'varchar', length: '10', isNullable: true },
          { name: 'status', type: 'varchar', length: '10', isNullable: false },
          { name: 'left_on', type: 'varchar', length: '10', isNullable: true },
          { name: 'leaving_reason', type: 'varchar', length: '200', isNullable: true },
        ],
        indices: [{ name: 'IDX_rollover_students_rollover', columnNames: ['rollover_id'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'retention_policy',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'years_after_leaving', type: 'int', isNullable: false },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['retention_policy', 'rollover_students', 'rollovers', 'student_classes', 'class_rules'])
      await q.dropTable(table);
    await q.dropTable('school_years');
    await q.dropColumn('audit_log', 'scrubbed');
    await q.dropIndex('students', 'IDX_students_status');
    await q.dropColumns('students', ['status', 'left_on', 'leaving_reason', 'scrubbed_at']);
  }
}
