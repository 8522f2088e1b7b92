import { type MigrationInterface, type QueryRunner, Table, type TableColumnOptions } from 'typeorm';

// Uploaded documents: one row per version ever received (nothing a student sent is lost). The current
// file of a type is the row with replaced_at NULL; a resubmission sets replaced_at on the old row.
// The bytes live in the file storage (DATA_DIR/uploads) under stored_name, a random name.

const v = (name: string, length: number, nullable = false): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable: nullable,
});

export class StudentFiles1795319000000 implements MigrationInterface {
  name = 'StudentFiles1795319000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'student_files',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          v('student_id', 20),
          v('file_type', 30),
          v('original_name', 255),
          v('stored_name', 100),
          v('mime', 50),
          { name: 'size', type: 'int', isNullable: false },
          v('sha256', 64),
          { name: 'uploaded_by_user_id', type: 'int', isNullable: true },
          v('uploaded_by', 80),
          v('created_at', 24),
          v('replaced_at', 24, true),
        ],
        uniques: [{ name: 'UQ_student_files_stored_name', columnNames: ['stored_name'] }],
        indices: [{ name: 'IDX_student_files_student_type', columnNames: ['student_id', 'file_type', 'replaced_at'] }],
        foreignKeys: [
          {
            name: 'FK_student_files_student',
            columnNames: ['student_id'],
            referencedTableName: 'students',
            referencedColumnNames: ['id'],
            onUpdate: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('student_files');
  }
}
