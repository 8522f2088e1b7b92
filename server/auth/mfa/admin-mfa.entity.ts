import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An administrator's two-step sign-in (owned by auth/mfa: AdminMfaRepository, for MfaService). The TOTP secret is
 * stored encrypted (AES-256-GCM, key derived from SESSION_SECRET) and is never sent again after the set-up.
 * `enabled_at` is null while the set-up waits for its first code.
 */
@Entity('admin_mfa')
export class AdminMfa {
  @PrimaryColumn({ type: 'int' }) user_id: number;
  @Column({ type: 'varchar', length: 200 }) secret_enc: string;
  @Column({ type: 'varchar', length: 24, nullable: true }) enabled_at: string | null;
  /** The RFC 6238 time step of the last code accepted: a code of this step or earlier is refused. */
  @Column({ type: 'int', default: 0 }) last_step: number;
  @Column({ type: 'varchar', length: 24 }) created_at: string;
  @Column({ type: 'varchar', length: 24 }) updated_at: string;
}

/** A single-use recovery code, stored as the SHA-256 of the code (50 random bits each). */
@Entity('admin_mfa_recovery_codes')
@Index('idx_admin_mfa_recovery_user', ['user_id'])
export class AdminMfaRecoveryCode {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int' }) user_id: number;
  @Column({ type: 'varchar', length: 64 }) code_hash: string;
  @Column({ type: 'varchar', length: 24, nullable: true }) used_at: string | null;
}
