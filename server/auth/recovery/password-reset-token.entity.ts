import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A link to set a new password (owned by PasswordRecoveryService). Only the SHA-256 of the random token is
 * kept, so the table cannot be used to reset anyone's password. Valid until `expires_at`, once, and only
 * while it is the account's newest and the password has not changed since it was made.
 */
@Entity('password_reset_tokens')
@Index('idx_password_reset_tokens_user', ['user_id'])
@Index('UQ_password_reset_tokens_hash', ['token_hash'], { unique: true })
export class PasswordResetToken {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int' }) user_id: number;
  @Column({ type: 'varchar', length: 64 }) token_hash: string;
  @Column({ type: 'varchar', length: 24 }) created_at: string;
  @Column({ type: 'varchar', length: 24 }) expires_at: string;
  @Column({ type: 'varchar', length: 24, nullable: true }) used_at: string | null;
}
