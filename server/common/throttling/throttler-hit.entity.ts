import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

const epoch = { to: (v: number) => v, from: (v: string | number) => Number(v) };

/** One fixed window of a rate limit (e.g. sign-in attempts from one address), shared by every instance. */
@Entity('throttler_hits')
@Index('idx_throttler_hits_expires', ['expires_at'])
export class ThrottlerHit {
  @PrimaryColumn({ type: 'varchar', length: 160 }) throttle_key: string;
  @Column({ type: 'int', default: 0 }) hits: number;
  /** When the window ends (epoch ms); a hit after it starts a new window. */
  @Column({ type: 'bigint', default: 0, transformer: epoch }) expires_at: number;
}
