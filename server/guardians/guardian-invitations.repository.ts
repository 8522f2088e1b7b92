import { Injectable } from '@nestjs/common';
import { type EntityManager, In, IsNull } from 'typeorm';
import { Transactions } from '../database/transactions.js';
import { GuardianInvitation } from './entities/guardian-invitation.entity.js';

/** A new invitation's row, as GuardianInvitationsService writes it. */
export type NewInvitation = Omit<GuardianInvitation, 'id'>;

/**
 * The guardian_invitations table's reads and writes. Methods that take an EntityManager run in the caller's
 * transaction; the others read outside any.
 */
@Injectable()
export class GuardianInvitationsRepository {
  constructor(private readonly tx: Transactions) {}

  /** Writes an invitation, replacing an unused one of the same student and address. */
  async replace(row: NewInvitation, m: EntityManager): Promise<void> {
    const repo = m.getRepository(GuardianInvitation);
    await repo.delete({ student_id: row.student_id, email: row.email, used_at: IsNull() });
    await repo.insert(row);
  }

  /** The unused invitations of these students that are valid at `now`, oldest first. */
  pending(studentIds: string[], now: string, m?: EntityManager): Promise<GuardianInvitation[]> {
    return (m ?? this.tx.manager)
      .getRepository(GuardianInvitation)
      .createQueryBuilder('i')
      .where('i.student_id IN (:...ids) AND i.used_at IS NULL AND i.expires_at > :now', { ids: studentIds, now })
      .orderBy('i.id', 'ASC')
      .getMany();
  }

  /** The ids and addresses of a student's unused invitations (valid or not). */
  unusedOf(studentId: string, m: EntityManager): Promise<Pick<GuardianInvitation, 'id' | 'email'>[]> {
    return m.getRepository(GuardianInvitation).find({
      select: { id: true, email: true },
      where: { student_id: studentId, used_at: IsNull() },
    });
  }

  /** Every invitation for these students, used or not (their personal data is deleted, docs/product.md §12.4). */
  async deleteAllOf(studentIds: readonly string[], m: EntityManager): Promise<void> {
    for (let n = 0; n < studentIds.length; n += 500)
      await m.getRepository(GuardianInvitation).delete({ student_id: In(studentIds.slice(n, n + 500)) });
  }

  async delete(ids: number[], m: EntityManager): Promise<void> {
    if (ids.length > 0) await m.getRepository(GuardianInvitation).delete({ id: In(ids) });
  }

  findByHash(tokenHash: string): Promise<GuardianInvitation | null> {
    return this.tx.manager.getRepository(GuardianInvitation).findOneBy({ token_hash: tokenHash });
  }

  /** Marks the invitation used at `now` when it is still unused and valid then; false when it was not. */
  async spend(id: number, now: string, m: EntityManager): Promise<boolean> {
    const used = await m
      .createQueryBuilder()
      .update(GuardianInvitation)
      .set({ used_at: now })
      .where('id = :id AND used_at IS NULL AND expires_at > :now', { id, now })
      .execute();
    return Boolean(used.affected);
  }
}
