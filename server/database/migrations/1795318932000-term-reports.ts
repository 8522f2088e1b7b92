import { type MigrationInterface, type QueryRunner, Table, type TableColumnOptions } from 'typeorm';

// Term reports: one report per student, academic year (start year) and term with the class and form
// level she was in that term and the summary; one line per subject; one posting row per year and term.

const v = (name: string, length: number, nullable = true): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable: nullable,
});
const i = (name: string, nullable = true): TableColumnOptions => ({ name, type: 'int', isNullable: nullable });
const t = (name: string): TableColumnOptions => ({ name, type: 'text', isNullable: true });
const stamp = (name: string) => v(name, 24, false);
const autoId: TableColumnOptions = {
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
};

export class TermReports1795318932000 implements MigrationInterface {
  name = 'TermReports1795318932000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'term_reports',
        columns: [
          autoId,
          v('student_id', 20, false),
          i('year', false),
          i('term', false),
          v('class_id', 10, false),
          i('form_level', false),
          i('days_absent'),
          i('times_late'),
          v('conduct', 50),
          t('form_teacher_remarks'),
          t('principal_remarks'),
          v('next_term_begins', 10),
          stamp('created_at'),
          stamp('updated_at'),
        ],
        uniques: [{ name: 'UQ_term_reports_student_term', columnNames: ['student_id', 'year', 'term'] }],
        indices: [{ name: 'IDX_term_reports_class_term', columnNames: ['year', 'term', 'class_id'] }],
        foreignKeys: [
          {
            name: 'FK_term_reports_student',
            columnNames: ['student_id'],
            referencedTableName: 'students',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'CASCADE',
          },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'term_report_lines',
        columns: [
          autoId,
          i('term_report_id', false),
          i('position', false),
          v('subject', 60, false),
          // a mark out of 100 with at most one decimal, kept in tenths so both engines return the same integer
          i('mark_tenths'),
          v('grade', 5),
          v('comment', 500),
          v('teacher', 60),
        ],
        indices: [{ name: 'IDX_term_report_lines_report', columnNames: ['term_report_id'] }],
        foreignKeys: [
          {
            name: 'FK_term_report_lines_report',
            columnNames: ['term_report_id'],
            referencedTableName: 'term_reports',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'term_report_postings',
        columns: [
          { ...i('year', false), isPrimary: true },
          { ...i('term', false), isPrimary: true },
          { name: 'posted', type: 'int', isNullable: false, default: 0 },
          v('date_posted', 19),
          stamp('updated_at'),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('term_report_postings');
    await q.dropTable('term_report_lines');
    await q.dropTable('term_reports');
  }
}
