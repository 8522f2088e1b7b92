import { ForbiddenException, Injectable } from '@nestjs/common';
import { MESSAGES } from '../../shared/constants.js';
import type { SessionUser } from '../common/session-user.js';
import { StudentsRepository } from '../students/students.repository.js';
import { GuardianLinksService } from './guardian-links.service.js';

/**
 * The one rule of who may act for a student (docs/product.md §6, §11): an administrator for anyone, a student for
 * herself, a guardian for the students she is linked to. Ids are compared exactly as stored, so a differently
 * cased id is refused on every database alike. A former student (graduated or left, §12.3) is no one's to act for
 * but the office's: neither her own old session nor her guardian's reaches her record.
 */
@Injectable()
export class StudentAccess {
  constructor(
    private readonly links: GuardianLinksService,
    private readonly students: StudentsRepository,
  ) {}

  async mayActFor(user: SessionUser, studentId: string): Promise<boolean> {
    if (user.role === 'admin') return true;
    const mine =
      user.role === 'student'
        ? user.student_id === studentId
        : (await this.links.studentIdsOf(user.id)).includes(studentId);
    // Kept in memory (isFormerKept): this runs on every request of a student or a guardian for a student.
    return mine && !(await this.students.isFormerKept(studentId));
  }

  /** 403 unless she may act for the student. */
  async assert(user: SessionUser, studentId: string): Promise<void> {
    if (!(await this.mayActFor(user, studentId))) throw new ForbiddenException(MESSAGES.forbidden);
  }
}
