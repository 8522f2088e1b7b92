import type { EntityManager } from 'typeorm';
import type { AuditEvent, AuditService } from '../../server/audit/audit.service.js';
import { actorLabel } from '../../shared/api-types.js';
import type { SessionUser } from '../../server/common/session-user.js';

/** One entry of the fake trail: the event, who made it, and whether it was written in a caller's transaction. */
export interface FakeAuditEntry extends AuditEvent {
  actor: string;
  inTransaction: boolean;
}

/** The audit trail in memory: `trail` holds what a service recorded, `oldValues` reads it back as the real one. */
export function fakeAudit(): AuditService & { trail: FakeAuditEntry[]; reads: unknown[][] } {
  const fake = {
    trail: [] as FakeAuditEntry[],
    reads: [] as unknown[][],
    async record(actor: SessionUser | null, events: AuditEvent | AuditEvent[], manager?: EntityManager) {
      for (const event of Array.isArray(events) ? events : [events])
        fake.trail.push({ ...event, actor: actor ? actorLabel(actor) : 'system', inTransaction: !!manager });
    },
    async recordRead(...args: unknown[]) {
      fake.reads.push(args);
    },
    async oldValues(filter: { action: string; entity_id: string; actorPrefix: string }) {
      return fake.trail
        .filter(
          (e) =>
            e.action === filter.action && e.entity_id === filter.entity_id && e.actor.startsWith(filter.actorPrefix),
        )
        .flatMap((e) => (typeof e.old_value === 'string' ? [e.old_value] : []));
    },
  };
  return fake as unknown as AuditService & { trail: FakeAuditEntry[]; reads: unknown[][] };
}
