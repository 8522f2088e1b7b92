import { Injectable } from '@nestjs/common';
import { Brackets, type EntityManager, In, MoreThanOrEqual } from 'typeorm';
import type { OutboxStatus } from '../../shared/mail.js';
import { Transactions } from '../database/transactions.js';
import { MailRun } from './entities/mail-run.entity.js';
import { OutboxMessage } from './entities/outbox-message.entity.js';

/** A new message's row, as OutboxService writes it. */
export type NewOutboxRow = Omit<OutboxMessage, 'id'>;

const INSERT_CHUNK = 200;

/**
 * The outbox and mail_runs tables' reads and writes. Methods that take an EntityManager run in the caller's
 * transaction (an optional one: outside any when it is not given).
 */
@Injectable()
export class OutboxRepository {
  constructor(private readonly tx: Transactions) {}

  private manager(m?: EntityManager): EntityManager {
    return m ?? this.tx.manager;
  }

  async insert(rows: NewOutboxRow[], m?: EntityManager): Promise<void> {
    const repo = this.manager(m).getRepository(OutboxMessage);
    for (let n = 0; n < rows.length; n += INSERT_CHUNK) await repo.insert(rows.slice(n, n + INSERT_CHUNK));
  }

  /** Of these stored dedupe keys, those of messages created at or after `since`. */
  async dedupeKeysSince(keys: string[], since: string, m?: EntityManager): Promise<string[]> {
    const repo = this.manager(m).getRepository(OutboxMessage);
    const found: string[] = [];
    for (let n = 0; n < keys.length; n += INSERT_CHUNK) {
      const rows = await repo.find({
        select: { dedupe_key: true },
        where: { dedupe_key: In(keys.slice(n, n + INSERT_CHUNK)), created_at: MoreThanOrEqual(since) },
      });
      for (const r of rows) if (r.dedupe_key) found.push(r.dedupe_key);
    }
    return found;
  }

  /**
   * Deletes every message about these students (student_id), queued, sent or kept; answers the deleted ids. In the
   * caller's transaction.
   */
  async deleteAbout(studentIds: readonly string[], m: EntityManager): Promise<number[]> {
    const ids: number[] = [];
    for (let n = 0; n < studentIds.length; n += INSERT_CHUNK) {
      const where = { student_id: In(studentIds.slice(n, n + INSERT_CHUNK)) };
      const rows = await m.getRepository(OutboxMessage).find({ select: { id: true }, where });
      ids.push(...rows.map((r) => r.id));
      await m.getRepository(OutboxMessage).delete(where);
    }
    return ids;
  }

  /** Inserts a once-only mailing's key; a unique violation when it is there already. */
  async insertRun(runKey: string, createdAt: string, m: EntityManager): Promise<void> {
    await m.getRepository(MailRun).insert({ run_key: runKey, created_at: createdAt });
  }

  runExists(runKey: string): Promise<boolean> {
    return this.tx.manager.getRepository(MailRun).existsBy({ run_key: runKey });
  }

  /** The newest messages, of one status or all; with `about`, only those about these students or guardians. */
  newest(
    status: OutboxStatus | undefined,
    limit: number,
    about?: { studentIds: string[]; guardianIds: number[] },
  ): Promise<OutboxMessage[]> {
    const qb = this.tx.manager.getRepository(OutboxMessage).createQueryBuilder('o').orderBy('o.id', 'DESC').take(limit);
    if (status) qb.andWhere('o.status = :status', { status });
    if (about) {
      const { studentIds, guardianIds } = about;
      qb.andWhere(
        new Brackets((w) => {
          if (studentIds.length) w.orWhere('o.student_id IN (:...studentIds)', { studentIds });
          if (guardianIds.length) w.orWhere('o.guardian_id IN (:...guardianIds)', { guardianIds });
        }),
      );
    }
    return qb.getMany();
  }

  findById(id: number, m?: EntityManager): Promise<OutboxMessage | null> {
    return this.manager(m).getRepository(OutboxMessage).findOneBy({ id });
  }

  /** Changes a message that has failed; false when it has not (or does not exist). */
  async updateFailed(id: number, changes: Partial<OutboxMessage>, m: EntityManager): Promise<boolean> {
    const result = await m
      .createQueryBuilder()
      .update(OutboxMessage)
      .set(changes)
      .where('id = :id AND status = :failed', { id, failed: 'failed' })
      .execute();
    return Boolean(result.affected);
  }

  /** The ids of up to `limit` queued messages due at `at` and not leased, the longest waiting first. */
  async dueIds(at: string, limit: number, m: EntityManager): Promise<number[]> {
    const due = await m
      .getRepository(OutboxMessage)
      .createQueryBuilder('o')
      .select('o.id', 'id')
      .where("o.status = 'queued' AND o.next_attempt_at <= :at", { at })
      .andWhere('(o.lease_until IS NULL OR o.lease_until < :at)', { at })
      .orderBy('o.next_attempt_at', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .limit(limit)
      .getRawMany<{ id: number }>();
    return due.map((d) => Number(d.id));
  }

  /** The claim: only one instance's UPDATE can find the row queued and unleased (or its lease run out) at `at`. */
  async lease(id: number, owner: string, leaseUntil: string, at: string, m: EntityManager): Promise<boolean> {
    const result = await m
      .createQueryBuilder()
      .update(OutboxMessage)
      .set({ lease_owner: owner, lease_until: leaseUntil })
      .where("id = :id AND status = 'queued' AND (lease_until IS NULL OR lease_until < :at)", { id, at })
      .execute();
    return Boolean(result.affected);
  }

  /** These messages, while `owner` holds their lease. */
  leasedBy(ids: number[], owner: string, m: EntityManager): Promise<OutboxMessage[]> {
    return m.getRepository(OutboxMessage).findBy(ids.map((id) => ({ id, lease_owner: owner })));
  }

  /** Records a try's outcome and lets the lease go; only while `owner` still holds it. */
  async finish(id: number, owner: string, changes: Partial<OutboxMessage>, m: EntityManager): Promise<void> {
    await m
      .createQueryBuilder()
      .update(OutboxMessage)
      .set({ ...changes, lease_owner: null, lease_until: null })
      .where('id = :id AND lease_owner = :me', { id, me: owner })
      .execute();
  }
}
