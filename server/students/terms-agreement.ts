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

  /**
   * A new school year's round (docs/product.md §13): last year's agreement does not count. For these returning
   * students, at the rollover and in its transaction, the tick and its stamp are cleared (each audited as
   * `student.terms-expired`); the year's kept registration holds what she agreed to.
   */
  async expireForNewYear(actor: SessionUser | null, studentIds: readonly string[], m: EntityManager): Promise<void> {
    const agreed = (
      await this.students.list(['agree_terms_conditions', 'terms_version', 'terms_agreed_at'], { ids: studentIds }, m)
    ).filter((s) => s.agree_terms_conditions === 1 || s.terms_version !== null);
    await this.students.updateMany(
      agreed.map((s) => s.id),
      { agree_terms_conditions: 0, terms_version: null, terms_agreed_at: null },
      m,
    );
    await this.audit.record(
      actor,
      agreed.map((s) => ({
        action: 'student.terms-expired',
        entity: 'student',
        entity_id: s.id,
        field: 'agree_terms_conditions',
        old_value: { agree_terms_conditions: s.agree_terms_conditions, ...stampOf(s) },
        new_value: { agree_terms_conditions: 0, terms_version: null, terms_agreed_at: null },
      })),
      m,
    );
  }

  /** The rollover is undone: each student's agreement as the closed year kept it (nothing was saved since). */
  async restoreAfterUndo(actor: SessionUser, kept: readonly KeptAgreement[], m: EntityManager): Promise<void> {
    for (const k of kept)
      await this.students.update(
        k.studentId,
        {
          agree_terms_conditions: k.agree_terms_conditions,
          terms_version: k.terms_version,
          terms_agreed_at: k.terms_agreed_at,
        },
        m,
      );
    await this.audit.record(
      actor,
      kept.map((k) => ({
        action: 'student.rollover-undone',
        entity: 'student',
        entity_id: k.studentId,
        field: 'agree_terms_conditions',
        old_value: { agree_terms_conditions: 0, terms_version: null, terms_agreed_at: null },
        new_value: { agree_terms_conditions: k.agree_terms_conditions, ...stampOf(k) },
      })),
      m,
    );
  }
}

/** A student's agreement as a closed year kept it. */
export type KeptAgreement = TermsAgreementStamp & { studentId: string; agree_terms_conditions: 0 | 1 };

const stampOf = (s: TermsAgreementStamp): TermsAgreementStamp => ({
  terms_version: s.terms_version,
  terms_agreed_at: s.terms_agreed_at,
});
