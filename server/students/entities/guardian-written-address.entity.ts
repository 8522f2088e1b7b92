import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An address field of a student's record whose value a guardian account wrote (owned by AddressWriters,
 * docs/product.md §10 Forgotten password): a reset link never goes there. Removed when the student or the office
 * writes the field; no row means the student, the office or an import wrote it.
 */
@Entity('guardian_written_addresses')
@Index('UQ_guardian_written_addresses', ['student_id', 'field'], { unique: true })
export class GuardianWrittenAddress {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 20 }) student_id: string;
  /** email, email_mother, email_father or email_guardian */
  @Column({ type: 'varchar', length: 20 }) field: string;
  /** the guardian, as the audit trail names actors */
  @Column({ type: 'varchar', length: 400 }) written_by: string;
  @Column({ type: 'varchar', length: 24 }) written_at: string;
}
