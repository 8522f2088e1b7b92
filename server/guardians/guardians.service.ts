import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MESSAGES } from '../../shared/constants.js';
import { guardianActorLabel, type StudentGuardians } from '../../shared/guardians.js';
import { AuditService } from '../audit/audit.service.js';
import { DbSessionStore } from '../auth/sessions/db-session-store.js';
import { PasswordRecoveryService } from '../auth/recovery/password-recovery.service.js';
import type { SessionUser } from '../common/session-user.js';
import { writeTransaction } from '../database/write-transaction.js';
import { AddressWriters } from '../students/address-writers.js';
import { StudentsRepository } from '../students/students.repository.js';
import { GuardianInvitationsService } from './guardian-invitations.service.js';
import { GuardianLinksService } from '../guardian-links/guardian-links.service.js';

/** The office's view of a student's guardians, and ending a link (docs/product.md §11). */
@Injectable()
export class GuardiansService {
  constructor(
    private readonly ds: DataSource,
    private readonly links: GuardianLinksService,
    private readonly invitations: GuardianInvitationsService,
    private readonly students: StudentsRepository,
    private readonly sessions: DbSessionStore,
    private readonly audit: AuditService,
    private readonly addressWriters: AddressWriters,
    private readonly recovery: PasswordRecoveryService,
  ) {}

  /**
   * POST /api/guardians/reset-link: the office sends one of the student's guardians a new link to reset her own
   * password, to her own address (PasswordRecoveryService.sendGuardianLinkByOffice). 404 when she is not linked to
   * the student.
   */
  async sendResetLink(actor: SessionUser, studentId: string, guardianId: number): Promise<{ email: string }> {
    const guardian = (await this.links.guardiansOf([studentId])).get(studentId)?.find((g) => g.id === guardianId);
    if (!guardian) throw new NotFoundException(MESSAGES.notFound);
    return { email: await this.recovery.sendGuardianLinkByOffice(actor, guardianId, studentId) };
  }

  /** GET /api/students/{studentId}/guardians: her linked guardians and the invitations still pending. */
  async ofStudent(studentId: string): Promise<StudentGuardians> {
    if (!(await this.students.exists(studentId))) throw new NotFoundException(MESSAGES.notFound);
    const [linked, pending] = await Promise.all([
      this.links.guardiansOf([studentId]),
      this.invitations.pendingOf([studentId]),
    ]);
    return {
      guardians: linked.get(studentId) ?? [],
      invitations: pending.map(({ student_id: _, ...i }) => i),
    };
  }

  /**
   * POST /api/guardians/unlink: the link ends with its audit entry, the student's invitations still pending to the
   * same mailbox are withdrawn (she does not come back through one), and the record's addresses that reach her
   * mailbox no longer receive reset links (AddressWriters.unlinked); then every session of the guardian ends, so
   * that no page she has open keeps showing the student (she signs in again to reach her other daughters).
   */
  async unlink(actor: SessionUser, studentId: string, guardianId: number): Promise<void> {
    const guardian = (await this.links.guardiansOf([studentId])).get(studentId)?.find((g) => g.id === guardianId);
    if (!guardian) throw new NotFoundException(MESSAGES.notFound);
    await writeTransaction(this.ds, async (m) => {
      if (!(await this.links.unlink(guardianId, studentId, m))) throw new NotFoundException(MESSAGES.notFound);
      await this.invitations.withdrawSameMailbox(studentId, guardian.email, m);
      await this.addressWriters.unlinked(
        studentId,
        { label: guardianActorLabel(guardian.name, guardian.email), email: guardian.email },
        m,
      );
      await this.audit.record(
        actor,
        { action: 'guardian.unlinked', entity: 'student', entity_id: studentId, old_value: guardian.email },
        m,
      );
    });
    await this.sessions.destroyAllSessions(guardianId, 'access-removed');
  }
}
