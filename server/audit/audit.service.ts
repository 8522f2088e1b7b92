import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  Brackets,
  type EntityManager,
  type FindOptionsWhere,
  In,
  Like,
  MoreThanOrEqual,
  type Repository,
} from 'typeorm';
import { nowIso } from '../common/time.js';
import { chunks } from '../common/chunks.js';
import { actorLabel, READ_AUDIT_LABELS, type ReadAuditKind } from '../../shared/api-types.js';
import type { SessionUser } from '../common/session-user.js';
import { PreparedStatements } from '../database/prepared.js';
import { SAVE_ACTIONS } from './audit-actions.js';
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

/**
 * Repeated reads of the same thing of the same student by the same administrator within this window
 * leave one `read` entry, not one per request (a registration step or the documents list is fetched
 * again on every focus and step change). Exports are never merged.
 */
export const READ_AUDIT_WINDOW_MS = 10 * 60_000;

/** The columns an entry is written with (the id and `scrubbed` take their defaults). */
const WRITTEN_COLUMNS = [
  'created_at',
  'actor_user_id',
  'actor',
  'action',
  'entity',
  'entity_id',
  'field',
  'old_value',
  'new_value',
] as const;
const VALUES_ROW = `(${WRITTEN_COLUMNS.map(() => '?').join(', ')})`;
/** Entries per INSERT: nine values each, well within SQLite's bound-parameter limit and MariaDB's packet. */
const ENTRIES_PER_INSERT = 100;

/** The entities whose `entity_id` is a student's id: her part of the trail (subject-access export). */
const STUDENT_ENTITIES = ['student', 'user', 'term_report'];

/** The audit trail: who changed what, when, with old and new values; and who read a student's data. */
@Injectable()
export class AuditService {
  constructor(
    @InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>,
    private readonly prepared: PreparedStatements,
  ) {}

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
    // Prepared INSERTs of up to ENTRIES_PER_INSERT rows: every save writes at least one entry, and TypeORM's insert
    // builder cost more than the write (and read every row back for its defaults unless told not to).
    for (const part of chunks(rows, ENTRIES_PER_INSERT))
      await this.prepared.run(
        `INSERT INTO audit_log (${WRITTEN_COLUMNS.join(', ')}) VALUES ${part.map(() => VALUES_ROW).join(', ')}`,
        part.flatMap((row) => WRITTEN_COLUMNS.map((c) => row[c])),
        manager,
        part.length === 1 ? 'fixed' : 'varies',
      );
  }

  /**
   * An administrator read a student's data: a `read` entry (field = what was read, new_value = what the
   * history shows, e.g. "Viewed record"). Students reading their own data leave none. Awaited by the
   * route before it answers, so a failed write fails the read (500): no administrator sees a minor's
   * data without the trail saying so. An identical read by the same administrator within
   * READ_AUDIT_WINDOW_MS is not written again.
   */
  async recordRead(actor: SessionUser, studentId: string, kind: ReadAuditKind, detail?: string): Promise<void> {
    if (actor.role !== 'admin') return;
    const label = detail ? `${READ_AUDIT_LABELS[kind]}: ${detail}` : READ_AUDIT_LABELS[kind];
    if (kind !== 'export') {
      const since = new Date(Date.now() - READ_AUDIT_WINDOW_MS).toISOString();
      const recent = await this.entries.findOne({
        select: { id: true },
        where: {
          action: 'read',
          entity_id: studentId,
          actor_user_id: actor.id,
          field: kind,
          new_value: label,
          created_at: MoreThanOrEqual(since),
        },
      });
      if (recent) return;
    }
    await this.record(actor, {
      action: 'read',
      entity: 'student',
      entity_id: studentId,
      field: kind,
      new_value: label,
    });
  }

  /**
   * The old values of the entries of one action about one entity made by one kind of actor, e.g. the addresses the
   * office (`admin:`) unlinked from a student.
   */
  async oldValues(filter: {
    action: string;
    entity_id: string;
    actorPrefix: 'admin:' | 'student:';
  }): Promise<string[]> {
    const rows = await this.entries.find({
      select: { old_value: true },
      where: { action: filter.action, entity_id: filter.entity_id, actor: Like(`${filter.actorPrefix}%`) },
    });
    return rows.flatMap((r) => (r.old_value === null ? [] : [r.old_value]));
  }

  /** The newest entry's id the transaction sees (the rollover keeps it, read last: docs/product.md §12.2). */
  async lastId(manager: EntityManager): Promise<number | null> {
    const row = await manager
      .getRepository(AuditEntry)
      .createQueryBuilder('a')
      .select('MAX(a.id)', 'last')
      .getRawOne<{ last: number | string | null }>();
    return row?.last === null || row?.last === undefined ? null : Number(row.last);
  }

  /**
   * Whether a save of the school's data (SAVE_ACTIONS: not a read, a mail, a link asked for, a sign-in matter) was
   * recorded since a rollover (docs/product.md §12.2): any after its last entry (`afterId`, null: none before it), and
   * any written while it ran (`since`, when it began) other than its own actions (`own`). The second rule is there
   * because an entry's id is given when it is written, not when it commits: a save overlapping the rollover may hold a
   * lower id than the rollover's last and commit after it.
   */
  async savedSinceRollover(
    rollover: { afterId: number | null; since: string; own: readonly string[] },
    manager: EntityManager,
  ): Promise<boolean> {
    const found = await manager
      .getRepository(AuditEntry)
      .createQueryBuilder('a')
      .select('a.id')
      .where('a.action IN (:...saves)', { saves: SAVE_ACTIONS })
      .andWhere(
        new Brackets((qb) =>
          qb
            .where('a.id > :afterId', { afterId: rollover.afterId ?? 0 })
            .orWhere('(a.created_at >= :since AND a.action NOT IN (:...own))', {
              since: rollover.since,
              own: rollover.own,
            }),
        ),
      )
      .limit(1)
      .getRawOne();
    return found !== undefined && found !== null;
  }

  /**
   * How many entries of each of `actions` were written from `since` up to entry `upToId` (a rollover's own entries:
   * only the rollover writes its actions, and its last entry is `upToId`).
   */
  async countActions(
    range: { actions: readonly string[]; since: string; upToId: number | null },
    manager: EntityManager,
  ): Promise<Record<string, number>> {
    const rows = await manager
      .getRepository(AuditEntry)
      .createQueryBuilder('a')
      .select('a.action', 'action')
      .addSelect('COUNT(*)', 'n')
      .where('a.action IN (:...actions)', { actions: range.actions })
      .andWhere('a.created_at >= :since', { since: range.since })
      .andWhere('a.id <= :upToId', { upToId: range.upToId ?? 0 })
      .groupBy('a.action')
      .getRawMany<{ action: string; n: number | string }>();
    return Object.fromEntries(rows.map((r) => [r.action, Number(r.n)]));
  }

  /**
   * Her personal data is deleted (docs/product.md §12.4): the entries about her stay (who did what, when), but the
   * values they held go and `scrubbed` says so. Entries about her: every entry about her record, account or term
   * reports (entity_id is her id), those her own account made, and those about the e-mails she was sent
   * (`outboxIds`). Matched exactly, never by a part of a value: a short ID inside someone else's phone number or date
   * must not cost that entry its values. The ids are found first with a plain read and updated by primary key, so
   * the update locks only her entries (MariaDB). In the caller's transaction; answers the table it changed.
   */
  async scrubAbout(
    about: { studentIds: readonly string[]; accountIds: readonly number[]; outboxIds: readonly number[] },
    m: EntityManager,
  ): Promise<string[]> {
    const repo = m.getRepository(AuditEntry);
    const found = new Set<number>();
    const collect = async (where: FindOptionsWhere<AuditEntry>[]) => {
      for (const row of await repo.find({ select: { id: true }, where })) found.add(row.id);
    };
    for (const ids of chunks(about.studentIds, 500))
      await collect([{ entity: In(STUDENT_ENTITIES), entity_id: In(ids) }]);
    for (const ids of chunks(about.accountIds, 500)) await collect([{ actor_user_id: In(ids) }]);
    for (const ids of chunks(about.outboxIds.map(String), 500))
      await collect([{ entity: 'outbox', entity_id: In(ids) }]);
    for (const ids of chunks([...found], 500))
      await repo.update({ id: In(ids) }, { old_value: null, new_value: null, scrubbed: 1 });
    return ['audit_log'];
  }

  /**
   * The newest change of each field of a student's record (POST /api/student) from `since` up to `until`: when, and
   * who made it (the office's view of what changed in a year, docs/product.md §13).
   */
  async latestFieldChanges(
    studentId: string,
    range: { since: string; until?: string },
  ): Promise<Map<string, { at: string; by: string }>> {
    const qb = this.entries
      .createQueryBuilder('a')
      .select(['a.id', 'a.field', 'a.created_at', 'a.actor'])
      .where('a.entity = :entity AND a.entity_id = :studentId AND a.action = :action', {
        entity: 'student',
        studentId,
        action: 'student.updated',
      })
      .andWhere('a.created_at >= :since', { since: range.since })
      .orderBy('a.id', 'ASC');
    if (range.until) qb.andWhere('a.created_at <= :until', { until: range.until });
    const out = new Map<string, { at: string; by: string }>();
    for (const row of await qb.getMany()) if (row.field) out.set(row.field, { at: row.created_at, by: row.actor });
    return out;
  }

  /** Everything the trail holds about one student, oldest first (her subject-access export). */
  ofStudent(studentId: string): Promise<AuditEntry[]> {
    return this.entries.find({
      where: { entity_id: studentId, entity: In(STUDENT_ENTITIES) },
      order: { id: 'ASC' },
    });
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
