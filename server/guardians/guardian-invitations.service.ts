import {
  ConflictException,
  ForbiddenException,
  GoneException,
  Inject,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { actorLabel } from '../../shared/api-types.js';
import { MESSAGES } from '../../shared/constants.js';
import { FORMER_STUDENT_MESSAGES } from '../../shared/former-students.js';
import { isFormerStatus } from '../../shared/school-year.js';
import {
  GUARDIAN_MESSAGES,
  guardianAddress,
  GUARDIAN_NAME_MAX_LENGTH,
  type GuardianInvitation as InvitationView,
  type GuardianInvitationInfo,
  type ImportGuardianInvitation,
  INVITATION_DAYS,
  STUDENT_INVITATIONS_PER_DAY,
} from '../../shared/guardians.js';
import { isBareAddress, sameMailbox } from '../../shared/email-address.js';
import { passwordProblem } from '../../shared/password-policy.js';
import { type AuditEvent, AuditService } from '../audit/audit.service.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { linkTokenHash, looksLikeLinkToken, newLinkToken } from '../common/link-tokens.js';
import type { SessionUser } from '../common/session-user.js';
import { TooManyRequestsException } from '../common/too-many-requests.exception.js';
import { nowIso } from '../common/time.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { isUniqueViolation } from '../database/unique-violation.js';
import { Transactions } from '../database/transactions.js';
import { DbThrottlerStorage } from '../common/throttling/db-throttler-storage.js';
import { FamilyMail } from '../mail/family-mail.js';
import { guardianInvitationMail } from '../mail/mail-templates.js';
import { OutboxService } from '../mail/outbox.service.js';
import { StudentsRepository } from '../students/students.repository.js';
import type { User } from '../users/entities/user.entity.js';
import { UsersService } from '../users/users.service.js';
import type { GuardianInvitation } from './entities/guardian-invitation.entity.js';
import { GuardianLinksService } from '../guardian-links/guardian-links.service.js';
import { GuardianInvitationsRepository } from './guardian-invitations.repository.js';
import { chunks } from '../common/chunks.js';

const gone = () => new GoneException({ message: GUARDIAN_MESSAGES.invitationGone });
const DAY_MS = 24 * 3_600_000;
/** Student ids per query (an import names thousands). */
const ID_CHUNK = 500;

function fieldError(field: string, message: string): UnprocessableEntityException {
  return new UnprocessableEntityException({ message, errors: { [field]: [message] } });
}

/** An address as the portal keeps it (lower case, trimmed); 422 on the `email` field when it is not one. */
export function normalisedAddress(email: string): string {
  const address = guardianAddress(email);
  if (!address) throw fieldError('email', GUARDIAN_MESSAGES.emailRequired);
  if (!isBareAddress(address)) throw fieldError('email', GUARDIAN_MESSAGES.emailInvalid);
  return address;
}

/**
 * Invitations to guardian accounts (docs/product.md §11); owns the guardian_invitations table. The e-mailed token
 * has 256 random bits and only its hash is stored; it is valid INVITATION_DAYS days, once (spent by a conditional
 * UPDATE, so two tabs cannot both use it), and a newer invitation of the same student to the same address
 * replaces it. Accepting creates the account (or, signed in as it, adds the link) in the token's transaction.
 */
@Injectable()
export class GuardianInvitationsService {
  constructor(
    private readonly tx: Transactions,
    private readonly invitations: GuardianInvitationsRepository,
    private readonly users: UsersService,
    private readonly links: GuardianLinksService,
    private readonly students: StudentsRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: OutboxService,
    private readonly familyMail: FamilyMail,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: DbThrottlerStorage,
  ) {}

  /** POST /api/guardians/invite: by an administrator, or by the student for herself (the guard checked which). */
  async invite(actor: SessionUser, studentId: string, email: string): Promise<InvitationView> {
    const address = normalisedAddress(email);
    const student = await this.students.pick(studentId, ['first_name', 'status']);
    if (!student) throw new NotFoundException(MESSAGES.notFound);
    // Nobody acts for a former student any more (docs/product.md §12.3): no new guardian either.
    if (isFormerStatus(student.status)) throw new ConflictException(FORMER_STUDENT_MESSAGES.readOnly);
    const id = student.id; // as the table spells it (MariaDB found it whatever the case asked for)
    if (await this.isLinked(id, address)) throw new ConflictException(GUARDIAN_MESSAGES.alreadyLinked);
    if (actor.role === 'student') {
      // The office's decision stands: an address it unlinked from her is invited again by the office only, in
      // any spelling that reaches the same mailbox (a +tag, Gmail's dots). One she removed herself she may invite.
      const removed = await this.audit.oldValues({ action: 'guardian.unlinked', entity_id: id, actorPrefix: 'admin:' });
      if (removed.some((r) => sameMailbox(r, address))) throw new ForbiddenException(GUARDIAN_MESSAGES.removedByOffice);
      // Counted apart from the invitations themselves (which a newer one replaces), in one atomic step.
      const hit = await this.limiter.increment(`guardian-invite:${actor.id}`, DAY_MS, STUDENT_INVITATIONS_PER_DAY);
      if (hit.isBlocked)
        throw new TooManyRequestsException(GUARDIAN_MESSAGES.tooManyInvitations, hit.timeToBlockExpire);
    }
    const [row] = await this.tx.write((m) => this.queueInvitations([{ student_id: id, email: address }], actor, m));
    this.outbox.wake();
    return row;
  }

  /**
   * Writes invitations and their e-mails inside the caller's transaction (an invitation from the office's page, a
   * student's menu or an import), each replacing an earlier unused one of the same student and address, each
   * audited in the student's history.
   */
  async queueInvitations(
    wanted: ImportGuardianInvitation[],
    actor: SessionUser,
    m: EntityManager,
  ): Promise<InvitationView[]> {
    // Each student as the table spells her id (an import's cell may differ in case where MariaDB matched it).
    const found = await this.students.list(['first_name'], { ids: [...new Set(wanted.map((w) => w.student_id))] }, m);
    const byId = new Map(found.map((s) => [s.id.toLowerCase(), s]));
    const by = actorLabel(actor);
    const out: InvitationView[] = [];
    const events: AuditEvent[] = [];
    for (const wish of wanted) {
      const student = byId.get(wish.student_id.toLowerCase());
      const student_id = student?.id ?? wish.student_id;
      const email = wish.email;
      const { token, hash } = newLinkToken();
      const now = new Date();
      const row = {
        token_hash: hash,
        student_id,
        email,
        invited_by: by,
        invited_by_user_id: actor.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
        used_at: null,
      };
      await this.invitations.replace(row, m);
      const link = `${this.config.mail.publicUrl}/guardian-invitation?token=${token}`;
      const content = guardianInvitationMail(this.outbox.context, student?.first_name?.trim() ?? '', link);
      await this.outbox.queue([{ content, to: email, studentId: student_id }], m);
      events.push({ action: 'guardian.invited', entity: 'student', entity_id: student_id, new_value: email });
      out.push(view(row));
    }
    await this.audit.record(actor, events, m);
    return out;
  }

  /**
   * Of these (student, address) pairs, the ones an import should invite: each once, not yet linked, and without an
   * unused invitation still valid.
   */
  async toInvite(pairs: ImportGuardianInvitation[], m?: EntityManager): Promise<ImportGuardianInvitation[]> {
    const seen = new Set<string>();
    const unique = pairs.filter((p) => {
      const key = `${p.student_id}|${p.email}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
    const ids = [...new Set(unique.map((p) => p.student_id))];
    const known = new Set<string>();
    for (const [id, list] of await this.links.guardiansOf(ids, m)) for (const g of list) known.add(`${id}|${g.email}`);
    for (const i of await this.pendingOf(ids, m)) known.add(`${i.student_id}|${i.email}`);
    return unique.filter((p) => !known.has(`${p.student_id}|${p.email}`));
  }

  /** The unused invitations still valid of these students, oldest first. */
  async pendingOf(studentIds: string[], m?: EntityManager): Promise<(InvitationView & { student_id: string })[]> {
    const rows: GuardianInvitation[] = [];
    for (const ids of chunks(studentIds, ID_CHUNK)) rows.push(...(await this.invitations.pending(ids, nowIso(), m)));
    return rows.map((r) => ({ ...view(r), student_id: r.student_id }));
  }

  /**
   * Her personal data is deleted (docs/product.md §12.4): every invitation for her goes, used or not, and every link
   * of a guardian to her. In the caller's transaction; answers the guardians who were linked (their sessions end once
   * it has committed) and the tables changed.
   */
  async deleteAllOf(
    studentIds: readonly string[],
    m: EntityManager,
  ): Promise<{ guardianIds: number[]; tables: string[] }> {
    await this.invitations.deleteAllOf(studentIds, m);
    const guardianIds = await this.links.deleteAllOf(studentIds, m);
    return { guardianIds, tables: ['guardian_invitations', 'guardian_links'] };
  }

  /**
   * A link ended (GuardiansService.unlink): the student's unused invitations to the same mailbox as the guardian's
   * (any spelling, canonicalMailbox) are withdrawn in the unlink's transaction, so that an invitation sent while she
   * was linked cannot bring her back (410 like a used link). Other addresses' invitations stay.
   */
  async withdrawSameMailbox(studentId: string, address: string, m: EntityManager): Promise<void> {
    const pending = await this.invitations.unusedOf(studentId, m);
    await this.invitations.delete(
      pending.filter((i) => sameMailbox(i.email, address)).map((i) => i.id),
      m,
    );
  }

  /** POST /api/guardians/invitation: what the link's page shows; 410 when the link no longer works. */
  async check(token: string): Promise<GuardianInvitationInfo> {
    const row = await this.valid(token);
    const student = await this.students.pick(row.student_id, ['first_name']);
    return {
      email: row.email,
      student_first_name: student?.first_name?.trim() ?? '',
      account_exists: (await this.users.findGuardian(row.email)) !== null,
      expires_at: row.expires_at,
    };
  }

  /**
   * POST /api/guardians/accept. Signed in as the invited address's guardian: adds the link. Otherwise creates her
   * account with `name` and `password` and links it (409 when the address already has an account: she signs in
   * first). Returns the guardian account; the caller signs this browser in.
   */
  async accept(
    token: string,
    current: SessionUser | undefined,
    fields: { name?: string; password?: string },
  ): Promise<User> {
    const row = await this.valid(token);
    if (current?.role === 'guardian') {
      if (current.username !== row.email) throw new ForbiddenException(GUARDIAN_MESSAGES.otherAccount(row.email));
      const guardian = await this.users.findById(current.id);
      if (!guardian) throw new ForbiddenException(MESSAGES.forbidden);
      await this.tx.write(async (m) => {
        await this.spend(row, m);
        await this.linkAudited(guardian, row.student_id, m);
      });
      this.outbox.wake();
      return guardian;
    }
    if (await this.users.findGuardian(row.email)) throw new ConflictException(GUARDIAN_MESSAGES.accountExists);
    const name = (fields.name ?? '').trim().replace(/\s+/g, ' ');
    if (!name) throw fieldError('name', GUARDIAN_MESSAGES.nameRequired);
    if (name.length > GUARDIAN_NAME_MAX_LENGTH) throw fieldError('name', GUARDIAN_MESSAGES.nameTooLong);
    // The audit trail names her "guardian: name <address>": a name with brackets could pass for another actor.
    if (/[<>]/.test(name)) throw fieldError('name', GUARDIAN_MESSAGES.nameCharacters);
    const password = fields.password ?? '';
    if (!password) throw fieldError('password', 'Please enter the new password.');
    const problem = passwordProblem(password, { studentId: row.email, role: 'guardian' });
    if (problem) throw fieldError('password', problem);
    const hash = await this.hasher.hash(password);
    const created = await this.tx
      .write(async (m) => {
        await this.spend(row, m);
        // Another tab may have made the account a moment ago (with another daughter's invitation): then she signs in
        // with it. Either this check or, when both run at once, the unique index says so; the token is not spent.
        if (await this.users.findGuardian(row.email, m)) throw new ConflictException(GUARDIAN_MESSAGES.accountExists);
        const guardian = await this.users.create(
          {
            role: 'guardian',
            student_id: null,
            username: row.email,
            email: row.email,
            display_name: name,
            password_hash: hash,
            password_reset: 0,
          },
          m,
        );
        await this.audit.record(
          this.users.toSessionUser(guardian),
          { action: 'guardian.account-created', entity: 'user', entity_id: row.email },
          m,
        );
        await this.linkAudited(guardian, row.student_id, m);
        return guardian;
      })
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? new ConflictException(GUARDIAN_MESSAGES.accountExists) : e;
      });
    this.outbox.wake();
    return created;
  }

  /** The link, its audit entry and its announcement to the student and her family, in the caller's transaction. */
  private async linkAudited(guardian: User, studentId: string, m: EntityManager): Promise<void> {
    const actor = this.users.toSessionUser(guardian);
    if (!(await this.links.link(guardian.id, studentId, actorLabel(actor), m))) return;
    await this.audit.record(
      actor,
      { action: 'guardian.linked', entity: 'student', entity_id: studentId, new_value: guardian.username },
      m,
    );
    await this.familyMail.guardianLinked(studentId, { name: guardian.display_name, email: guardian.username ?? '' }, m);
  }

  /** Marks the invitation used, once: 410 when another request spent it (or it expired) meanwhile. */
  private async spend(row: GuardianInvitation, m: EntityManager): Promise<void> {
    if (!(await this.invitations.spend(row.id, nowIso(), m))) throw gone();
  }

  private async valid(token: string): Promise<GuardianInvitation> {
    if (!looksLikeLinkToken(token)) throw gone();
    const row = await this.invitations.findByHash(linkTokenHash(token));
    if (!row || row.used_at || row.expires_at <= nowIso()) throw gone();
    // An invitation to act for a girl who has since left the school no longer works (docs/product.md §12.3).
    if (await this.students.isFormer(row.student_id)) throw gone();
    return row;
  }

  private async isLinked(studentId: string, email: string): Promise<boolean> {
    const linked = await this.links.guardiansOf([studentId]);
    return linked.get(studentId)?.some((g) => g.email === email) ?? false;
  }
}

function view(row: Pick<GuardianInvitation, 'email' | 'created_at' | 'expires_at' | 'invited_by'>): InvitationView {
  return { email: row.email, created_at: row.created_at, expires_at: row.expires_at, invited_by: row.invited_by };
}
