import { ConflictException, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { FORMER_STUDENT_MESSAGES } from '../../shared/former-students.js';
import { AuditService } from '../audit/audit.service.js';
import { type CacheRegion, SharedCache } from '../cache/shared-cache.js';
import type { SessionUser } from '../common/session-user.js';
import { localDate } from '../common/time.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { RegistrationStatusRepository } from './registration-status.repository.js';
import { StudentsRepository } from './students.repository.js';

export interface RegistrationStatusView {
  open: number;
  deadline: string | null;
  /** Whether a student may edit now: open = 1 and (no deadline, or today before the deadline). */
  editable: boolean;
}

/**
 * The registration window: whether registration is open and until when. It decides what students may
 * change (their record, their uploads); administrators open and close it. Every save asks, so the setting
 * is kept in memory (SharedCache: an administrator's change applies everywhere within a second).
 */
@Injectable()
export class RegistrationWindow {
  private readonly kept: CacheRegion<{ open: number; deadline: string | null }>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tx: Transactions,
    private readonly rows: RegistrationStatusRepository,
    private readonly audit: AuditService,
    private readonly cache: SharedCache,
    private readonly students: StudentsRepository,
  ) {
    this.kept = cache.region('registration-window', { ttlMs: 30_000, maxEntries: 1 });
  }

  private async setting(): Promise<{ open: number; deadline: string | null }> {
    const setting = await this.kept.getOrLoad('1', async () => {
      const row = await this.rows.find();
      return { open: row?.open ?? 0, deadline: row?.deadline ?? null };
    });
    return setting!;
  }

  async status(): Promise<RegistrationStatusView> {
    return this.viewOf(await this.setting());
  }

  /** Whether families may edit under a setting: open, and before the deadline (exclusive) in the school's time zone. */
  private viewOf({ open, deadline }: { open: number; deadline: string | null }): RegistrationStatusView {
    const today = localDate(new Date(), this.config.timeZone);
    return { open, deadline, editable: open === 1 && (!deadline || today < deadline) };
  }

  /** The one row, open and without a deadline, when there is none yet (start-up; INSERT IGNORE: instances race). */
  async ensureSetting(): Promise<void> {
    await this.rows.insertDefault();
  }

  /** An administrator opens or closes registration (deadline exclusive: closed from that day on). */
  async setStatus(
    actor: SessionUser,
    next: { open: number; deadline: string | null },
  ): Promise<RegistrationStatusView> {
    await this.tx.write((m) => this.set(actor, next, m));
    return this.status();
  }

  /** The setting as the caller's transaction sees it (the rollover keeps it to put it back on undo). */
  async settingIn(m: EntityManager): Promise<{ open: number; deadline: string | null }> {
    const row = await this.rows.find(m);
    return { open: row?.open ?? 0, deadline: row?.deadline ?? null };
  }

  /**
   * Sets it in the caller's transaction, audited field by field as the office's change is, and published to every
   * instance when the transaction commits (the rollover closes registration, its undo opens it again).
   */
  async set(actor: SessionUser, next: { open: number; deadline: string | null }, m: EntityManager): Promise<void> {
    const before = await this.rows.find(m);
    await this.rows.save(next, m);
    await this.audit.record(
      actor,
      (['open', 'deadline'] as const)
        .filter((field) => (before?.[field] ?? null) !== next[field])
        .map((field) => ({
          action: 'registration-status.changed',
          entity: 'registration_status',
          entity_id: null,
          field,
          old_value: before?.[field] ?? null,
          new_value: next[field],
        })),
      m,
    );
    await this.cache.publish(['registration-window:1'], m);
  }

  /**
   * Students change their registration data (record, uploads) only while registration is open;
   * administrators at any time. Throws 403 with the reason and date otherwise. A former student's record is
   * read-only for everyone, the office included (409, docs/product.md §12.3).
   */
  async assertMayEdit(user: SessionUser, studentId: string): Promise<void> {
    if (await this.students.isFormer(studentId)) throw new ConflictException(FORMER_STUDENT_MESSAGES.readOnly);
    if (user.role === 'admin') return;
    refuseUnlessEditable(await this.status());
  }

  /**
   * The same rule for a family, read in the caller's transaction (a rollover that closed registration since the first
   * check wins once her row is locked).
   */
  async assertMayEditIn(user: SessionUser, m: EntityManager): Promise<void> {
    if (user.role === 'admin') return;
    refuseUnlessEditable(this.viewOf(await this.settingIn(m)));
  }
}

function refuseUnlessEditable(status: RegistrationStatusView): void {
  if (status.editable) return;
  throw new ForbiddenException(
    status.open === 1 && status.deadline
      ? `Registration closed on ${status.deadline}. Please contact the school office to change your record.`
      : 'Registration is closed. Please contact the school office to change your record.',
  );
}
