import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MESSAGES } from '../../shared/constants.js';
import { normalizeTermsText, type TermsOfRegistration } from '../../shared/terms.js';
import { AuditService } from '../audit/audit.service.js';
import { actorLabel } from '../../shared/api-types.js';
import type { SessionUser } from '../common/session-user.js';
import { nowIso } from '../common/time.js';
import { Transactions } from '../database/transactions.js';
import type { TermsVersion } from './entities/terms-version.entity.js';
import { TermsVersionsRepository } from './terms-versions.repository.js';

const view = (v: TermsVersion): TermsOfRegistration => ({ version: v.id, text: v.text, updated_at: v.created_at });

/**
 * The school's terms and conditions of registration: every version of the text is kept (the newest is
 * current). A student's agreement is stamped by the students feature (TermsAgreement), which reads the current
 * version here.
 */
@Injectable()
export class TermsService {
  constructor(
    private readonly tx: Transactions,
    private readonly versions: TermsVersionsRepository,
    private readonly audit: AuditService,
  ) {}

  /** The current text (the migration always leaves one version). */
  async current(m?: EntityManager): Promise<TermsOfRegistration> {
    const latest = await this.versions.latest(m);
    if (!latest) throw new NotFoundException(MESSAGES.notFound);
    return view(latest);
  }

  /** One version by number, or null (a record agreed before versions were kept has none). */
  async version(version: number): Promise<TermsOfRegistration | null> {
    const row = await this.versions.byId(version);
    return row ? view(row) : null;
  }

  /**
   * An administrator sets the text: a new version when the words differ from the current ones (the
   * same text again changes nothing), audited with the old and the new text. Agreements already given
   * stay counted (see shared/terms.ts).
   */
  async setText(actor: SessionUser, text: string): Promise<TermsOfRegistration> {
    const next = normalizeTermsText(text);
    return this.tx.write(async (m) => {
      const before = await this.current(m);
      if (before.text === next) return before;
      const row = await this.versions.add({ text: next, created_at: nowIso(), created_by: actorLabel(actor) }, m);
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
