import {
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import { Like, type Repository } from 'typeorm';
import type {
  AdminLoginResponse,
  SessionInfo,
  StudentIdMatch,
  StudentLoginResponse,
  UserInfo,
} from '../../shared/api-types.js';
import { initialsOf, MESSAGES } from '../../shared/constants.js';
import { passwordProblem } from '../../shared/password-policy.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RateLimiter } from '../common/rate-limiter.js';
import type { SessionUser } from '../common/session-user.js';
import { TooManyRequestsException } from '../common/too-many-requests.exception.js';
import { Student } from '../students/entities/student.entity.js';
import type { User } from '../users/entities/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { AuditService } from '../audit/audit.service.js';
import { DbSessionStore } from './db-session-store.js';
import type { AdminLoginDto, ChangePasswordDto, StudentLoginDto } from './dto/login.dto.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { PasswordHasher } from './password-hasher.js';

function badCredentials(field: string): UnprocessableEntityException {
  return new UnprocessableEntityException({
    message: MESSAGES.badCredentials,
    errors: { [field]: [MESSAGES.badCredentials] },
  });
}

function promisify(fn: (cb: (err?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');
  private readonly lookupLimiter = new RateLimiter(5, 15 * 60_000);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottleService,
    private readonly sessions: DbSessionStore,
    private readonly audit: AuditService,
    @InjectRepository(Student) private readonly students: Repository<Student>,
  ) {}

  async loginStudent(dto: StudentLoginDto, req: Request): Promise<StudentLoginResponse> {
    const studentId = dto.student_id.trim();
    const key = `student:${studentId.toLowerCase()}`;
    await this.throttle.assertMayTry(key);
    const user = await this.users.findStudent(studentId);
    const ok = user
      ? await this.hasher.verify(dto.password, user.password_hash)
      : await this.hasher.verifyNothing(dto.password);
    if (!user || !ok) {
      await this.throttle.recordFailure(key);
      this.logger.warn({ msg: 'sign-in failed', kind: 'student', ip: req.ip });
      throw badCredentials('student_id');
    }
    await this.throttle.recordSuccess(key);
    await this.startSession(req, user);
    return this.studentResponse(user);
  }

  async loginAdmin(dto: AdminLoginDto, req: Request): Promise<AdminLoginResponse> {
    const username = dto.username.trim();
    const key = `admin:${username.toLowerCase()}`;
    await this.throttle.assertMayTry(key);
    const user = await this.users.findAdmin(username);
    const ok = user
      ? await this.hasher.verify(dto.password, user.password_hash)
      : await this.hasher.verifyNothing(dto.password);
    if (!user || !ok) {
      await this.throttle.recordFailure(key);
      this.logger.warn({ msg: 'sign-in failed', kind: 'admin', ip: req.ip });
      throw badCredentials('username');
    }
    await this.throttle.recordSuccess(key);
    await this.startSession(req, user);
    return this.adminResponse(user);
  }

  /** Forced reset (no old password needed: she proved the date of birth at sign-in) or voluntary change. */
  async changePassword(
    dto: ChangePasswordDto,
    current: SessionUser,
    req: Request,
  ): Promise<StudentLoginResponse | AdminLoginResponse> {
    if (current.role === 'student' && dto.student_id !== current.student_id)
      throw new ForbiddenException(MESSAGES.forbidden);
    if (current.role === 'admin' && dto.student_id !== current.username)
      throw new ForbiddenException(MESSAGES.forbidden);
    const user = await this.users.findById(current.id);
    if (!user) throw new ForbiddenException(MESSAGES.forbidden);
    const next = dto.password ?? dto.reset_password ?? '';
    if (!next) throw this.fieldError('password', 'Please enter the new password.');
    const forced = user.password_reset === 1;
    if (!forced || dto.old_password !== undefined) {
      if (!dto.old_password) throw this.fieldError('old_password', 'Please enter your old password.');
      if (!(await this.hasher.verify(dto.old_password, user.password_hash))) {
        throw this.fieldError('old_password', MESSAGES.wrongOldPassword);
      }
    }
    const dob = user.student_id ? (await this.students.findOneBy({ id: user.student_id }))?.date_of_birth : null;
    const problem = passwordProblem(next, {
      studentId: user.student_id ?? user.username,
      dateOfBirth: dob,
      role: user.role,
    });
    if (problem) throw this.fieldError('password', problem);
    if (await this.hasher.verify(next, user.password_hash)) {
      throw this.fieldError('password', 'The new password must be different from the old one.');
    }
    await this.users.setPassword(user.id, await this.hasher.hash(next), false);
    // A new password ends every other session of the account, and this one gets a new id.
    await this.sessions.destroyOtherSessions(user.id, req.sessionID);
    const updated = { ...user, password_reset: 0 };
    await this.startSession(req, updated);
    await this.audit.record(current, {
      action: forced ? 'password.reset-completed' : 'password.changed',
      entity: 'user',
      entity_id: user.student_id ?? user.username,
    });
    return updated.role === 'admin' ? this.adminResponse(updated) : this.studentResponse(updated);
  }

  async logout(req: Request): Promise<void> {
    if (!req.session) return;
    await promisify((cb) => req.session.destroy(cb));
  }

  async sessionInfo(user: SessionUser | undefined): Promise<SessionInfo> {
    const settings = {
      school_name: this.config.schoolName,
      student_id_lookup: this.config.studentIdLookup,
      pta_form_url: this.config.ptaFormUrl,
      show_learning_challenges: this.config.showLearningChallenges,
      session_idle_minutes: this.config.sessionIdleMinutes,
    };
    if (!user) return { authenticated: false, user: null, settings };
    const full = await this.users.findById(user.id);
    if (!full) return { authenticated: false, user: null, settings };
    const response = full.role === 'admin' ? this.adminResponse(full) : await this.studentResponse(full);
    return { authenticated: true, user: response, settings };
  }

  userInfo(user: User): UserInfo[] {
    return [{ student_id: user.student_id ?? '', password_reset: user.password_reset ? 1 : 0 }];
  }

  /** 'Search for Student ID': off unless the operator turns it on; narrow and rate-limited when on. */
  async lookupStudentId(name: string, ip: string): Promise<StudentIdMatch[]> {
    if (!this.config.studentIdLookup) throw new NotFoundException(MESSAGES.notFound);
    const wait = this.lookupLimiter.hit(ip);
    if (wait > 0) throw new TooManyRequestsException('Too many searches. Please wait and try again.', wait);
    const words = name.trim().split(/\s+/).filter(Boolean);
    const [first, last] = [words[0] ?? '', words.slice(1).join(' ')];
    if (!/^[\p{L}'-]{3,}$/u.test(first) || !/^[\p{L}' -]{3,}$/u.test(last)) {
      throw new UnprocessableEntityException({
        message: 'Type at least 3 letters of the first name and 3 of the last name.',
        errors: { name: ['Type at least 3 letters of the first name and 3 of the last name.'] },
      });
    }
    const rows = await this.students.find({
      select: { id: true, first_name: true, last_name: true },
      where: { first_name: Like(`${first}%`), last_name: Like(`${last}%`) },
      order: { last_name: 'ASC', first_name: 'ASC' },
      take: 5,
    });
    return rows.map((s) => ({ id: s.id, name: `${s.first_name ?? ''} ${s.last_name ?? ''}`.trim() }));
  }

  private fieldError(field: string, message: string): UnprocessableEntityException {
    return new UnprocessableEntityException({ message, errors: { [field]: [message] } });
  }

  private async startSession(req: Request, user: Pick<User, 'id'>): Promise<void> {
    // A new session id at every sign-in (and password change) defeats session fixation.
    await promisify((cb) => req.session.regenerate(cb));
    req.session.userId = user.id;
    req.session.signedInAt = Date.now();
    await promisify((cb) => req.session.save(cb));
  }

  private async studentResponse(user: User): Promise<StudentLoginResponse> {
    const s = await this.students.findOne({
      select: { first_name: true, last_name: true },
      where: { id: user.student_id ?? '' },
    });
    const name = s ? `${s.first_name ?? ''} ${s.last_name ?? ''}`.trim() : user.display_name;
    return {
      name,
      initials: s ? initialsOf(s.first_name, s.last_name) : initialsOf(user.display_name, ''),
      role: 'student',
      student_id: user.student_id ?? '',
      password_reset: user.password_reset ? 1 : 0,
    };
  }

  private adminResponse(user: User): AdminLoginResponse {
    const [first, ...rest] = user.display_name.split(/\s+/);
    return {
      name: 'Admin',
      initials: initialsOf(first, rest.join(' ')) || 'A',
      role: 'admin',
      username: user.username ?? '',
      display_name: user.display_name,
    };
  }
}
