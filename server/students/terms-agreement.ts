import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TERMS_MESSAGES, type TermsAgreementStamp } from '../../shared/terms.js';
import { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../common/session-user.js';
import { nowIso } from '../common/time.js';
import { TermsService } from '../terms/terms.service.js';
import { StudentsRepository } from './students.repository.js';

/**
 * A student's agreement to the terms of registration: the version and the time stamped on her record. The terms'
 * texts are the terms feature's (TermsService.current); the stamp is a column of the students table, so it is
 * written here.
 */
@Injectable()
export class TermsAgreement {
  constructor(
    private readonly terms: TermsService,
    private readonly students: StudentsRepository,
    private readonly audit: AuditService,
  ) {}

  /**
   * Called by the registration save (POST /api/student) inside its transaction, after the record's
   * fields are written, when the body carried agree_terms_conditions. Ticked (1): stamps the current
   * version and now, unless she already agreed to this version (ticking again after the text changed
   * is agreeing to the new one). Unticked (0): clears the stamp. Each change is audited. Answers the
   * stamp for the save's answer, with the new updatedAt when the record changed; nothing otherwise.
   * `versionRead` (the version she was shown, when the client says): a tick made under an older
   * version than the current one is refused (422, the whole save rolls back), so the record never
   * says she agreed to words she did not see (a tick sent late, after the school changed the text).
   */
  async stamp(
    m: EntityManager,
    actor: SessionUser,
    studentId: string,
    agreed: unknown,
    versionRead?: number,
  ): Promise<Partial<TermsAgreementStamp & { updatedAt: string }>> {
    if (agreed !== 0 && agreed !== 1) return {};
    if (agreed === 1 && versionRead !== undefined && versionRead !== (await this.terms.current(m)).version) {
      throw new UnprocessableEntityException({
        message: TERMS_MESSAGES.changedSinceRead,
        errors: { agree_terms_conditions: [TERMS_MESSAGES.changedSinceRead] },
      });
    }
    const row = await this.students.pickForUpdate(studentId, ['terms_version', 'terms_agreed_at'], m);
    if (!row) return {};
    const before: TermsAgreementStamp = { terms_version: row.terms_version, terms_agreed_at: row.terms_agreed_at };
    let after: TermsAgreementStamp;
    if (agreed === 1) {
      const { version } = await this.terms.current(m);
      if (before.terms_version === version) return before;
      after = { terms_version: version, terms_agreed_at: nowIso() };
    } else {
      if (before.terms_version === null && before.terms_agreed_at === null) return before;
      after = { terms_version: null, terms_agreed_at: null };
    }
    const updatedAt = nowIso();
    await this.students.update(studentId, { ...after, updated_at: updatedAt }, m);
    await this.audit.record(
      actor,
      (['terms_version', 'terms_agreed_at'] as const)
        .filter((field) => before[field] !== after[field])
        .map((field) => ({
          action: agreed === 1 ? 'student.terms-agreed' : 'student.terms-withdrawn',
          entity: 'student',
          entity_id: studentId,
          field,
          old_value: before[field],
          new_value: after[field],
        })),
      m,
    );
    return { ...after, updatedAt };
  }
}
