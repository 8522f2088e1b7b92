import { HoldsService } from '../term-reports/holds.service.js';
import { Inject, Injectable, Logger, UnprocessableEntityException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  isRetentionDue,
  latestDueLeavingDate,
  RETENTION_MESSAGES,
  retentionDueOn,
  type RetentionScrubResult,
} from '../../shared/retention.js';
import { RETENTION_YEARS, type RetentionDueStudent, type RetentionPolicyView } from '../../shared/school-year.js';
import { AuditService } from '../audit/audit.service.js';
import { DbSessionStore } from '../auth/sessions/db-session-store.js';
import { AuthService } from '../auth/sign-in/auth.service.js';
import { accountLockKey, LoginThrottleService } from '../auth/sign-in/login-throttle.service.js';
import { PasswordRecoveryService } from '../auth/recovery/password-recovery.service.js';
import type { SessionUser } from '../common/session-user.js';
import { localDate } from '../common/time.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Clock } from '../config/clock.js';
import { rewriteFreedSpace } from '../database/freed-space.js';
import { Transactions } from '../database/transactions.js';
import { RegistrationRoundService } from '../registration-round/registration-round.service.js';
import { DocumentsService } from '../documents/documents.service.js';
import { FilesService } from '../files/files.service.js';
import { GuardianInvitationsService } from '../guardians/guardian-invitations.service.js';
import { OutboxService } from '../mail/outbox.service.js';
import { AddressWriters } from '../students/address-writers.js';
import { StudentsRepository } from '../students/students.repository.js';
import { UsersService } from '../users/users.service.js';
import { RetentionPolicyRepository } from './retention-policy.repository.js';

/**
 * Retention of former students' personal data (docs/product.md §12.4): how many years after leaving it is kept, who
 * is due, and the deletion itself. The deletion keeps the school's register (REGISTER_COLUMNS, her class history,
 * her report cards) and has each table's owner remove the rest, in one transaction; then the uploaded bytes go and the
 * database rewrites the space the deleted data took (rewriteFreedSpace).
 */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger('Retention');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly tx: Transactions,
    private readonly ds: DataSource,
    private readonly policyRow: RetentionPolicyRepository,
    private readonly audit: AuditService,
    private readonly auth: AuthService,
    private readonly students: StudentsRepository,
    private readonly addressWriters: AddressWriters,
    private readonly users: UsersService,
    private readonly sessions: DbSessionStore,
    private readonly throttle: LoginThrottleService,
    private readonly recovery: PasswordRecoveryService,
    private readonly files: FilesService,
    private readonly documents: DocumentsService,
    private readonly outbox: OutboxService,
    private readonly guardians: GuardianInvitationsService,
    private readonly holds: HoldsService,
    private readonly rounds: RegistrationRoundService,
  ) {}

  /** GET /api/retention: the school's setting, RETENTION_YEARS.default while it has set none. */
  async policy(): Promise<RetentionPolicyView> {
    return { years_after_leaving: (await this.policyRow.find()) ?? RETENTION_YEARS.default };
  }

  /** POST /api/retention: a change is audited with the years before and after. */
  async setPolicy(actor: SessionUser, years: number): Promise<RetentionPolicyView> {
    await this.tx.write(async (m) => {
      const before = (await this.policyRow.find(m)) ?? RETENTION_YEARS.default;
      await this.policyRow.store(years, m);
      if (before !== years)
        await this.audit.record(
          actor,
          {
            action: 'retention.policy-changed',
            entity: 'retention_policy',
            field: 'years_after_leaving',
            old_value: before,
            new_value: years,
          },
          m,
        );
    });
    return { years_after_leaving: years };
  }

  /** GET /api/retention/due: former students whose personal data is due for deletion today, longest due first. */
  async due(): Promise<{ due: RetentionDueStudent[] }> {
    const years = (await this.policy()).years_after_leaving;
    const today = this.today();
    const rows = await this.students.formerNotScrubbed(latestDueLeavingDate(years, today));
    return {
      due: rows
        .filter((r) => isRetentionDue(r, years, today))
        .map((r) => ({
          id: r.id,
          first_name: r.first_name,
          last_name: r.last_name,
          left_on: r.left_on!,
          due_on: retentionDueOn(r.left_on!, years),
        })),
    };
  }

  /**
   * POST /api/retention/scrub: deletes the personal data of these former students, each of whom must be due (or
   * nothing changes, 422 naming those who are not). Needs the administrator's own password (422 on `password`, counted
   * like a sign-in). The entry it leaves in the audit trail says how many, never who or what.
   */
  async scrub(
    actor: SessionUser,
    studentIds: readonly string[],
    password: string,
    cookies: Record<string, unknown> | undefined,
  ): Promise<RetentionScrubResult> {
    await this.auth.confirmOwnPassword(actor, password, cookies);
    const ids = [...new Set(studentIds.map((id) => id.trim()))];
    const today = this.today();
    const at = this.clock.now().toISOString();
    const done = await this.tx.write(async (m) => {
      // The setting as this transaction sees it: a change committed meanwhile decides who is due.
      const years = (await this.policyRow.find(m)) ?? RETENTION_YEARS.default;
      const standings = new Map((await this.students.standingsForUpdate(ids, m)).map((s) => [s.id, s]));
      const notDue = ids.filter((id) => {
        const s = standings.get(id);
        return !s || !isRetentionDue(s, years, today);
      });
      if (notDue.length > 0) {
        const message = RETENTION_MESSAGES.notDue(notDue);
        throw new UnprocessableEntityException({ message, errors: { student_ids: [message] } });
      }
      const accounts = await this.users.studentAccounts(ids, m);
      const accountIds = accounts.map((a) => a.id);
      const files = await this.files.deleteAllOf(ids, m);
      const outbox = await this.outbox.deleteAllOf(ids, m);
      const guardians = await this.guardians.deleteAllOf(ids, m);
      const kept = await this.rounds.scrub(ids, m);
      const tables = [
        ...kept.tables,
        ...files.tables,
        ...outbox.tables,
        ...guardians.tables,
        ...(await this.audit.scrubAbout({ studentIds: ids, accountIds, outboxIds: outbox.ids }, m)),
        ...(await this.sessions.deleteAllOf(accountIds, m)),
        ...(await this.recovery.deleteAllOf(accountIds, m)),
        // Her sign-in name's count, whether or not she still had an account.
        ...(await this.throttle.deleteAllOf(
          ids.map((id) => accountLockKey({ role: 'student', student_id: id, username: null })),
          m,
        )),
        ...(await this.users.deleteAccounts(accountIds, m)),
        ...(await this.addressWriters.deleteAllOf(ids, m)),
        ...(await this.holds.deleteAllOf(ids, m)),
        ...(await this.students.scrub(ids, at, m)),
      ];
      await this.documents.forgetStudents(ids, m);
      await this.audit.record(
        actor,
        { action: 'retention.scrubbed', entity: 'retention', new_value: { count: ids.length } },
        m,
      );
      return {
        storedNames: files.storedNames,
        keptPdfs: kept.storedNames,
        guardianIds: guardians.guardianIds,
        tables,
      };
    });
    await this.files.removeStored(done.storedNames);
    await this.rounds.removePdfs(done.keptPdfs);
    // A guardian's open pages must not keep showing her (as when the office unlinks a guardian).
    for (const id of done.guardianIds) await this.sessions.destroyAllSessions(id, 'access-removed');
    try {
      await rewriteFreedSpace(this.ds, done.tables);
    } catch (e) {
      // The deletion has committed; the next deletion rewrites the space again. Said loudly: the operator must know.
      this.logger.error({ msg: 'deleted data: rewriting the freed space failed', error: (e as Error).message });
    }
    this.logger.log({ msg: 'former students personal data deleted', count: ids.length });
    return { scrubbed: ids.length };
  }

  private today(): string {
    return localDate(this.clock.now(), this.config.timeZone);
  }
}
