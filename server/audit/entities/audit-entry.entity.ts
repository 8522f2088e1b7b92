import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Who changed what and when: every change to a student's data, reset, import and posting. */
@Entity('audit_log')
export class AuditEntry {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 24 }) created_at: string;
  @Column({ type: 'int', nullable: true }) actor_user_id: number | null;
  /** 'student:20260001', 'admin:office' or 'guardian: Ann Lee <ann@example.org>' at the time of the change */
  @Column({ type: 'varchar', length: 400 }) actor: string;
  @Index('IDX_audit_action') @Column({ type: 'varchar', length: 40 }) action: string;
  @Column({ type: 'varchar', length: 40 }) entity: string;
  @Index('IDX_audit_entity_id') @Column({ type: 'varchar', length: 254, nullable: true }) entity_id: string | null;
  @Column({ type: 'varchar', length: 60, nullable: true }) field: string | null;
  @Column({ type: 'text', nullable: true }) old_value: string | null;
  @Column({ type: 'text', nullable: true }) new_value: string | null;
  /** 1 when a former student's data was scrubbed (docs/product.md §12): the entry stays, its values are gone */
  @Column({ type: 'int', default: 0 }) scrubbed: number;
}
