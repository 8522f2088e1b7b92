import {
  ForbiddenException,
  GoneException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleDestroy,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Role } from '../../../shared/api-types.js';
import { MESSAGES } from '../../../shared/constants.js';
import { MAIL_MESSAGES, RESET_TOKEN_MINUTES, type ResetTokenCheck } from '../../../shared/mail.js';
import { passwordProblem } from '../../../shared/password-policy.js';
import { SCHOOL_YEAR_MESSAGES } from '../../../shared/school-year.js';
import { type SignInKind, signInLockKey } from '../../../shared/sign-in-names.js';
import { AuditService } from '../../audit/audit.service.js';
import { linkTokenHash, looksLikeLinkToken, newLinkToken } from '../../common/link-tokens.js';
import type { SessionUser } from '../../common/session-user.js';
import { DbThrottlerStorage } from '../../common/throttling/db-throttler-storage.js';
import { TooManyRequestsException } from '../../common/too-many-requests.exception.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Clock } from '../../config/clock.js';
import { Transactions } from '../../database/transactions.js';
import { FamilyMail } from '../../mail/family-mail.js';
import { passwordResetMail } from '../../mail/mail-templates.js';
import { OutboxService } from '../../mail/outbox.service.js';
import { StudentsRepository } from '../../students/students.repository.js';
import type { User } from '../../users/entities/user.entity.js';
import { UsersService } from '../../users/users.service.js';
import { DbSessionStore } from '../sessions/db-session-store.js';
import { accountLockKey, LoginThrottleService } from '../sign-in/login-throttle.service.js';
import { PasswordHasher } from '../../users/password-hasher.js';
import type { PasswordResetToken } from './password-reset-token.entity.js';
import { ResetTokensRepository } from './reset-tokens.repository.js';

/** At most this many links a quarter of an hour for one account name (known or not, so it tells nothing)… */
const REQUESTS_PER_ACCOUNT = 3;
/** …and this many requests from one address (a school's or a family's shared connection asks for several). */
const REQUESTS_PER_ADDRESS = 20;
const REQUEST_WINDOW_MS = 15 * 60_000;

const gone = () => new GoneException({ message: MAIL_MESSAGES.tokenGone });

/**
 * A forgotten password (docs/product.md §10): a link by e-mail to the addresses on record, then a new password
 * under the usual policy. The link's token has 256 random bits and only its hash is stored; it is valid
 * 30 minutes, once, while it is the account's newest and the password has not changed since.
 */
@Injectable()
export class PasswordRecoveryService implements OnModuleDestroy {
  private readonly logger = new Logger('Auth');
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly transactions: Transactions,
    private readonly tokens: ResetTokensRepository,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: DbSessionStore,
    private readonly throttle: LoginThrottleService,
    private readonly audit: AuditService,
    private readonly students: StudentsRepository,
    private readonly outbox: OutboxService,
    private readonly familyMail: FamilyMail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: DbThrottlerStorage,
  ) {}

  /**
   * Sends a link when the account exists and has an address; does nothing otherwise. The caller answers
   * the same in every case. Limited per account name, known or not.
   *
   * Nothing that depends on the account runs before the answer (before, answers for accounts with an address were
   * measurably slower): the two limits count on keys made from what was typed alone, the same work for any name; the
   * account is looked up, and its link made and queued, only once `answered` resolves, i.e. when the answer has been
   * sent (the controller resolves it on the response's 'close'). Starting the lookup earlier, even without awaiting
   * it, put its database work and what follows (the recipients, the token's transaction) on the same event loop and
   * database connection as the answer. A failure is logged; she can ask again.
   */
  async request(kind: Role, name: string, ip: string | undefined, answered: Promise<void>): Promise<void> {
    await this.limit(`forgot-address:${ip ?? ''}`, REQUESTS_PER_ADDRESS);
    await this.limit(`forgot:${signInLockKey(kind as SignInKind, name)}`, REQUESTS_PER_ACCOUNT);
    const work: Promise<void> = answered
      .then(() => this.sendLink(kind, name))
      .catch((e: unknown) => this.logger.error({ msg: 'reset link not queued', error: String(e) }))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  /** Resolves when the links being made are written (a shutdown waits for them; so can a test). */
  async settle(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  onModuleDestroy(): Promise<void> {
    return this.settle();
  }

  private async sendLink(kind: Role, name: string): Promise<void> {
    const user =
      kind === 'student'
        ? await this.users.findStudent(name)
        : kind === 'admin'
          ? await this.users.findAdmin(name)
          : await this.users.findGuardian(name);
    // A former student's account is closed (docs/product.md §12.3): no link, and the answer was the same for any name.
    if (user?.student_id && (await this.students.isFormer(user.student_id))) return;
    if (user) await this.queueLink(user, null);
  }

  /**
   * The office sends a parent a new link (docs/product.md §11): to her own address only (FamilyMail.recipients), never
   * to a student's; counted with the requests for her account, so that the office cannot flood her mailbox either
   * (429 past 3 a quarter-hour). Audited with the administrator as the actor, in the student's history
   * (`studentId`, whose Guardians list it was sent from) and on the account. Answers the address it went to.
   */
  async sendGuardianLinkByOffice(actor: SessionUser, guardianId: number, studentId: string): Promise<string> {
    const user = await this.users.findById(guardianId);
    if (!user || user.role !== 'guardian' || !user.username) throw new NotFoundException(MESSAGES.notFound);
    await this.limit(`forgot:${signInLockKey('guardian', user.username ?? '')}`, REQUESTS_PER_ACCOUNT);
    const to = await this.queueLink(user, actor, async (m) => {
      await this.audit.record(
        actor,
        {
          action: 'guardian.reset-link-sent',
          entity: 'student',
          entity_id: studentId,
          new_value: user.username,
        },
        m,
      );
    });
    // Not a bare address (stored before that rule): nothing was made or queued.
    if (to.length === 0) throw new NotFoundException(MESSAGES.notFound);
    return to[0];
  }

  /**
   * Makes the account's new link (replacing any earlier one) and queues it to the account's recovery addresses,
   * audited; `also` runs in the same transaction. Nothing when the account has no address. Answers the addresses.
   */
  private async queueLink(
    user: User,
    actor: SessionUser | null,
    also?: (m: EntityManager) => Promise<void>,
  ): Promise<string[]> {
    const { to, name: account } = await this.familyMail.recipients(user);
    if (to.length === 0) return [];
    const { token, hash } = newLinkToken();
    const now = this.clock.now();
    const link = `${this.config.mail.publicUrl}/reset-password?token=${token}`;
    const content = passwordResetMail(this.outbox.context, account, link);
    await this.transactions.write(async (m) => {
      // A newer request replaces every earlier link of the account.
      await this.tokens.replace(m, {
        user_id: user.id,
        token_hash: hash,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000).toISOString(),
      });
      // A parent's link names her account, so that the Outbox shows it to the office as it does a family's.
      const guardianId = user.role === 'guardian' ? user.id : null;
      await this.outbox.queue(
        to.map((address) => ({ content, to: address, studentId: user.student_id, guardianId })),
        m,
      );
      await this.audit.record(
        actor,
        {
          action: 'password.reset-link-sent',
          entity: 'user',
          entity_id: accountId(user),
          new_value: { to: to.length },
        },
        m,
      );
      await also?.(m);
    });
    this.outbox.wake();
    return to;
  }

  private async limit(key: string, max: number): Promise<void> {
    const hit = await this.limiter.increment(key, REQUEST_WINDOW_MS, max);
    if (hit.isBlocked) throw new TooManyRequestsException(MESSAGES.tooManyLinkRequests, hit.timeToBlockExpire);
  }

  /**
   * The reset links of these accounts go (a former student's personal data is deleted: docs/product.md §12.4), in the
   * caller's transaction. Answers the table.
   */
  async deleteAllOf(userIds: readonly number[], m: EntityManager): Promise<string[]> {
    await this.tokens.deleteAllOf(userIds, m);
    return ['password_reset_tokens'];
  }

  /** Which kind of account the link is for, so that the page can say so; 410 when it no longer works. */
  async check(token: string): Promise<ResetTokenCheck> {
    const { user } = await this.valid(token);
    return { account: user.role };
  }

  /**
   * Sets the new password: the policy's 422 before the link is spent, then, in one transaction, the link
   * used (a conditional UPDATE: two tabs cannot both use it), the password, the audit entry and the
   * family's notice. Every session of the account ends and its sign-in lock is lifted; the caller signs
   * this browser in.
   */
  async reset(token: string, password: string): Promise<User> {
    const { row, user } = await this.valid(token);
    const dob = user.student_id ? (await this.students.pick(user.student_id, ['date_of_birth']))?.date_of_birth : null;
    const problem = passwordProblem(password, {
      studentId: user.student_id ?? user.username,
      dateOfBirth: dob,
      role: user.role,
    });
    if (problem) throw new UnprocessableEntityException({ message: problem, errors: { password: [problem] } });
    const hash = await this.hasher.hash(password);
    await this.transactions.write(async (m) => {
      if (!(await this.tokens.use(m, row.id, this.clock.now().toISOString()))) throw gone();
      await this.users.setPassword(user.id, hash, false, m);
      await this.audit.record(
        null,
        { action: 'password.recovered', entity: 'user', entity_id: accountId(user), field: 'password' },
        m,
      );
      await this.familyMail.passwordChanged(user, m);
    });
    this.outbox.wake();
    await this.sessions.destroyAllSessions(user.id, 'password-changed');
    await this.throttle.recordSuccess(accountLockKey(user));
    return { ...user, password_reset: 0 };
  }

  private async valid(token: string): Promise<{ row: PasswordResetToken; user: User }> {
    if (!looksLikeLinkToken(token)) throw gone();
    const row = await this.tokens.findByHash(linkTokenHash(token));
    if (!row || row.used_at || row.expires_at <= this.clock.now().toISOString()) throw gone();
    const user = await this.users.findById(row.user_id);
    // A password changed since the link was made (by any way) voids it.
    if (!user || (user.password_changed_at && user.password_changed_at > row.created_at)) throw gone();
    // A link sent before she left the school lets nobody in: the same words as her sign-in (docs/product.md §12.3).
    // Whoever holds it reads her mail, so the account's standing is hers to know; the link is not spent.
    if (user.student_id && (await this.students.isFormer(user.student_id)))
      throw new ForbiddenException(SCHOOL_YEAR_MESSAGES.formerStudentSignIn);
    return { row, user };
  }
}

function accountId(user: User): string {
  return user.student_id ?? user.username ?? '';
}
