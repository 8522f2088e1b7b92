import type { EntityManager } from 'typeorm';
import type { OutboxStatus } from '../../shared/mail.js';
import type { OutboxMessage } from '../../server/mail/entities/outbox-message.entity.js';
import type { NewOutboxRow, OutboxRepository } from '../../server/mail/outbox.repository.js';

type FakeOutboxRepository = OutboxRepository & { rows: OutboxMessage[]; runs: Set<string> };

/**
 * The outbox and mail_runs tables in memory, with the conditions of the real statements: a lease is taken only on a
 * queued message that is unleased or whose lease ran out, an outcome is written only under the writer's lease, a
 * failed message only is changed by `updateFailed`, and a run key is inserted once (a unique violation after).
 */
export function fakeOutboxRepository(): FakeOutboxRepository {
  const rows: OutboxMessage[] = [];
  const runs = new Set<string>();
  const byId = (id: number) => rows.find((r) => r.id === id);
  const fake = {
    rows,
    runs,
    async insert(newRows: NewOutboxRow[]) {
      for (const row of newRows) rows.push({ ...row, id: rows.length + 1 });
    },
    async dedupeKeysSince(keys: string[], since: string) {
      return rows
        .filter((r) => r.dedupe_key && keys.includes(r.dedupe_key) && r.created_at >= since)
        .map((r) => r.dedupe_key!);
    },
    async insertRun(runKey: string) {
      if (runs.has(runKey)) throw Object.assign(new Error('duplicate key'), { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
      runs.add(runKey);
    },
    async runExists(runKey: string) {
      return runs.has(runKey);
    },
    async newest(
      status: OutboxStatus | undefined,
      limit: number,
      about?: { studentIds: string[]; guardianIds: number[] },
    ) {
      return rows
        .filter((r) => !status || r.status === status)
        .filter(
          (r) =>
            !about ||
            (r.student_id !== null && about.studentIds.includes(r.student_id)) ||
            (r.guardian_id !== null && about.guardianIds.includes(r.guardian_id)),
        )
        .sort((a, b) => b.id - a.id)
        .slice(0, limit)
        .map((r) => ({ ...r }));
    },
    async findById(id: number) {
      const row = byId(id);
      return row ? { ...row } : null;
    },
    async updateFailed(id: number, changes: Partial<OutboxMessage>, m: EntityManager) {
      void m;
      const row = byId(id);
      if (!row || row.status !== 'failed') return false;
      Object.assign(row, changes);
      return true;
    },
    async dueIds(at: string, limit: number) {
      return rows
        .filter((r) => r.status === 'queued' && r.next_attempt_at !== null && r.next_attempt_at <= at)
        .filter((r) => r.lease_until === null || r.lease_until < at)
        .sort((a, b) => a.next_attempt_at!.localeCompare(b.next_attempt_at!) || a.id - b.id)
        .slice(0, limit)
        .map((r) => r.id);
    },
    async lease(id: number, owner: string, leaseUntil: string, at: string) {
      const row = byId(id);
      if (!row || row.status !== 'queued' || (row.lease_until !== null && row.lease_until >= at)) return false;
      Object.assign(row, { lease_owner: owner, lease_until: leaseUntil });
      return true;
    },
    async leasedBy(ids: number[], owner: string) {
      return rows.filter((r) => ids.includes(r.id) && r.lease_owner === owner).map((r) => ({ ...r }));
    },
    async finish(id: number, owner: string, changes: Partial<OutboxMessage>) {
      const row = byId(id);
      if (row && row.lease_owner === owner) Object.assign(row, changes, { lease_owner: null, lease_until: null });
    },
  };
  return fake as unknown as FakeOutboxRepository;
}
