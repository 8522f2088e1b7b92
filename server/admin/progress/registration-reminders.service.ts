import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { MAIL_MESSAGES, type RegistrationRemindersResult } from '../../../shared/mail.js';
import { registrationProgress, STEP_LABELS } from '../../../shared/registration-progress.js';
import { ROUND_WORDS } from '../../../shared/registration-round.js';
import { REGISTRATION_STEPS } from '../../../shared/student-fields.js';
import { AuditService } from '../../audit/audit.service.js';
import type { SessionUser } from '../../common/session-user.js';
import { writeTransaction } from '../../database/write-transaction.js';
import { FilesService } from '../../files/files.service.js';
import { familyAddresses } from '../../mail/family-addresses.js';
import { FamilyMail } from '../../mail/family-mail.js';
import { registrationReminderMail } from '../../mail/mail-templates.js';
import { type NewMail, OutboxService } from '../../mail/outbox.service.js';
import { RegistrationRoundService } from '../../registration-round/registration-round.service.js';
import { RegistrationWindow } from '../../students/registration-window.js';
import { StudentsRepository, type StudentRow } from '../../students/students.repository.js';

/**
 * Reminders to families whose registration is not finished (docs/product.md §10): for each such student, one
 * message to each address of her family listing what is still missing, by the same rules as her stepper
 * and the office's progress (shared/registration-progress.ts), and the deadline.
 */
@Injectable()
export class RegistrationRemindersService {
  constructor(
    private readonly ds: DataSource,
    private readonly students: StudentsRepository,
    private readonly files: FilesService,
    private readonly window: RegistrationWindow,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly familyMail: FamilyMail,
    private readonly rounds: RegistrationRoundService,
  ) {}

  /** POST /api/registration-reminders: one class, or chosen students, by an administrator. */
  async send(
    target: { class_id?: string; student_ids?: string[] },
    actor: SessionUser,
  ): Promise<RegistrationRemindersResult> {
    if (!target.class_id && !target.student_ids?.length)
      throw new UnprocessableEntityException({ message: MAIL_MESSAGES.chooseRecipients });
    // Only current students: a former student is no longer registering (docs/product.md §12.3).
    const rows = await this.students.rowsOf(
      target.class_id
        ? { classId: target.class_id, standing: 'current' }
        : { ids: [...new Set(target.student_ids)], standing: 'current' },
    );
    const result = await writeTransaction(this.ds, (m) => this.queue(rows, actor, m));
    this.outbox.wake();
    return result;
  }

  /**
   * The portal's own reminder, once per deadline whichever instance gets there first (`runKey`): every
   * student still unfinished. Null when this mailing was already queued.
   */
  async sendToAllOnce(runKey: string): Promise<RegistrationRemindersResult | null> {
    if (await this.outbox.hasRun(runKey)) return null;
    const rows = await this.students.allRowsByName('current');
    const result = await writeTransaction(this.ds, async (m) =>
      (await this.outbox.claimRun(runKey, m)) ? this.queue(rows, null, m) : null,
    );
    if (result) this.outbox.wake();
    return result;
  }

  private async queue(
    rows: StudentRow[],
    actor: SessionUser | null,
    m: EntityManager,
  ): Promise<RegistrationRemindersResult> {
    const [documents, { deadline }, guardians, toConfirm] = await Promise.all([
      this.files.currentTypesByStudent(rows.map((r) => r.id)),
      this.window.status(),
      this.familyMail.guardianAddresses(
        rows.map((r) => r.id),
        m,
      ),
      this.rounds.stepsToConfirm(
        rows.map((r) => r.id),
        m,
      ),
    ]);
    const mails: NewMail[] = [];
    const reminded: string[] = [];
    let withoutAddress = 0;
    for (const row of rows) {
      const progress = registrationProgress(row, documents.get(row.id)?.types ?? new Set());
      // A returning family also confirms last year's answers, step by step (docs/product.md §13).
      const confirm = new Set<string>(toConfirm.get(row.id) ?? []);
      if (progress.completed === REGISTRATION_STEPS.length && confirm.size === 0) continue;
      const to = familyAddresses(row, guardians.get(row.id));
      if (to.length === 0) {
        withoutAddress++;
        continue;
      }
      const missing = REGISTRATION_STEPS.filter((step) => !progress.steps[step].complete || confirm.has(step)).map(
        (step) => ({
          step: STEP_LABELS[step],
          missing: [...progress.steps[step].missing, ...(confirm.has(step) ? [ROUND_WORDS.confirmInReminder] : [])],
        }),
      );
      const content = registrationReminderMail(this.outbox.context, row.first_name?.trim() ?? '', missing, deadline);
      for (const address of to) mails.push({ content, to: address, studentId: row.id });
      reminded.push(row.id);
    }
    const queued = await this.outbox.queue(mails, m);
    await this.audit.record(
      actor,
      reminded.map((id) => ({ action: 'mail.registration-reminder', entity: 'student', entity_id: id })),
      m,
    );
    return { queued, students: reminded.length, without_address: withoutAddress };
  }
}
