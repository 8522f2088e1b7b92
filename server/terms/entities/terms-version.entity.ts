import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One version of the school's terms and conditions of registration; the highest id is current. */
@Entity('terms_versions')
export class TermsVersion {
  /** the version number a student's record refers to */
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'text' }) text: string;
  @Column({ type: 'varchar', length: 24 }) created_at: string;
  /** 'admin:office', or 'system' for the default text */
  @Column({ type: 'varchar', length: 80 }) created_by: string;
}
