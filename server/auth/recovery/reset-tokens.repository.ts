import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In, IsNull } from 'typeorm';
import { PasswordResetToken } from './password-reset-token.entity.js';

/** A new reset link as stored: the hash of its token, never the token. */
export interface NewResetToken {
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/**
 * The way in to the password_reset_tokens table (its owner is auth/recovery). The writes belong to a larger change
 * and take the transaction's manager; spending a link is one conditional UPDATE, so two tabs cannot both use it.
 */
@Injectable()
export class ResetTokensRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  findByHash(tokenHash: string): Promise<PasswordResetToken | null> {
    return this.ds.getRepository(PasswordResetToken).findOneBy({ token_hash: tokenHash });
  }

  /** The account's new link; every earlier unused link of the account goes. */
  async replace(m: EntityManager, token: NewResetToken): Promise<void> {
    const tokens = m.getRepository(PasswordResetToken);
    await tokens.delete({ user_id: token.user_id, used_at: IsNull() });
    await tokens.insert({ ...token, used_at: null });
  }

  /** Every link of these accounts, used or not (docs/product.md §12.4), in the caller's transaction. */
  async deleteAllOf(userIds: readonly number[], m: EntityManager): Promise<void> {
    for (let n = 0; n < userIds.length; n += 500)
      await m.getRepository(PasswordResetToken).delete({ user_id: In(userIds.slice(n, n + 500)) });
  }

  /** Spends the link if it is unused and unexpired at `now`; false when it is not (used meanwhile, or expired). */
  async use(m: EntityManager, id: number, now: string): Promise<boolean> {
    const used = await m
      .createQueryBuilder()
      .update(PasswordResetToken)
      .set({ used_at: now })
      .where('id = :id AND used_at IS NULL AND expires_at > :now', { id, now })
      .execute();
    return !!used.affected;
  }
}
