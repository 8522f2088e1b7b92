import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Longer keys are stored shortened (storedKey). */
export const DEDUPE_KEY_LENGTH = 160;
import type { MailKind, OutboxStatus } from '../../../shared/mail.js';

/**
 * One message to one address (owned by OutboxService). Written in the same transaction as what causes
 * it, so a message exists exactly when its cause committed; the sender delivers it later, on whichever
 * instance claims it first (a lease: `lease_owner` until `lease_until`).
 */
@Entity('outbox')
@Index('idx_outbox_due', ['status', 'next_attempt_at'])
@Index('idx_outbox_dedupe', ['dedupe_key'])
export class OutboxMessage {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 30 }) kind: MailKind;
  @Column({ type: 'varchar', length: 254 }) to_address: string;
  @Column({ type: 'varchar', length: 200 }) subject: string;
  @Column({ type: 'text' }) text_body: string;
  @Column({ type: 'text' }) html_body: string;
  /** The student the message is about (a family's notice), or null (an administrator's own mail). */
  @Column({ type: 'varchar', length: 20, nullable: true }) student_id: string | null;
  /** The guardian account a parent's own message is about (her reset link, her password changed), else null. */
  @Column({ type: 'int', nullable: true }) guardian_id: number | null;
  /** Set for messages that must not be queued twice within a while (report-card notices, reminders). */
  @Column({ type: 'varchar', length: DEDUPE_KEY_LENGTH, nullable: true }) dedupe_key: string | null;
  @Column({ type: 'varchar', length: 10 }) status: OutboxStatus;
  @Column({ type: 'int', default: 0 }) attempts: number;
  /** When a queued message may be tried (again); null once sent, failed or kept. */
  @Column({ type: 'varchar', length: 24, nullable: true }) next_attempt_at: string | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) lease_owner: string | null;
  @Column({ type: 'varchar', length: 24, nullable: true }) lease_until: string | null;
  @Column({ type: 'varchar', length: 500, nullable: true }) last_error: string | null;
  @Column({ type: 'varchar', length: 24 }) created_at: string;
  /** When it was last put in the queue (created, or sent again by an administrator): tries stop 24 h later. */
  @Column({ type: 'varchar', length: 24 }) queued_at: string;
  @Column({ type: 'varchar', length: 24, nullable: true }) sent_at: string | null;
  @Column({ type: 'varchar', length: 24 }) updated_at: string;
}
