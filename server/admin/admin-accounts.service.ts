import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { AdminAccount } from '../../shared/admin-types.js';
import { passwordProblem } from '../../shared/password-policy.js';
import { AuditService } from '../audit/audit.service.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import type { SessionUser } from '../common/session-user.js';
import { User } from '../users/entities/user.entity.js';
import { UsersService } from '../users/users.service.js';
import type { CreateAdminDto } from './dto/create-admin.dto.js';

function fieldError(field: string, message: string): UnprocessableEntityException {
  return new UnprocessableEntityException({ message, errors: { [field]: [message] } });
}

/** Administrators create further administrator accounts; there is no self-service sign-up. */
@Injectable()
export class AdminAccountsService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly accounts: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditService,
  ) {}

  /** Her own address for a forgotten password ('' when none). */
  async email(actor: SessionUser): Promise<{ email: string }> {
    return { email: (await this.accounts.findById(actor.id))?.email ?? '' };
  }

  async setEmail(actor: SessionUser, email: string): Promise<{ email: string }> {
    const before = await this.email(actor);
    const next = email.trim();
    if (next !== before.email) {
      await this.accounts.setEmail(actor.id, next);
      await this.audit.record(actor, {
        action: 'admin.email-changed',
        entity: 'user',
        entity_id: actor.username,
        field: 'email',
        old_value: before.email || null,
        new_value: next || null,
      });
    }
    return { email: next };
  }

  async list(): Promise<AdminAccount[]> {
    const rows = await this.users.find({
      select: { username: true, display_name: true, created_at: true },
      where: { role: 'admin' },
      order: { username: 'ASC' },
    });
    return rows.map((u) => ({ username: u.username ?? '', display_name: u.display_name, created_at: u.created_at }));
  }

  async create(dto: CreateAdminDto, actor: SessionUser): Promise<AdminAccount> {
    const username = dto.username.trim();
    if (await this.users.exists({ where: { username } }))
      throw fieldError('username', 'That username is already taken.');
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
    return { username, display_name: user.display_name, created_at: user.created_at };
  }
}
