import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Longer keys are stored shortened (storedKey). */
export const LOGIN_KEY_LENGTH = 80;

const epoch = { to: (v: number) => v, from: (v: string | number) => Number(v) };

/**
 * Sign-in attempts not (yet) known to be right, per key: an attempted account name, known or not, so
 * that a locked account and an unknown one behave the same, or `device:<nonce>` for a browser holding a
 * device cookie. Counted before the password is checked (LoginThrottleService). Shared by every
 * instance through the database.
 */
@Entity('login_throttle')
export class LoginThrottle {
  @PrimaryColumn({ type: 'varchar', length: LOGIN_KEY_LENGTH }) login_key: string;
  @Column({ type: 'int', default: 0 }) failures: number;
  @Column({ type: 'int', default: 0 }) lockouts: number;
  @Column({ type: 'bigint', default: 0, transformer: epoch }) locked_until: number;
  @Column({ type: 'bigint', default: 0, transformer: epoch }) updated_at: number;
}
