import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../common/session-user.js';
import { localDate } from '../common/time.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { writeTransaction } from '../database/write-transaction.js';
import { RegistrationStatus } from '../lookups/entities/lookups.entities.js';

export interface RegistrationStatusView {
  open: number;
  deadline: string | null;
  /** Whether a student may edit now: open = 1 and (no deadline, or today before the deadline). */
  editable: boolean;
}

/**
 * The registration window: whether registration is open and until when. It decides what students may
 * change (their record, their uploads); administrators open and close it.
 */
@Injectable()
export class RegistrationWindow {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
  ) {}

  async status(): Promise<RegistrationStatusView> {
    const row = await this.ds.manager.findOneBy(RegistrationStatus, { id: 1 });
    const open = row?.open ?? 0;
    const deadline = row?.deadline ?? null;
    const today = localDate(new Date(), this.config.timeZone);
    return { open, deadline, editable: open === 1 && (!deadline || today < deadline) };
  }

  /** An administrator opens or closes registration (deadline exclusive: closed from that day on). */
  async setStatus(
    actor: SessionUser,
    next: { open: number; deadline: string | null },
  ): Promise<RegistrationStatusView> {
    await writeTransaction(this.ds, async (m) => {
      const before = await m.findOneBy(RegistrationStatus, { id: 1 });
      await m.save(RegistrationStatus, { id: 1, open: next.open, deadline: next.deadline });
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
    });
    return this.status();
  }

  /**
   * Students change their registration data (record, uploads) only while registration is open;
   * administrators at any time. Throws 403 with the reason and date otherwise.
   */
  async assertMayEdit(user: SessionUser): Promise<void> {
    if (user.role === 'admin') return;
    const status = await this.status();
    if (status.editable) return;
    throw new ForbiddenException(
      status.open === 1 && status.deadline
        ? `Registration closed on ${status.deadline}. Please contact the school office to change your record.`
        : 'Registration is closed. Please contact the school office to change your record.',
    );
  }
}
