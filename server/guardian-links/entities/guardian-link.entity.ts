import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A guardian account may act for this student (owned by GuardianLinksService). Made by accepting an invitation;
 * ended by the office (unlink), which also ends her sessions.
 */
@Entity('guardian_links')
@Index('UQ_guardian_links', ['guardian_user_id', 'student_id'], { unique: true })
@Index('idx_guardian_links_student', ['student_id'])
export class GuardianLink {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int' }) guardian_user_id: number;
  @Column({ type: 'varchar', length: 20 }) student_id: string;
  @Column({ type: 'varchar', length: 24 }) created_at: string;
  /** the actor who linked her (the guardian herself, accepting), as the audit trail names actors */
  @Column({ type: 'varchar', length: 400 }) created_by: string;
}
