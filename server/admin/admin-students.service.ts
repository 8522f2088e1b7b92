import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import type { ResetPasswordResult, StudentListItem } from '../../shared/admin-types.js';
import { FORMER_STUDENT_MESSAGES } from '../../shared/former-students.js';
import { isFormerStatus, type FormerStudent } from '../../shared/school-year.js';
import { DataSource } from 'typeorm';
import { MESSAGES } from '../../shared/constants.js';
import { firstPassword } from '../../shared/first-password.js';
import { RegistrationRoundService } from '../registration-round/registration-round.service.js';
import { AuditService } from '../audit/audit.service.js';
import { DbSessionStore } from '../auth/sessions/db-session-store.js';
import { PasswordHasher } from '../users/password-hasher.js';
import type { SessionUser } from '../common/session-user.js';
import { writeTransaction } from '../database/write-transaction.js';
import { FamilyMail } from '../mail/family-mail.js';
import { OutboxService } from '../mail/outbox.service.js';
import { StudentsRepository } from '../students/students.repository.js';
import { UsersService } from '../users/users.service.js';

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
    private readonly ds: DataSource,
    private readonly rounds: RegistrationRoundService,
  ) {}

  /**
   * The Students table: only the columns it shows, newest change first (quick with a whole school). The table searches
   * them in the browser (shared/student-search.ts). Current students only: former ones have their own list.
   */
  async list(): Promise<StudentListItem[]> {
    const rows = await this.students.list(
      [
        'first_name',
        'last_name',
        'class_id',
        'date_of_birth',
        'birth_certificate_no',
        'updated_at',
        'agree_terms_conditions',
      ],
      { standing: 'current', order: { updated_at: 'DESC', id: 'ASC' } },
    );
    const rounds = await this.rounds.summaries(rows);
    return rows.map((s) => ({
      id: s.id,
      first_name: s.first_name,
      last_name: s.last_name,
      class_id: s.class_id,
      date_of_birth: s.date_of_birth,
      birth_certificate_no: s.birth_certificate_no,
      updatedAt: s.updated_at,
      round: rounds.get(s.id)!,
    }));
  }

  /**
   * The Former Students page (docs/product.md §12.3): graduated or left, with her last class, newest leaving date
   * first (then by name). Searched in the browser by the Students table's rule.
   */
  async former(): Promise<FormerStudent[]> {
    const rows = await this.students.list(
      ['first_name', 'last_name', 'class_id', 'status', 'left_on', 'leaving_reason'],
      { standing: 'former', order: { left_on: 'DESC', last_name: 'ASC', first_name: 'ASC', id: 'ASC' } },
    );
    return rows.map((s) => ({
      id: s.id,
      first_name: s.first_name,
      last_name: s.last_name,
      class_id: s.class_id,
      status: s.status === 'left' ? 'left' : 'graduated',
      left_on: s.left_on,
      leaving_reason: s.leaving_reason,
    }));
  }

  /**
   * The password becomes the date of birth (yyyymmdd) and must be changed at the next sign-in; every
   * session of the account ends, so whoever is signed in as her now is signed out.
   */
  async resetPassword(studentId: string, actor: SessionUser): Promise<ResetPasswordResult> {
    const student = await this.students.pick(studentId, ['first_name', 'last_name', 'date_of_birth', 'status']);
    if (!student) throw new NotFoundException(MESSAGES.notFound);
    // Her account is closed (docs/product.md §12.3): nothing to reset it to.
    if (isFormerStatus(student.status)) throw new ConflictException(FORMER_STUDENT_MESSAGES.readOnly);
    const name = `${student.first_name ?? ''} ${student.last_name ?? ''}`.trim();
    if (!student.date_of_birth) {
      const message =
        `${name || studentId} has no date of birth on record. ` + 'Enter it (Edit) before resetting the password.';
      throw new UnprocessableEntityException({ message, errors: { student_id: [message] } });
    }
    const hash = await this.hasher.hash(firstPassword(student.date_of_birth));
    const account = await this.users.findStudent(studentId);
    // The password, its audit entry and the family's notice (docs/product.md §10) commit together.
    await writeTransaction(this.ds, async (m) => {
      if (account) {
        await this.users.setPassword(account.id, hash, true, m);
      } else {
        await this.users.create(
          {
            role: 'student',
            student_id: studentId,
            username: null,
            display_name: name || studentId,
            password_hash: hash,
            password_reset: 1,
          },
          m,
        );
      }
      await this.audit.record(
        actor,
        { action: 'password.reset', entity: 'user', entity_id: studentId, field: 'password_reset', new_value: 1 },
        m,
      );
      await this.familyMail.passwordChanged({ role: 'student', student_id: studentId, username: null }, m);
    });
    if (account) await this.sessions.destroyAllSessions(account.id, 'password-reset');
    this.outbox.wake();
    return { student_id: studentId, name, password_reset: 1 };
  }
}
