import { Column, Entity, PrimaryColumn } from 'typeorm';

// A school year's registration round (docs/product.md §13), owned by server/registration-round.

/**
 * A year's registration as it stood when its round closed (at the rollover): the record's answers and the documents
 * she had, never changed afterwards; and the form's PDF made from them once, with its SHA-256. The next year's round
 * of a returning student starts from it.
 */
@Entity('registration_archives')
export class RegistrationArchive {
  @PrimaryColumn({ type: 'varchar', length: 20 }) student_id: string;
  @PrimaryColumn({ type: 'int' }) year: number;
  /** JSON: the record's fields and terms stamp, by name */
  @Column({ type: 'text' }) answers: string;
  /** JSON: [{ type, file_id, name }] the current file of each document type */
  @Column({ type: 'text' }) documents: string;
  @Column({ type: 'varchar', length: 24 }) archived_at: string;
  /** where the PDF's bytes are in the file storage, once made */
  @Column({ type: 'varchar', length: 100, nullable: true }) pdf_stored_name: string | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) pdf_sha256: string | null;
}

/**
 * A step of a returning student's round confirmed as it stood, or changed (a save by her family), or one document slot
 * kept or replaced (`document:<type>`).
 */
@Entity('registration_round_marks')
export class RegistrationRoundMark {
  @PrimaryColumn({ type: 'varchar', length: 20 }) student_id: string;
  @PrimaryColumn({ type: 'int' }) year: number;
  @PrimaryColumn({ type: 'varchar', length: 40 }) item: string;
  @Column({ type: 'varchar', length: 10 }) state: 'confirmed' | 'changed';
  @Column({ type: 'varchar', length: 24 }) at: string;
}

/** The office has seen a student's changes of a year (a change after reviewed_at makes them unreviewed again). */
@Entity('registration_reviews')
export class RegistrationReview {
  @PrimaryColumn({ type: 'varchar', length: 20 }) student_id: string;
  @PrimaryColumn({ type: 'int' }) year: number;
  @Column({ type: 'varchar', length: 24 }) reviewed_at: string;
  @Column({ type: 'varchar', length: 400 }) reviewed_by: string;
}
