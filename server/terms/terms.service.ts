import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { MESSAGES } from '../../shared/constants.js';
import { normalizeTermsText, type TermsOfRegistration } from '../../shared/terms.js';
import { AuditService } from '../audit/audit.service.js';
import { actorLabel } from '../../shared/api-types.js';
import type { SessionUser } from '../common/session-user.js';
import { nowIso } from '../common/time.js';
import { writeTransaction } from '../database/write-transaction.js';
import { TermsVersion } from './entities/terms-version.entity.js';

const view = (v: TermsVersion): TermsOfRegistration => ({ version: v.id, text: v.text, updated_at: v.created_at });

/**
 * The school's terms and conditions of registration: every version of the text is kept (the newest is
 * current). A student's agreement is stamped by the students feature (TermsAgreement), which reads the current
 * version here.
 */
@Injectable()
export class TermsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
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
}
