import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

// Uploads of photos: a stored version can be made from several received files (photos of the pages
// become one PDF), so each version records what was received, with each file's SHA-256, as JSON text.
// Older versions keep NULL: they were stored as received, and their own sha256 is that of the upload.

export class StudentFileSources1795451200000 implements MigrationInterface {
  name = 'StudentFileSources1795451200000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('student_files', new TableColumn({ name: 'sources', type: 'text', isNullable: true }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('student_files', 'sources');
  }
}
