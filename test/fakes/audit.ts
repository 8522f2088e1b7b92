import type { EntityManager } from 'typeorm';
import type { AuditEvent, AuditService } from '../../server/audit/audit.service.js';
import type { SessionUser } from '../../server/common/session-user.js';

/** One entry a fake AuditService kept: who acted, what, and whether it was written in the caller's transaction. */
export interface FakeAuditEntry {
  actor: SessionUser | null;
  event: AuditEvent;
  inTransaction: boolean;
}

/** An AuditService for unit specs: `recorded` keeps what was recorded, in order. */
export function fakeAudit(): AuditService & { recorded: FakeAuditEntry[]; actions(): string[] } {
  const recorded: FakeAuditEntry[] = [];
  const fake = {
    recorded,
    actions: () => recorded.map((e) => e.event.action),
    async record(actor: SessionUser | null, events: AuditEvent | AuditEvent[], manager?: EntityManager) {
      for (const event of Array.isArray(events) ? events : [events]) {
        recorded.push({ actor, event, inTransaction: manager !== undefined });
      }
    },
  };
  return fake as unknown as AuditService & { recorded: FakeAuditEntry[]; actions(): string[] };
}
