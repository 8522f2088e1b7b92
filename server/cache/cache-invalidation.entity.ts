import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One change that every instance must see (a sign-out, a password change, an unlink): the key of what
 * changed and when. Each instance reads the recent rows every quarter of a second and forgets what it
 * kept in memory under those keys (SharedCache). Rows older than an hour are deleted.
 */
@Entity('cache_invalidations')
export class CacheInvalidation {
  @PrimaryGeneratedColumn() id: number;
  /** `session:<sid>` or `account:<user id>` */
  @Column({ type: 'varchar', length: 200 }) cache_key: string;
  /** epoch milliseconds, by the clock of the instance that made the change */
  @Index('IDX_cache_invalidations_at')
  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } })
  at: number;
}
