import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { MESSAGES } from '../../shared/constants.js';
import {
  normalizeTermsText,
  TERMS_MESSAGES,
  type TermsAgreementStamp,
  type TermsOfRegistration,
} from '../../shared/terms.js';
import { AuditService } from '../audit/audit.service.js';
import { actorLabel } from '../../shared/api-types.js';
import type { SessionUser } from '../common/session-user.js';
import { nowIso } from '../common/time.js';
import { writeTransaction } from '../database/write-transaction.js';
import { StudentsRepository } from '../students/students.repository.js';
import { TermsVersion } from './entities/terms-version.entity.js';

const view = (v: TermsVersion): TermsOfRegistration => ({ version: v.id, text: v.text, updated_at: v.created_at });

/**
 * The school's terms and conditions of registration: every version of the text is kept (the newest is
 * current), and a student's agreement is stamped with the version and the time.
 */
@Injectable()
export class TermsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly students: StudentsRepository,
    private readonly audit: AuditService,
  ) {}

  /** The current text (the migration always leaves one version). */
  async current(manager: EntityManager = this.ds.manager): Promise<TermsOfRegistration> {
    const [latest] = await manager.find(TermsVersion, { order: { id: 'DESC' }, take: 1 });
    if (!latest) throw new NotFoundException(MESSAGES.notFound);
    return view(latest);
  }

  /** One version by number, or null (a record agreed before versions were kept has none). */
  async version(version: number): Promise<TermsOfRegistration | null> {
    const row = await this.ds.manager.findOneBy(TermsVersion, { id: version });
    return row ? view(row) : null;
  }

  /**
   * An administrator sets the text: a new version when the words differ from the current ones (the
   * same text again changes nothing), audited with the old and the new text. Agreements already given
   * stay counted (see shared/terms.ts).
   */
  async setText(actor: SessionUser, text: string): Promise<TermsOfRegistration> {
    const next = normalizeTermsText(text);
    return writeTransaction(this.ds, async (m) => {
      const before = await this.current(m);
      if (before.text === next) return before;
      const row = await m.save(
        TermsVersion,
        m.create(TermsVersion, { text: next, created_at: nowIso(), created_by: actorLabel(actor) }),
      );
      await this.audit.record(
        actor,
        {
          action: 'terms.changed',
          entity: 'terms',
          entity_id: String(row.id),
          field: 'text',
          old_value: before.text,
          new_value: next,
        },
        m,
      );
      return view(row);
    });
  }

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
  async stampAgreement(
    m: EntityManager,
    actor: SessionUser,
    studentId: string,
    agreed: unknown,
    versionRead?: number,
  ): Promise<Partial<TermsAgreementStamp & { updatedAt: string }>> {
    if (agreed !== 0 && agreed !== 1) return {};
    if (agreed === 1 && versionRead !== undefined && versionRead !== (await this.current(m)).version) {
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
      const { version } = await this.current(m);
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
