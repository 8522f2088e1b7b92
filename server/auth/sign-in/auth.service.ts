import { ForbiddenException, Inject, Injectable, Logger, UnprocessableEntityException } from '@nestjs/common';
import type {
  AdminLoginResponse,
  LoginResponse,
  SessionEndReason,
  SessionInfo,
  StudentLoginResponse,
  UserInfo,
} from '../../../shared/api-types.js';
import { guardianAddress, type GuardianLoginResponse } from '../../../shared/guardians.js';
import { firstPasswordSpelling } from '../../../shared/first-password.js';
import { signInLockKey, signInName } from '../../../shared/sign-in-names.js';
import { initialsOf, MESSAGES } from '../../../shared/constants.js';
import { passwordProblem } from '../../../shared/password-policy.js';
import { SCHOOL_YEAR_MESSAGES } from '../../../shared/school-year.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { SessionUser } from '../../common/session-user.js';
import { StudentsRepository } from '../../students/students.repository.js';
import type { User } from '../../users/entities/user.entity.js';
import { UsersService } from '../../users/users.service.js';
import { DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { writeTransaction } from '../../database/write-transaction.js';
import { FamilyMail } from '../../mail/family-mail.js';
import { OutboxService } from '../../mail/outbox.service.js';
import { DbSessionStore } from '../sessions/db-session-store.js';
import { type DeviceCookie, DeviceCookies } from './device-cookies.js';
import type { AdminLoginDto, ChangePasswordDto, GuardianLoginDto, StudentLoginDto } from './login.dto.js';
import { GuardianLinksService } from '../../guardian-links/guardian-links.service.js';
import { accountLockKey, LoginThrottleService } from './login-throttle.service.js';
import { PasswordHasher } from '../../users/password-hasher.js';

function badCredentials(field: string): UnprocessableEntityException {
  return new UnprocessableEntityException({
    message: MESSAGES.badCredentials,
    errors: { [field]: [MESSAGES.badCredentials] },
  });
}

/** A sign-in the credentials allowed: the account to start a session for, and the answer to send. */
export interface SignedIn<R> {
  userId: number;
  response: R;
  /** The device cookie to give this browser (a sign-in with the password; see DeviceCookies). */
  device?: DeviceCookie;
}

/**
 * Sign-in and password changes: plain values in (the caller's address, the current session's id),
 * the account and the answer out. The controller starts and ends the HTTP session.
 */
@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottleService,
    private readonly sessions: DbSessionStore,
    private readonly audit: AuditService,
    private readonly students: StudentsRepository,
    private readonly devices: DeviceCookies,
    private readonly ds: DataSource,
    private readonly familyMail: FamilyMail,
    private readonly outbox: OutboxService,
    private readonly links: GuardianLinksService,
  ) {}

  async loginStudent(
    dto: StudentLoginDto,
    ip: string | undefined,
    cookies?: Record<string, unknown>,
  ): Promise<SignedIn<StudentLoginResponse>> {
    const key = signInLockKey('student', dto.student_id);
    // Still on her first password, a date of birth in a common spelling is that password (shared/first-password.ts):
    // one comparison either way, so one attempt counted, whatever spelling she used.
    const asDate = firstPasswordSpelling(dto.password);
    const password = (user: User | null) => (asDate && user?.password_reset === 1 ? asDate : dto.password);
    const user = await this.checkCredentials(key, () => this.users.findStudent(dto.student_id), password, cookies);
    if (!user) {
      this.logger.warn({ msg: 'sign-in failed', kind: 'student', ip });
      throw badCredentials('student_id');
    }
    // Only with her right password does anyone learn that she has left (docs/product.md §12.3): no session, no device.
    if (user.student_id !== null && (await this.students.isFormer(user.student_id)))
      throw new ForbiddenException(SCHOOL_YEAR_MESSAGES.formerStudentSignIn);
    return { userId: user.id, response: await this.studentResponse(user), device: this.devices.issue(cookies, key) };
  }

  async loginAdmin(
    dto: AdminLoginDto,
    ip: string | undefined,
    cookies?: Record<string, unknown>,
  ): Promise<SignedIn<AdminLoginResponse>> {
    const key = signInLockKey('admin', dto.username);
    const user = await this.checkCredentials(key, () => this.users.findAdmin(dto.username), dto.password, cookies);
    if (!user) {
      this.logger.warn({ msg: 'sign-in failed', kind: 'admin', ip });
      throw badCredentials('username');
    }
    return { userId: user.id, response: this.adminResponse(user), device: this.devices.issue(cookies, key) };
  }

  /** A parent or guardian, by her e-mail address (docs/product.md §11); the same lock and equal work as the others. */
  async loginGuardian(
    dto: GuardianLoginDto,
    ip: string | undefined,
    cookies?: Record<string, unknown>,
  ): Promise<SignedIn<GuardianLoginResponse>> {
    const key = signInLockKey('guardian', dto.email);
    const user = await this.checkCredentials(key, () => this.users.findGuardian(dto.email), dto.password, cookies);
    if (!user) {
      this.logger.warn({ msg: 'sign-in failed', kind: 'guardian', ip });
      throw badCredentials('email');
    }
    return { userId: user.id, response: await this.guardianResponse(user), device: this.devices.issue(cookies, key) };
  }

  /**
   * Forced reset (no old password needed: she proved the date of birth at sign-in) or voluntary change.
   * A new password ends every other session of the account (all but `sessionId`, this browser's); the
   * controller then gives this one a new id. `cookies` are the browser's: its device cookie for the account lets her
   * through an anonymous lock as at sign-in.
   */
  async changePassword(
    dto: ChangePasswordDto,
    current: SessionUser,
    sessionId: string,
    cookies: Record<string, unknown> | undefined,
  ): Promise<SignedIn<LoginResponse>> {
    // Only her own account: a guardian names herself by her address (never a daughter's ID), in any case.
    const named = current.role === 'guardian' ? guardianAddress(dto.student_id) : signInName(dto.student_id);
    if (named !== (current.role === 'student' ? current.student_id : current.username))
      throw new ForbiddenException(MESSAGES.forbidden);
    const user = await this.users.findById(current.id);
    if (!user) throw new ForbiddenException(MESSAGES.forbidden);
    const next = dto.password ?? dto.reset_password ?? '';
    if (!next) throw this.fieldError('password', 'Please enter the new password.');
    const forced = user.password_reset === 1;
    if (!forced || dto.old_password !== undefined) {
      if (!dto.old_password) throw this.fieldError('old_password', 'Please enter your old password.');
      // A guess at the old password counts like a failed sign-in, on the same key as sign-in would (the browser's own
      // with a device cookie for the account, else the account's anonymous one), so a stolen session cannot try
      // passwords here past the sign-in lock, and someone else's wrong passwords do not lock her out of it either.
      const key = accountLockKey(user);
      if (!(await this.checkCredentials(key, () => Promise.resolve(user), dto.old_password, cookies))) {
        throw this.fieldError('old_password', MESSAGES.wrongOldPassword);
      }
    }
    const dob = user.student_id ? (await this.students.pick(user.student_id, ['date_of_birth']))?.date_of_birth : null;
    const problem = passwordProblem(next, {
      studentId: user.student_id ?? user.username,
      dateOfBirth: dob,
      role: user.role,
    });
    if (problem) throw this.fieldError('password', problem);
    if (await this.hasher.verify(next, user.password_hash)) {
      throw this.fieldError('password', 'The new password must be different from the old one.');
    }
    const hash = await this.hasher.hash(next);
    // The new password, its audit entry and the family's notice commit together.
    await writeTransaction(this.ds, async (m) => {
      await this.users.setPassword(user.id, hash, false, m);
      await this.audit.record(
        current,
        {
          action: forced ? 'password.reset-completed' : 'password.changed',
          entity: 'user',
          entity_id: user.student_id ?? user.username,
        },
        m,
      );
      await this.familyMail.passwordChanged(user, m);
    });
    this.outbox.wake();
    await this.sessions.destroyOtherSessions(user.id, sessionId, 'password-changed');
    const updated = { ...user, password_reset: 0 };
    return { userId: user.id, response: await this.responseFor(updated) };
  }

  /**
   * She proves it is her before changing what protects her account (an administrator's recovery address): her
   * current password, counted like a sign-in (on her browser's device key, else the account's anonymous one) so that
   * a stolen session cannot guess it and an anonymous lock does not stop her.
   */
  async confirmOwnPassword(
    current: SessionUser,
    password: string,
    cookies: Record<string, unknown> | undefined,
  ): Promise<void> {
    const user = await this.users.findById(current.id);
    if (!user) throw new ForbiddenException(MESSAGES.forbidden);
    if (!(await this.checkCredentials(accountLockKey(user), () => Promise.resolve(user), password, cookies)))
      throw this.fieldError('password', 'The password is incorrect.');
  }

  /** `endedReason`: why a browser without an account has none (SessionAccount.endedReason), said when it has none. */
  async sessionInfo(user: SessionUser | undefined, endedReason?: SessionEndReason): Promise<SessionInfo> {
    const settings = {
      school_name: this.config.schoolName,
      student_id_lookup: this.config.studentIdLookup,
      pta_form_url: this.config.ptaFormUrl,
      show_learning_challenges: this.config.showLearningChallenges,
      session_idle_minutes: this.config.sessionIdleMinutes,
      time_zone: this.config.timeZone,
    };
    const none: SessionInfo = {
      authenticated: false,
      user: null,
      settings,
      ...(endedReason && { ended_reason: endedReason }),
    };
    if (!user) return none;
    const full = await this.users.findById(user.id);
    if (!full) return none;
    return { authenticated: true, user: await this.responseFor(full), settings };
  }

  /** The sign-in answer for an account (a student's, an administrator's or a guardian's). */
  async responseFor(user: User): Promise<LoginResponse> {
    if (user.role === 'guardian') return this.guardianResponse(user);
    return user.role === 'admin' ? this.adminResponse(user) : this.studentResponse(user);
  }

  /** A guardian's answer: her name and her linked students (GET /api/my-students gives the same list). */
  async guardianResponse(user: User): Promise<GuardianLoginResponse> {
    const [first, ...rest] = user.display_name.split(/\s+/);
    return {
      name: user.display_name,
      initials: initialsOf(first, rest.join(' ')) || 'P',
      role: 'guardian',
      email: user.username ?? '',
      students: await this.links.studentsOf(user.id),
    };
  }

  userInfo(user: User): UserInfo[] {
    return [{ student_id: user.student_id ?? '', password_reset: user.password_reset ? 1 : 0 }];
  }

  /**
   * The one password check of sign-in and password change: counts the attempt before bcrypt runs
   * (LoginThrottleService; 429 when locked), then compares at the same work whether or not the account
   * exists and whatever its hash's cost (PasswordHasher). A browser holding a valid device cookie for the
   * account is counted on its own key instead of the account's anonymous lock (DeviceCookies); a success
   * there also clears the account's unlocked count, as an anonymous success does. Returns the account when
   * the password is right, else null. `password` may depend on the account found (a first password typed as a date;
   * null when there is none: what was typed).
   */
  private async checkCredentials(
    accountKey: string,
    find: () => Promise<User | null>,
    password: string | ((user: User | null) => string),
    cookies: Record<string, unknown> | undefined,
  ): Promise<User | null> {
    const nonce = this.devices.nonceFor(cookies, accountKey);
    const throttleKey = nonce ? `device:${nonce}` : accountKey;
    let user: User | null = null;
    const ok = await this.throttle.attempt(throttleKey, async () => {
      const found = await find();
      user = found;
      // What was typed is compared either way: an unknown account costs the same work as a wrong password.
      const candidate = typeof password === 'string' ? password : password(found);
      if (!found) return this.hasher.verifyNothing(candidate);
      return this.hasher.verify(candidate, found.password_hash);
    });
    if (!ok) return null;
    if (nonce) await this.throttle.clearUnlessLocked(accountKey);
    return user;
  }

  private fieldError(field: string, message: string): UnprocessableEntityException {
    return new UnprocessableEntityException({ message, errors: { [field]: [message] } });
  }

  private async studentResponse(user: User): Promise<StudentLoginResponse> {
    const s = await this.students.pick(user.student_id ?? '', ['first_name', 'last_name']);
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
