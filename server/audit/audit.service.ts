import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { nowIso } from '../common/time.js';
import { actorLabel } from '../../shared/api-types.js';
import type { SessionUser } from '../common/session-user.js';
import { AuditEntry } from './entities/audit-entry.entity.js';

export interface AuditEvent {
  action: string;
  entity: string;
  entity_id?: string | null;
  field?: string | null;
  old_value?: unknown;
  new_value?: unknown;
}

function asText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The audit trail: who changed what, when, with old and new values. */
@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>) {}

  /** Records events; pass the transaction's manager so the trail commits with the change itself. */
  async record(actor: SessionUser | null, events: AuditEvent | AuditEvent[], manager?: EntityManager): Promise<void> {
    const list = Array.isArray(events) ? events : [events];
    if (list.length === 0) return;
    const at = nowIso();
    const rows = list.map((e) => ({
      created_at: at,
      actor_user_id: actor?.id ?? null,
      actor: actor ? actorLabel(actor) : 'system',
      action: e.action,
      entity: e.entity,
      entity_id: e.entity_id ?? null,
      field: e.field ?? null,
      old_value: asText(e.old_value),
      new_value: asText(e.new_value),
    }));
    const repo = manager ? manager.getRepository(AuditEntry) : this.entries;
    await repo.insert(rows);
  }

  /** Newest first; filtered by the student (or other entity id) concerned. */
  list(filter: { entity_id?: string; limit?: number; before_id?: number } = {}): Promise<AuditEntry[]> {
    const qb = this.entries
      .createQueryBuilder('a')
      .orderBy('a.id', 'DESC')
      .take(Math.min(filter.limit ?? 100, 500));
    if (filter.entity_id) qb.andWhere('a.entity_id = :entityId', { entityId: filter.entity_id });
    if (filter.before_id) qb.andWhere('a.id < :beforeId', { beforeId: filter.before_id });
    return qb.getMany();
  }
}
