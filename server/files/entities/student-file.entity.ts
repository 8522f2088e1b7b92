import { Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { Student } from '../../students/entities/student.entity.js';

/** One version of an uploaded document; the current one of its type has replaced_at null. */
@Entity('student_files')
@Index('IDX_student_files_student_type', ['student_id', 'file_type', 'replaced_at'])
@Unique('UQ_student_files_stored_name', ['stored_name'])
export class StudentFile {
  @PrimaryGeneratedColumn() id: number;
  @ForeignKey(() => Student, { name: 'FK_student_files_student', onUpdate: 'CASCADE' })
  @Column({ type: 'varchar', length: 20 })
  student_id: string;
  @Column({ type: 'varchar', length: 30 }) file_type: string;
  /** the name the file had on the uploader's device (cleaned), shown to people */
  @Column({ type: 'varchar', length: 255 }) original_name: string;
  /** where the bytes are in the file storage: random, never derived from user input */
  @Column({ type: 'varchar', length: 100 }) stored_name: string;
  @Column({ type: 'varchar', length: 50 }) mime: string;
  @Column({ type: 'int' }) size: number;
  /** of the stored bytes */
  @Column({ type: 'varchar', length: 64 }) sha256: string;
  /**
   * JSON: the files received for this version in page order, each `{name, kind, size, sha256}` (a PDF
   * made from photos is none of them byte for byte). Null for versions stored before it was kept.
   */
  @Column({ type: 'text', nullable: true }) sources: string | null;
  @Column({ type: 'int', nullable: true }) uploaded_by_user_id: number | null;
  /** 'student:20260001' or 'admin:office' */
  @Column({ type: 'varchar', length: 400 }) uploaded_by: string;
  @Column({ type: 'varchar', length: 24 }) created_at: string;
  @Column({ type: 'varchar', length: 24, nullable: true }) replaced_at: string | null;
}
