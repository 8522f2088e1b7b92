import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A mailing the portal starts by itself and must start once only, whichever instance gets there first
 * (the reminder before a deadline): its key is inserted in the transaction that queues it, and a second
 * insert of the same key fails.
 */
@Entity('mail_runs')
export class MailRun {
  @PrimaryColumn({ type: 'varchar', length: 120 }) run_key: string;
  @Column({ type: 'varchar', length: 24 }) created_at: string;
}
