import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminAccount } from '../../shared/admin-types.js';
import { passwordProblem } from '../../shared/password-policy.js';
import { AuditService } from '../audit/audit.service.js';
import { AuthService } from '../auth/sign-in/auth.service.js';
import { MfaService } from '../auth/mfa/mfa.service.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { writeTransaction } from '../database/write-transaction.js';
import { recoveryAddressChangedMail } from '../mail/mail-templates.js';
import { OutboxService } from '../mail/outbox.service.js';
import type { SessionUser } from '../common/session-user.js';
import { UsersService } from '../users/users.service.js';
import type { CreateAdminDto } from './dto/create-admin.dto.js';

function fieldError(field: string, message: string): UnprocessableEntityException {
  return new UnprocessableEntityException({ message, errors: { [field]: [message] } });
}

/** Administrators create further administrator accounts; there is no self-service sign-up. */
@Injectable()
export class AdminAccountsService {
  constructor(
    private readonly accounts: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditService,
    private readonly auth: AuthService,
    private readonly outbox: OutboxService,
    private readonly ds: DataSource,
    private readonly mfa: MfaService,
  ) {}

  /** Her own address for a forgotten password ('' when none). */
  async email(actor: SessionUser): Promise<{ email: string }> {
    return { email: (await this.accounts.findById(actor.id))?.email ?? '' };
  }

  /**
   * A new address for her forgotten passwords: only with her current password (whoever holds her session must
   * not be able to point recovery at their own mailbox), and the address it replaces is told.
   */
  async setEmail(
    actor: SessionUser,
    email: string,
    password: string,
    cookies: Record<string, unknown> | undefined,
  ): Promise<{ email: string }> {
    await this.auth.confirmOwnPassword(actor, password, cookies);
    const before = await this.email(actor);
    const next = email.trim();
    if (next === before.email) return { email: next };
    await writeTransaction(this.ds, async (m) => {
      await this.accounts.setEmail(actor.id, next, m);
      await this.audit.record(
        actor,
        {
          action: 'admin.email-changed',
          entity: 'user',
          entity_id: actor.username,
          field: 'email',
          old_value: before.email || null,
          new_value: next || null,
        },
        m,
      );
      if (before.email) {
        const content = recoveryAddressChangedMail(this.outbox.context, { admin: actor.username ?? '' });
        await this.outbox.queue([{ content, to: before.email }], m);
      }
    });
    this.outbox.wake();
    return { email: next };
  }

  async list(): Promise<AdminAccount[]> {
    const rows = await this.accounts.adminsByUsername();
    return rows.map((u) => ({ username: u.username ?? '', display_name: u.display_name, created_at: u.created_at }));
  }

  async create(dto: CreateAdminDto, actor: SessionUser): Promise<AdminAccount> {
    const username = dto.username.trim();
    if (await this.accounts.usernameTaken(username)) throw fieldError('username', 'That username is already taken.');
    const problem = passwordProblem(dto.password, { studentId: username, role: 'admin' });
    if (problem) throw fieldError('password', problem);
    const user = await this.accounts.create({
      role: 'admin',
      username,
      student_id: null,
      display_name: dto.display_name.trim(),
      password_hash: await this.hasher.hash(dto.password),
      password_reset: 0,
    });
    await this.audit.record(actor, {
      action: 'admin.created',
      entity: 'user',
      entity_id: username,
      field: 'display_name',
      new_value: user.display_name,
    });
    // ADMIN_MFA=required: her enrolment code goes to the server's log, for whoever runs it to hand over.
    await this.mfa.logEnrolmentCodes(username);
    return { username, display_name: user.display_name, created_at: user.created_at };
  }
}
