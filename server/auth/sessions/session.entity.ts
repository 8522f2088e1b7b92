import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** express-session data, kept in the database so sessions survive restarts and span instances. */
@Entity('sessions')
export class SessionRow {
  @PrimaryColumn({ type: 'varchar', length: 128 }) sid: string;
  @Index('IDX_sessions_user') @Column({ type: 'int', nullable: true }) user_id: number | null;
  @Column({ type: 'text' }) sess: string;
  /** epoch milliseconds */
  @Index('IDX_sessions_expires')
  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } })
  expires_at: number;
}
