import { type MigrationInterface, type QueryRunner, Table, TableColumn } from 'typeorm';

// Report release under the school's control: a posting may wait for a release time and remembers when the
// families were told; a class may be posted by itself; a student's card may be held.

export class TermRelease1795490000000 implements MigrationInterface {
  name = 'TermRelease1795490000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumns('term_report_postings', [
      new TableColumn({ name: 'release_at', type: 'varchar', length: '24', isNullable: true }),
      new TableColumn({ name: 'notified_at', type: 'varchar', length: '24', isNullable: true }),
    ]);
    // Terms posted before this version were announced (or had nobody to tell): never again.
    await q.query('UPDATE term_report_postings SET notified_at = updated_at WHERE posted = 1');
    await q.createTable(
      new Table({
        name: 'term_report_class_postings',
        columns: [
          { name: 'year', type: 'int', isPrimary: true },
          { name: 'term', type: 'int', isPrimary: true },
          { name: 'class_id', type: 'varchar', length: '10', isPrimary: true },
          { name: 'posted', type: 'int', default: 0, isNullable: false },
          { name: 'date_posted', type: 'varchar', length: '19', isNullable: true },
          { name: 'release_at', type: 'varchar', length: '24', isNullable: true },
          { name: 'notified_at', type: 'varchar', length: '24', isNullable: true },
          { name: 'updated_at', type: 'varchar', length: '24', isNullable: false },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'term_report_holds',
        columns: [
          { name: 'student_id', type: 'varchar', length: '20', isPrimary: true },
          { name: 'year', type: 'int', isPrimary: true },
          { name: 'term', type: 'int', isPrimary: true },
          { name: 'reason', type: 'varchar', length: '200', isNullable: false },
          { name: 'held_by', type: 'varchar', length: '80', isNullable: false },
          { name: 'held_at', type: 'varchar', length: '24', isNullable: false },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('term_report_holds');
    await q.dropTable('term_report_class_postings');
    await q.dropColumn('term_report_postings', 'notified_at');
    await q.dropColumn('term_report_postings', 'release_at');
  }
}
