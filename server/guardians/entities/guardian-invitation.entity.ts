import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An invitation to link a guardian account to a student (owned by GuardianInvitationsService). Only the SHA-256
 * of the e-mailed random token is kept. Valid until `expires_at`, once; a newer invitation of the same student
 * to the same address replaces it.
 */
@Entity('guardian_invitations')
@Index('UQ_guardian_invitations_hash', ['token_hash'], { unique: true })
@Index('idx_guardian_invitations_student', ['student_id'])
export class GuardianInvitation {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 64 }) token_hash: string;
  @Column({ type: 'varchar', length: 20 }) student_id: string;
  /** lower case */
  @Column({ type: 'varchar', length: 254 }) email: string;
  @Column({ type: 'varchar', length: 400 }) invited_by: string;
  /** a student's own invitations are counted against her daily allowance */
  @Column({ type: 'int', nullable: true }) invited_by_user_id: number | null;
  @Column({ type: 'varchar', length: 24 }) created_at: string;
  @Column({ type: 'varchar', length: 24 }) expires_at: string;
  @Column({ type: 'varchar', length: 24, nullable: true }) used_at: string | null;
}
