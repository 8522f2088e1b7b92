import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';

// A school year's registration round (docs/product.md §13): each year's registration kept when its round closes, the
// steps a returning family confirmed or changed, and the office's review of her changes.

export class RegistrationRound1796000000000 implements MigrationInterface {
  name = 'RegistrationRound1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'registration_archives',
        columns: [
          { name: 'student_id', type: 'varchar', length: '20', isPrimary: true },
          { name: 'year', type: 'int', isPrimary: true },
          { name: 'answers', type: 'text', isNullable: false },
          { name: 'documents', type: 'text', isNullable: false },
          { name: 'archived_at', type: 'varchar', length: '24', isNullable: false },
          { name: 'pdf_stored_name', type: 'varchar', length: '100', isNullable: true },
          { name: 'pdf_sha256', type: 'varchar', length: '64', isNullable: true },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'registration_round_marks',
        columns: [
          { name: 'student_id', type: 'varchar', length: '20', isPrimary: true },
          { name: 'year', type: 'int', isPrimary: true },
          { name: 'item', type: 'varchar', length: '40', isPrimary: true },
          { name: 'state', type: 'varchar', length: '10', isNullable: false },
          { name: 'at', type: 'varchar', length: '24', isNullable: false },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'registration_reviews',
        columns: [
          { name: 'student_id', type: 'varchar', length: '20', isPrimary: true },
          { name: 'year', type: 'int', isPrimary: true },
          { name: 'reviewed_at', type: 'varchar', length: '24', isNullable: false },
          { name: 'reviewed_by', type: 'varchar', length: '400', isNullable: false },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['registration_reviews', 'registration_round_marks', 'registration_archives'])
      await q.dropTable(table);
  }
}
