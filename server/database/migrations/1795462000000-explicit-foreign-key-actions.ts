import { type MigrationInterface, type QueryRunner, TableForeignKey } from 'typeorm';

// Two foreign keys were created without one of their actions. SQLite records the missing action as
// NO ACTION; MariaDB records RESTRICT, which InnoDB enforces exactly like NO ACTION but which differs
// from what the entities declare. On MariaDB/MySQL they are re-created with the action spelled out,
// so that the database says what the entities say. Nothing changes in what either key allows.

const KEYS = [
  {
    table: 'student_files',
    name: 'FK_student_files_student',
    columnNames: ['student_id'],
    referencedTableName: 'students',
    onDelete: 'NO ACTION',
    onUpdate: 'CASCADE',
    before: { onDelete: undefined, onUpdate: 'CASCADE' },
  },
  {
    table: 'term_report_lines',
    name: 'FK_term_report_lines_report',
    columnNames: ['term_report_id'],
    referencedTableName: 'term_reports',
    onDelete: 'CASCADE',
    onUpdate: 'NO ACTION',
    before: { onDelete: 'CASCADE', onUpdate: undefined },
  },
];

export class ExplicitForeignKeyActions1795462000000 implements MigrationInterface {
  name = 'ExplicitForeignKeyActions1795462000000';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') return;
    for (const k of KEYS) {
      await q.dropForeignKey(k.table, k.name);
      await q.createForeignKey(k.table, foreignKey(k, k.onDelete, k.onUpdate));
    }
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') return;
    for (const k of KEYS) {
      await q.dropForeignKey(k.table, k.name);
      await q.createForeignKey(k.table, foreignKey(k, k.before.onDelete, k.before.onUpdate));
    }
  }
}

function foreignKey(k: (typeof KEYS)[number], onDelete?: string, onUpdate?: string): TableForeignKey {
  return new TableForeignKey({
    name: k.name,
    columnNames: k.columnNames,
    referencedTableName: k.referencedTableName,
    referencedColumnNames: ['id'],
    onDelete,
    onUpdate,
  });
}
