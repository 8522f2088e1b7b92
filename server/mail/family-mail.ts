import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Role } from '../../shared/api-types.js';
import { GuardianLinksService } from '../guardian-links/guardian-links.service.js';
import { sameMailbox } from '../../shared/email-address.js';
import { AddressWriters } from '../students/address-writers.js';
import { StudentsRepository } from '../students/students.repository.js';
import { FAMILY_ADDRESS_COLUMNS, familyAddresses, uniqueAddresses } from './family-addresses.js';
import { type AccountName, guardianLinkedMail, passwordChangedMail, reportCardMail } from './mail-templates.js';
import { type NewMail, OutboxService } from './outbox.service.js';

/**
 * The account a notice is about: a student's (her family is told) or an administrator's or guardian's (her own
 * address).
 */
export interface NoticeAccount {
  /** the account's id: a guardian's own messages name her account in the outbox */
  id?: number;
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
    private readonly writers: AddressWriters,
  ) {}

  /**
   * Where a link to reset an account's password goes, and how the message names it (a first name, a username, an
   * address): an administrator's or a guardian's own address; for a student, her own and her family's addresses as
   * she or the office wrote them (trustedAddresses). Never to a guardian account linked to a student, nor to an
   * address a guardian typed into the record: a guardian may not change her daughter's password.
   */
  async recipients(account: NoticeAccount, m?: EntityManager): Promise<{ to: string[]; name: AccountName }> {
    if (account.role !== 'student') return this.ownAddress(account);
    return this.trustedAddresses(account.student_id ?? '', m);
  }

  /**
   * A student's own address and her family's as her record shows them, without those a guardian account wrote
   * (AddressWriters): the student or the office chose these, so a reset link, or the news of a new guardian link,
   * may go there (docs/product.md §10 Forgotten password).
   */
  async trustedAddresses(studentId: string, m?: EntityManager): Promise<{ to: string[]; name: AccountName }> {
    return this.family(studentId, true, m);
  }

  /**
   * An administrator's own address is her e-mail (her username is a name); a guardian's is her sign-in name (username:
   * her address in lower case, docs/product.md §11), the one the Guardians list and the Outbox show and search.
   */
  private ownAddress(account: NoticeAccount): { to: string[]; name: AccountName } {
    if (account.role === 'admin') {
      return { to: account.email ? [account.email] : [], name: { admin: account.username ?? '' } };
    }
    const address = account.username ?? '';
    return { to: address ? [address] : [], name: { guardian: address } };
  }

  private async family(
    studentId: string,
    trustedOnly: boolean,
    m?: EntityManager,
  ): Promise<{ to: string[]; name: AccountName }> {
    const row = await this.students.pick(studentId, ['first_name', ...FAMILY_ADDRESS_COLUMNS], m);
    if (!row) return { to: [], name: { student: '' } };
    const byGuardian = trustedOnly ? (await this.writers.guardianWritten([row.id], m)).get(row.id) : undefined;
    const trusted = byGuardian ? { ...row, ...Object.fromEntries([...byGuardian].map((f) => [f, null])) } : row;
    return { to: familyAddresses(trusted), name: { student: row.first_name?.trim() ?? '' } };
  }

  /**
   * "A parent account was linked to …": to the student and her family (trusted addresses only, and not to the new
   * guardian's own mailbox), inside the link's transaction (docs/product.md §11).
   */
  async guardianLinked(
    studentId: string,
    guardian: { name: string; email: string },
    m: EntityManager,
  ): Promise<number> {
    const { to, name } = await this.trustedAddresses(studentId, m);
    const content = guardianLinkedMail(this.outbox.context, 'student' in name ? name.student : '', guardian);
    return this.outbox.queue(
      to
        .filter((address) => !sameMailbox(address, guardian.email))
        .map((address) => ({ content, to: address, studentId })),
      m,
    );
  }

  /** "Your portal password was changed": after every change or reset of the account's password. */
  async passwordChanged(account: NoticeAccount, m?: EntityManager): Promise<number> {
    // Every address of her family (a guardian typed one or not), then her guardians (docs/product.md §11).
    const { to: own, name } =
      account.role === 'student' ? await this.family(account.student_id ?? '', false, m) : this.ownAddress(account);
    // A student's guardians are told too (docs/product.md §11), each address once.
    const guardians = account.student_id ? await this.guardianAddresses([account.student_id], m) : new Map();
    const to = uniqueAddresses([...own, ...(guardians.get(account.student_id) ?? [])]);
    const content = passwordChangedMail(this.outbox.context, name);
    const guardianId = account.role === 'guardian' ? (account.id ?? null) : null;
    return this.outbox.queue(
      to.map((address) => ({ content, to: address, studentId: account.student_id, guardianId })),
      m,
    );
  }

  /**
   * One notice to each address of each current student whose card a posting makes visible, unless her family was
   * told about this term's card within the last day. Inside the posting's transaction.
   */
  async reportCardsReady(studentIds: string[], year: number, term: number, m: EntityManager): Promise<number> {
    // A former student's family is not told: she can no longer sign in to read it (docs/product.md §12.3).
    const rows = await this.students.list(
      ['first_name', ...FAMILY_ADDRESS_COLUMNS],
      { ids: studentIds, standing: 'current' },
      m,
    );
    const guardians = await this.guardianAddresses(
      rows.map((row) => row.id),
      m,
    );
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
