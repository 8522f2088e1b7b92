import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Longer keys are stored shortened (storedKey). */
export const THROTTLE_KEY_LENGTH = 160;

const epoch = { to: (v: number) => v, from: (v: string | number) => Number(v) };

/** One fixed window of a rate limit (e.g. sign-in attempts from one address), shared by every instance. */
@Entity('throttler_hits')
@Index('idx_throttler_hits_expires', ['expires_at'])
export class ThrottlerHit {
  @PrimaryColumn({ type: 'varchar', length: THROTTLE_KEY_LENGTH }) throttle_key: string;
  @Column({ type: 'int', default: 0 }) hits: number;
  /** When the window ends (epoch ms); a hit after it starts a new window. */
  @Column({ type: 'bigint', default: 0, transformer: epoch }) expires_at: number;
}
