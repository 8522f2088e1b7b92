import { randomBytes } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { ResetPasswordResult, StudentListItem } from '../../shared/admin-types.js';
import { DataSource } from 'typeorm';
import { MESSAGES } from '../../shared/constants.js';
import { AuditService } from '../audit/audit.service.js';
import { DbSessionStore } from '../auth/db-session-store.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { PasswordRecoveryService } from '../auth/recovery/password-recovery.service.js';
import type { SessionUser } from '../common/session-user.js';
import { writeTransaction } from '../database/write-transaction.js';
import { FamilyMail } from '../mail/family-mail.js';
import { OutboxService } from '../mail/outbox.service.js';
import { StudentsRepository } from '../students/students.repository.js';
import { UsersService } from '../users/users.service.js';

/** The first password of a student the import creates: her date of birth as yyyymmdd (an office reset gives none). */
export function dateOfBirthPassword(dateOfBirth: string): string {
  return dateOfBirth.replaceAll('-', '');
}

@Injectable()
export class AdminStudentsService {
  constructor(
    private readonly students: StudentsRepository,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: DbSessionStore,
    private readonly audit: AuditService,
    private readonly familyMail: FamilyMail,
    private readonly outbox: OutboxService,
    private readonly recovery: PasswordRecoveryService,
    private readonly ds: DataSource,
  ) {}

  /** The Students table: only the columns it shows, newest change first (quick with a whole school). */
  async list(): Promise<StudentListItem[]> {
    const rows = await this.students.list(
      ['first_name', 'last_name', 'class_id', 'date_of_birth', 'birth_certificate_no', 'updated_at'],
      { order: { updated_at: 'DESC', id: 'ASC' } },
    );
    return rows.map((s) => ({
      id: s.id,
      first_name: s.first_name,
      last_name: s.last_name,
      class_id: s.class_id,
      date_of_birth: s.date_of_birth,
      birth_certificate_no: s.birth_certificate_no,
      updatedAt: s.updated_at,
    }));
  }

  /**
   * docs/product.md §4 Password reset dialog: her password becomes one nobody knows, and the office gets a
   * single-use link (PasswordRecoveryService.officeLink) to hand her in person, where she chooses a new one. Never her
   * date of birth: every guardian knows it (and may have typed it), and could sign in as her before she does. Every
   * session of the account ends, so whoever is signed in as her now is signed out.
   */
  async resetPassword(studentId: string, actor: SessionUser): Promise<ResetPasswordResult> {
    const student = await this.students.pick(studentId, ['first_name', 'last_name']);
    if (!student) throw new NotFoundException(MESSAGES.notFound);
    const name = `${student.first_name ?? ''} ${student.last_name ?? ''}`.trim();
    const hash = await this.hasher.hash(randomBytes(32).toString('base64url'));
    const account = await this.users.findStudent(studentId);
    // The password, the link, its audit entry and the family's notice (docs/product.md §10) commit together.
    const link = await writeTransaction(this.ds, async (m) => {
      let userId = account?.id;
      if (userId !== undefined) {
        await this.users.setPassword(userId, hash, true, m);
      } else {
        const created = await this.users.create(
          {
            role: 'student',
            student_id: student.id,
            username: null,
            display_name: name || student.id,
            password_hash: hash,
            password_reset: 1,
          },
          m,
        );
        userId = created.id;
      }
      await this.audit.record(
        actor,
        { action: 'password.reset', entity: 'user', entity_id: studentId, field: 'password_reset', new_value: 1 },
        m,
      );
      await this.familyMail.passwordChanged({ role: 'student', student_id: studentId, username: null }, m);
      return this.recovery.officeLink(userId, m);
    });
    if (account) await this.sessions.destroyAllSessions(account.id);
    this.outbox.wake();
    return { student_id: studentId, name, password_reset: 1, ...link };
  }
}
