import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  MAIL_MESSAGES,
  type MailSettings,
  type OutboxItem,
  type OutboxMessage as OutboxMessageView,
  type OutboxStatus,
} from '../../shared/mail.js';
import { MESSAGES } from '../../shared/constants.js';
import { AuditService } from '../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { nowIso } from '../common/time.js';
import { isBareAddress } from '../../shared/email-address.js';
import { matchesName, normaliseSearch, searchStudents } from '../../shared/student-search.js';
import { storedKey } from '../common/throttling/stored-key.js';
import { isUniqueViolation } from '../database/unique-violation.js';
import { Transactions } from '../database/transactions.js';
import type { SessionUser } from '../common/session-user.js';
import { StudentsRepository } from '../students/students.repository.js';
import { UsersService } from '../users/users.service.js';
import { DEDUPE_KEY_LENGTH, type OutboxMessage } from './entities/outbox-message.entity.js';
import { OutboxRepository } from './outbox.repository.js';
import type { MailContent, MailContext } from './mail-templates.js';

/** A message to queue: its words, one address, and what it is about. */
export interface NewMail {
  content: MailContent;
  to: string;
  studentId?: string | null;
  /** A parent's own message (her reset link, her password changed): her account. */
  guardianId?: number | null;
  /** Messages with the same key are not queued twice within the caller's window (see `queuedSince`). */
  dedupeKey?: string | null;
}

/** A reset or invitation link in a message body, for hiding it from the Outbox view. */
const RESET_LINK = /(\/(?:reset-password|guardian-invitation)\?token=)[A-Za-z0-9_-]+/g;
/** The messages whose link opens an account (or links one to a student). */
const LINK_KINDS: ReadonlySet<string> = new Set(['password-reset', 'guardian-invitation']);

/**
 * The durable outbox (docs/product.md §10): messages are rows, written in the transaction of what causes them;
 * OutboxSender delivers them. Without SMTP_URL they are kept for the office to read instead.
 */
@Injectable()
export class OutboxService {
  private wakeSender: () => void = () => undefined;

  constructor(
    private readonly tx: Transactions,
    private readonly messages: OutboxRepository,
    private readonly audit: AuditService,
    private readonly students: StudentsRepository,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The school's name and address for the templates. */
  get context(): MailContext {
    return { schoolName: this.config.schoolName, publicUrl: this.config.mail.publicUrl };
  }

  settings(): MailSettings {
    return {
      delivery: this.config.mail.smtpUrl ? 'smtp' : 'kept',
      from: this.config.mail.from,
      public_url: this.config.mail.publicUrl,
    };
  }

  /** The sender asks to be told when messages were queued, so that it need not wait for its next look. */
  onQueued(wake: () => void): void {
    this.wakeSender = wake;
  }

  /**
   * Writes the messages, inside the caller's transaction when `m` is given. Call `wake()` once that
   * transaction has committed (until then the sender cannot see them; its next regular look would).
   */
  async queue(all: NewMail[], m?: EntityManager): Promise<number> {
    // Only a bare address is handed to the mail library, which would read `x<evil@attacker.tt>` as a name and
    // another address: every form takes bare addresses only, and a value stored before that rule is skipped here.
    const mails = all.filter((mail) => isBareAddress(mail.to));
    if (mails.length === 0) return 0;
    const now = nowIso();
    const sending = !!this.config.mail.smtpUrl;
    const rows = mails.map((mail) => ({
      kind: mail.content.kind,
      to_address: mail.to,
      subject: mail.content.subject.slice(0, 200),
      text_body: mail.content.text,
      html_body: mail.content.html,
      student_id: mail.studentId ?? null,
      guardian_id: mail.guardianId ?? null,
      dedupe_key: mail.dedupeKey ? storedKey(mail.dedupeKey, DEDUPE_KEY_LENGTH) : null,
      status: (sending ? 'queued' : 'kept') as OutboxStatus,
      attempts: 0,
      next_attempt_at: sending ? now : null,
      lease_owner: null,
      lease_until: null,
      last_error: null,
      created_at: now,
      queued_at: now,
      sent_at: null,
      updated_at: now,
    }));
    await this.messages.insert(rows, m);
    return rows.length;
  }

  /** Tells this instance's sender that messages were queued (after the transaction that wrote them committed). */
  wake(): void {
    this.wakeSender();
  }

  /** The keys among `keys` of messages queued since `since` (ISO time), to leave out of a new mailing. */
  async queuedSince(keys: string[], since: string, m?: EntityManager): Promise<Set<string>> {
    // A key longer than the column (it holds an address) is stored shortened, and looked up so.
    const stored = new Map(keys.map((k) => [storedKey(k, DEDUPE_KEY_LENGTH), k]));
    const found = new Set<string>();
    for (const key of await this.messages.dedupeKeysSince([...stored.keys()], since, m))
      if (stored.has(key)) found.add(stored.get(key)!);
    return found;
  }

  /**
   * Her personal data is deleted (docs/product.md §12.4): every message about her goes, whatever its state (one being
   * sent at this moment still reaches the mail server; its outcome finds no row to record). Mail runs hold no
   * student's data (a run key names a deadline) and stay. Answers the deleted messages' ids (the audit entries about
   * them lose their values too) and the table changed.
   */
  async deleteAllOf(studentIds: readonly string[], m: EntityManager): Promise<{ ids: number[]; tables: string[] }> {
    return { ids: await this.messages.deleteAbout(studentIds, m), tables: ['outbox'] };
  }

  /**
   * Records that a once-only mailing (e.g. `auto-reminder:2026-12-04`) is being queued, inside its
   * transaction; false when it already was, by this instance or another.
   */
  async claimRun(runKey: string, m: EntityManager): Promise<boolean> {
    try {
      await this.messages.insertRun(runKey, nowIso(), m);
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  /** Whether a once-only mailing was already queued (a cheap look before the work of preparing it). */
  async hasRun(runKey: string): Promise<boolean> {
    return this.messages.runExists(runKey);
  }

  /**
   * The newest messages, of one status or all; with a search, only those about a student it finds (the Students
   * table's rule, shared/student-search.ts) or a parent's own messages whose name it finds by the same rule
   * (matchesName), or her address (its parts as words: 'khalila.mb' finds khalila.mb@example.tt).
   */
  async list(status: OutboxStatus | undefined, limit: number, search?: string): Promise<OutboxItem[]> {
    const needle = normaliseSearch(search);
    if (needle) {
      const [students, guardians] = await Promise.all([
        this.students.list(['first_name', 'last_name', 'class_id', 'birth_certificate_no']),
        this.users.guardians(),
      ]);
      const studentIds = searchStudents(students, needle).map((s) => s.id);
      const guardianIds = guardians
        .filter((g) => matchesName(g.name, needle) || matchesName(g.email, needle))
        .map((g) => g.id);
      if (studentIds.length === 0 && guardianIds.length === 0) return [];
      return this.withNames(await this.messages.newest(status, limit, { studentIds, guardianIds }));
    }
    return this.withNames(await this.messages.newest(status, limit));
  }

  async get(id: number): Promise<OutboxMessageView> {
    const row = await this.messages.findById(id);
    if (!row) throw new NotFoundException(MESSAGES.notFound);
    // The office may read a reset or invitation link only where it is the way to pass it on: kept (no mail server)
    // for a student's family, or for a parent's own account. Anywhere else (an administrator's link, a message that
    // left by mail) a working link would let someone in the office into another's account.
    const showLink =
      LINK_KINDS.has(row.kind) && row.status === 'kept' && (row.student_id !== null || row.guardian_id !== null);
    const [item] = await this.withNames([row]);
    return { ...item, text: showLink ? row.text_body : row.text_body.replace(RESET_LINK, '$1(hidden)') };
  }

  /** The items with the name of the student each is about, or of the parent whose own message it is. */
  private async withNames(rows: OutboxMessage[]): Promise<OutboxItem[]> {
    const studentIds = [...new Set(rows.flatMap((r) => (r.student_id ? [r.student_id] : [])))];
    const guardianIds = [...new Set(rows.flatMap((r) => (r.guardian_id !== null ? [r.guardian_id] : [])))];
    const [students, guardians] = await Promise.all([
      studentIds.length ? this.students.list(['first_name', 'last_name'], { ids: studentIds }) : [],
      this.users.guardians(guardianIds),
    ]);
    // Ids compared without case: MariaDB finds the record of 'r1001' as it found 'R1001'.
    const studentName = new Map(
      students.map((s) => [s.id.toUpperCase(), [s.last_name, s.first_name].filter(Boolean).join(', ')]),
    );
    const guardianName = new Map(guardians.map((g) => [g.id, g.name]));
    return rows.map((r) => ({
      ...toItem(r),
      student_name: (r.student_id && studentName.get(r.student_id.toUpperCase())) || null,
      guardian_name: (r.guardian_id !== null && guardianName.get(r.guardian_id)) || null,
    }));
  }

  /**
   * A failed message is queued again with a fresh 24 hours of tries; kept instead when the mail server has since
   * been removed from the configuration (nothing would ever send it).
   */
  async resend(id: number, actor: SessionUser): Promise<OutboxItem> {
    const row = await this.tx.write(async (m) => {
      const now = nowIso();
      const changed = await this.messages.updateFailed(
        id,
        this.config.mail.smtpUrl
          ? { status: 'queued', attempts: 0, next_attempt_at: now, queued_at: now, last_error: null, updated_at: now }
          : { status: 'kept', next_attempt_at: null, updated_at: now },
        m,
      );
      const found = await this.messages.findById(id, m);
      if (!found) throw new NotFoundException(MESSAGES.notFound);
      if (!changed) throw new ConflictException(MAIL_MESSAGES.notFailed);
      await this.audit.record(
        actor,
        { action: 'mail.resent', entity: 'outbox', entity_id: String(id), new_value: { to: found.to_address } },
        m,
      );
      return found;
    });
    this.wake();
    const [item] = await this.withNames([row]);
    return item;
  }
}

function toItem(row: OutboxMessage): Omit<OutboxItem, 'student_name' | 'guardian_name'> {
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    student_id: row.student_id,
    created_at: row.created_at,
    sent_at: row.sent_at,
    attempts: row.attempts,
    next_attempt_at: row.next_attempt_at,
    last_error: row.last_error,
  };
}
