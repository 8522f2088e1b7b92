import { ForbiddenException, Injectable } from '@nestjs/common';
import { MESSAGES } from '../../shared/constants.js';
import type { SessionUser } from '../common/session-user.js';
import { GuardianLinksService } from './guardian-links.service.js';

/**
 * The one rule of who may act for a student (docs/product.md §6, §11): an administrator for anyone, a student for
 * herself, a guardian for the students she is linked to. Ids are compared exactly as stored, so a differently
 * cased id is refused on every database alike.
 */
@Injectable()
export class StudentAccess {
  constructor(private readonly links: GuardianLinksService) {}

  async mayActFor(user: SessionUser, studentId: string): Promise<boolean> {
    if (user.role === 'admin') return true;
    if (user.role === 'student') return user.student_id === studentId;
    return (await this.links.studentIdsOf(user.id)).includes(studentId);
  }

  /** 403 unless she may act for the student. */
  async assert(user: SessionUser, studentId: string): Promise<void> {
    if (!(await this.mayActFor(user, studentId))) throw new ForbiddenException(MESSAGES.forbidden);
  }
}
