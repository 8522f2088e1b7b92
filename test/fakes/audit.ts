import type { EntityManager } from 'typeorm';
import type { AuditEvent, AuditService } from '../../server/audit/audit.service.js';
import type { SessionUser } from '../../server/common/session-user.js';
import { actorLabel } from '../../shared/api-types.js';

/** One entry as recorded: who acted, what, and whether it was written in the caller's transaction. */
export interface FakeAuditEntry {
  actor: SessionUser | null;
  event: AuditEvent;
  inTransaction: boolean;
}

/** One entry of the trail as the real one stores it: the event, who made it (its label), and the transaction. */
export interface FakeTrailEntry extends AuditEvent {
  actor: string;
  inTransaction: boolean;
}

export type FakeAudit = AuditService & {
  /** What was recorded, in order, as the service passed it. */
  recorded: FakeAuditEntry[];
  /** The same, as the trail stores it (the actor's label, the event's fields at the top). */
  trail: FakeTrailEntry[];
  /** The reads recorded (recordRead's arguments). */
  reads: unknown[][];
  actions(): string[];
};

/** The audit trail in memory, for unit specs: `oldValues` reads it back as the real one does. */
export function fakeAudit(): FakeAudit {
  const recorded: FakeAuditEntry[] = [];
  const trail: FakeTrailEntry[] = [];
  const fake = {
    recorded,
    trail,
    reads: [] as unknown[][],
    actions: () => recorded.map((e) => e.event.action),
    async record(actor: SessionUser | null, events: AuditEvent | AuditEvent[], manager?: EntityManager) {
      for (const event of Array.isArray(events) ? events : [events]) {
        const inTransaction = manager !== undefined;
        recorded.push({ actor, event, inTransaction });
        trail.push({ ...event, actor: actor ? actorLabel(actor) : 'system', inTransaction });
      }
    },
    async recordRead(...args: unknown[]) {
      fake.reads.push(args);
    },
    async oldValues(filter: { action: string; entity_id: string; actorPrefix: string }) {
      return trail
        .filter(
          (e) =>
            e.action === filter.action && e.entity_id === filter.entity_id && e.actor.startsWith(filter.actorPrefix),
        )
        .flatMap((e) => (typeof e.old_value === 'string' ? [e.old_value] : []));
    },
  };
  return fake as unknown as FakeAudit;
}
