import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Role } from '../../shared/api-types.js';
import { GuardianLinksService } from '../guardians/links/guardian-links.service.js';
import { StudentsRepository } from '../students/students.repository.js';
import { FAMILY_ADDRESS_COLUMNS, familyAddresses, uniqueAddresses } from './family-addresses.js';
import { type AccountName, passwordChangedMail, reportCardMail } from './mail-templates.js';
import { type NewMail, OutboxService } from './outbox.service.js';

/**
 * The account a notice is about: a student's (her family is told) or an administrator's or guardian's (her own
 * address).
 */
export interface NoticeAccount {
  role: Role;
  student_id: string | null;
  username: string | null;
  email?: string | null;
}

/** A day: posting, removing and posting a term again within it tells a family once. */
const REPORT_CARD_NOTICE_WINDOW_MS = 24 * 3_600_000;

/** Notices to a student's family, and an administrator's own notices (docs/product.md §10). */
@Injectable()
export class FamilyMail {
  constructor(
    private readonly outbox: OutboxService,
    private readonly students: StudentsRepository,
    private readonly links: GuardianLinksService,
  ) {}

  /**
   * Where a link to reset an account's password goes, and how the message names it (a first name, a username, an
   * address): a student's family as her record shows it, an administrator's or a guardian's own address. Never to
   * a guardian account linked to a student: a guardian may not change her daughter's password.
   */
  async recipients(account: NoticeAccount, m?: EntityManager): Promise<{ to: string[]; name: AccountName }> {
    if (account.role !== 'student') {
      const to = account.email ? [account.email] : [];
      return {
        to,
        name: account.role === 'admin' ? { admin: account.username ?? '' } : { guardian: account.email ?? '' },
      };
    }
    const row = await this.students.pick(account.student_id ?? '', ['first_name', ...FAMILY_ADDRESS_COLUMNS], m);
    return { to: row ? familyAddresses(row) : [], name: { student: row?.first_name?.trim() ?? '' } };
  }

  /** "Your portal password was changed": after every change or reset of the account's password. */
  async passwordChanged(account: NoticeAccount, m?: EntityManager): Promise<number> {
    const { to: own, name } = await this.recipients(account, m);
    // A student's guardians are told too (docs/product.md §11), each address once.
    const guardians = account.student_id ? await this.guardianAddresses([account.student_id], m) : new Map();
    const to = uniqueAddresses([...own, ...(guardians.get(account.student_id) ?? [])]);
    const content = passwordChangedMail(this.outbox.context, name);
    return this.outbox.queue(
      to.map((address) => ({ content, to: address, studentId: account.student_id })),
      m,
    );
  }

  /**
   * One notice to each address of each student whose card a posting makes visible, unless her family was
   * told about this term's card within the last day. Inside the posting's transaction.
   */
  async reportCardsReady(studentIds: string[], year: number, term: number, m: EntityManager): Promise<number> {
    const rows = await this.students.list(['first_name', ...FAMILY_ADDRESS_COLUMNS], { ids: studentIds }, m);
    const guardians = await this.guardianAddresses(studentIds, m);
    const mails: NewMail[] = [];
    for (const row of rows) {
      const content = reportCardMail(this.outbox.context, row.first_name?.trim() ?? '', year, term);
      for (const to of familyAddresses(row, guardians.get(row.id)))
        mails.push({ content, to, studentId: row.id, dedupeKey: `report-card:${row.id}:${year}:${term}:${to}` });
    }
    const since = new Date(Date.now() - REPORT_CARD_NOTICE_WINDOW_MS).toISOString();
    const told = await this.outbox.queuedSince(
      mails.map((x) => x.dedupeKey!),
      since,
      m,
    );
    return this.outbox.queue(
      mails.filter((x) => !told.has(x.dedupeKey!)),
      m,
    );
  }

  /** The sign-in addresses of the guardian accounts linked to each student: they receive her notices. */
  async guardianAddresses(studentIds: string[], m?: EntityManager): Promise<Map<string, string[]>> {
    const linked = await this.links.guardiansOf(studentIds, m);
    return new Map([...linked].map(([id, list]) => [id, list.map((g) => g.email)]));
  }
}
