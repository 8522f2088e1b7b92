import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, IsNull } from 'typeorm';
import { AdminMfa, AdminMfaRecoveryCode } from './admin-mfa.entity.js';

/** What a new set-up writes: the encrypted secret, waiting for its first code. */
export interface MfaSetupRow {
  user_id: number;
  secret_enc: string;
  created_at: string;
  updated_at: string;
}

/**
 * The way in to the admin_mfa and admin_mfa_recovery_codes tables (their owner is auth/mfa). The calls that belong
 * to a larger change take the transaction's manager; the one-row checks that must be atomic are conditional UPDATEs.
 */
@Injectable()
export class AdminMfaRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  find(userId: number): Promise<AdminMfa | null> {
    return this.ds.getRepository(AdminMfa).findOneBy({ user_id: userId });
  }

  /** A new secret, not yet on (replaces an unfinished set-up; the last step used starts again at 0). */
  async saveSetup(row: MfaSetupRow): Promise<void> {
    const rows = this.ds.getRepository(AdminMfa);
    await rows.save(rows.create({ ...row, enabled_at: null, last_step: 0 }));
  }

  async enable(userId: number, at: string): Promise<void> {
    await this.ds.getRepository(AdminMfa).update({ user_id: userId }, { enabled_at: at, updated_at: at });
  }

  /** Takes the time step if it is later than the last one used, in one conditional UPDATE; false when it is not. */
  async takeStep(userId: number, step: number, at: string): Promise<boolean> {
    const taken = await this.ds
      .createQueryBuilder()
      .update(AdminMfa)
      .set({ last_step: step, updated_at: at })
      .where('user_id = :id AND last_step < :step', { id: userId, step })
      .execute();
    return !!taken.affected;
  }

  unusedCodes(userId: number): Promise<number> {
    return this.ds.getRepository(AdminMfaRecoveryCode).countBy({ user_id: userId, used_at: IsNull() });
  }

  /** Marks an unused recovery code of the account used, in one conditional UPDATE; false when there is none. */
  async useCode(userId: number, codeHash: string, at: string): Promise<boolean> {
    const used = await this.ds
      .getRepository(AdminMfaRecoveryCode)
      .update({ user_id: userId, code_hash: codeHash, used_at: IsNull() }, { used_at: at });
    return !!used.affected;
  }

  /** The account's recovery codes become these (hashes), in the caller's transaction. */
  async replaceCodes(m: EntityManager, userId: number, codeHashes: string[]): Promise<void> {
    const codes = m.getRepository(AdminMfaRecoveryCode);
    await codes.delete({ user_id: userId });
    await codes.insert(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })));
  }

  /** Two-step sign-in off: the secret and the recovery codes go, in the caller's transaction. */
  async remove(m: EntityManager, userId: number): Promise<void> {
    await m.getRepository(AdminMfaRecoveryCode).delete({ user_id: userId });
    await m.getRepository(AdminMfa).delete({ user_id: userId });
  }
}
