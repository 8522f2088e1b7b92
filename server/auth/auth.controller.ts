import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type {
  AdminLoginResponse,
  LoginResponse,
  SessionInfo,
  StudentLoginResponse,
  UserInfo,
} from '../../shared/api-types.js';
import type { GuardianLoginResponse } from '../../shared/guardians.js';
import { AuditService } from '../audit/audit.service.js';
import { MESSAGES } from '../../shared/constants.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AllowDuringReset, CurrentUser, OwnerOrAdmin, Public } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { UsersService } from '../users/users.service.js';
import { AuthService } from './sign-in/auth.service.js';
import { Csrf } from './sessions/csrf.js';
import { AdminLoginDto, ChangePasswordDto, GuardianLoginDto, StudentLoginDto } from './sign-in/login.dto.js';
import type { MfaRequiredResponse } from '../../shared/mfa.js';
import { MfaService } from './mfa/mfa.service.js';
import { startPendingMfa } from './mfa/pending-mfa.js';
import { signOutHere, startSession } from './sessions/session-cookie.js';
import { SessionAccount } from './sessions/session-account.js';
import { SignInThrottlerGuard } from './sign-in/sign-in-throttler.guard.js';
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly csrf: Csrf,
    private readonly mfa: MfaService,
    private readonly audit: AuditService,
    private readonly accounts: SessionAccount,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Primes the XSRF-TOKEN cookie the client echoes in X-XSRF-TOKEN (docs/product.md §4 Sign-in step 1). */
  @Public()
  @ApiRoute({
    summary: 'Set the CSRF cookie',
    description: 'Sets the readable XSRF-TOKEN cookie, which every POST echoes in the X-XSRF-TOKEN header.',
    ok: { status: 204, description: 'The cookie is set.' },
  })
  @Get('sanctum/csrf-cookie')
  @HttpCode(204)
  csrfCookie(@Req() req: Request, @Res({ passthrough: true }) res: Response): void {
    this.csrf.setCookie(req, res);
  }

  @Public()
  @UseGuards(SignInThrottlerGuard)
  @ApiRoute({
    summary: 'Sign a student in',
    description: 'Starts a session (the session cookie) for the student ID and password.',
    ok: { description: 'Signed in.', schema: ref('StudentLoginResponse') },
    errors: {
      403: 'The right password of a student who has left the school: her account is closed (docs/product.md §12.3)',
      422: 'The student ID or password is wrong',
      429: 'This account is locked for a while after failed attempts',
    },
  })
  @Post('api/login-student')
  @HttpCode(200)
  async loginStudent(
    @Body() dto: StudentLoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StudentLoginResponse> {
    const { userId, response, device } = await this.auth.loginStudent(dto, req.ip, req.cookies);
    await startSession(req, userId);
    if (device) res.cookie(device.name, device.value, device.options);
    return response;
  }

  /** A parent or guardian, on the students' sign-in page (docs/product.md §11). */
  @Public()
  @UseGuards(SignInThrottlerGuard)
  @ApiRoute({
    summary: 'Sign a parent or guardian in',
    description: 'Starts a session for the e-mail address and password of a guardian account.',
    ok: { description: 'Signed in.', schema: ref('GuardianLoginResponse') },
    errors: {
      422: 'The e-mail address or password is wrong',
      429: 'This account is locked for a while after failed attempts',
    },
  })
  @Post('api/guardian-login')
  @HttpCode(200)
  async loginGuardian(
    @Body() dto: GuardianLoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<GuardianLoginResponse> {
    const { userId, response, device } = await this.auth.loginGuardian(dto, req.ip, req.cookies);
    await startSession(req, userId);
    if (device) res.cookie(device.name, device.value, device.options);
    return response;
  }

  @Public()
  @UseGuards(SignInThrottlerGuard)
  @ApiRoute({
    summary: 'Sign an administrator in',
    description:
      'Starts a session for the username and password; with two-step sign-in on, answers {mfa_required: true} and ' +
      'POST /api/admin-login/mfa completes it.',
    ok: {
      description: 'Signed in, or half signed in awaiting the two-step code.',
      schema: { oneOf: [ref('AdminLoginResponse'), ref('MfaRequiredResponse')] },
    },
    errors: {
      422: 'The username or password is wrong',
      429: 'This account is locked for a while after failed attempts',
    },
  })
  @Post('api/admin-login')
  @HttpCode(200)
  async loginAdmin(
    @Body() dto: AdminLoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminLoginResponse | MfaRequiredResponse> {
    const { userId, response, device } = await this.auth.loginAdmin(dto, req.ip, req.cookies);
    // Two-step sign-in on: half signed in until POST /api/admin-login/mfa brings the code (MfaController),
    // which also gives the device cookie: a browser earns its own allowance only by a whole sign-in.
    if (await this.mfa.isEnabled(userId)) {
      await startPendingMfa(req, userId, device);
      return { mfa_required: true };
    }
    await startSession(req, userId);
    if (device) res.cookie(device.name, device.value, device.options);
    return this.mfa.withEnrolmentFlag(userId, response);
  }

  @AllowDuringReset()
  @ApiRoute({
    summary: "Change the signed-in account's password",
    description:
      'The forced first change (reset_password) or a voluntary one (password with old_password); the session ' +
      'continues under a new id.',
    ok: {
      description: 'Changed; the account as a sign-in answers it.',
      schema: { oneOf: [ref('StudentLoginResponse'), ref('AdminLoginResponse'), ref('GuardianLoginResponse')] },
    },
    errors: {
      403: 'student_id is not the signed-in account',
      422: 'The old password is wrong, or the new one is refused by the password rules',
      429: 'Too many wrong old passwords',
    },
  })
  @Post('api/change-password-student')
  @HttpCode(200)
  async changePassword(
    @Body() dto: ChangePasswordDto,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<LoginResponse> {
    const { userId, response } = await this.auth.changePassword(
      dto,
      user,
      req.sessionID,
      req.cookies as Record<string, unknown>,
    );
    // The session that changed the password continues under a new id.
    await startSession(req, userId);
    return response.role === 'admin' ? this.mfa.withEnrolmentFlag(userId, response) : response;
  }

  /** Signs out; answers 204 whether or not there was a session (docs/product.md §4: sign-out errors are ignored). */
  @Public()
  @ApiRoute({
    summary: 'Sign out',
    description: "Ends this browser's session; answers 204 whether or not there was one.",
    ok: { status: 204, description: 'Signed out.' },
  })
  @Post('logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await signOutHere(req, res, this.config.secureCookies);
  }

  /** Who is signed in in this browser, plus the operator settings the client needs. */
  @Public()
  @ApiRoute({
    summary: 'Who is signed in',
    description: "The account this browser's session belongs to, if any, and the settings the client needs.",
    ok: { description: 'The session and the settings.', schema: ref('SessionInfo') },
  })
  @Get('api/session')
  async session(@Req() req: Request): Promise<SessionInfo> {
    const info = await this.auth.sessionInfo(req.user, req.user ? undefined : this.accounts.endedReason(req));
    if (req.user && info.user?.role === 'admin') info.user = await this.mfa.withEnrolmentFlag(req.user.id, info.user);
    return info;
  }

  @AllowDuringReset()
  @OwnerOrAdmin({ param: 'studentId' })
  @ApiRoute({
    summary: "A student's account",
    description: 'Whether the student must still replace her first password (a list of one).',
    ok: { description: 'The account.', schema: { type: 'array', items: ref('UserInfo') } },
    errors: { 403: 'The account named is not a student', 404: 'No such student' },
  })
  @Get('api/user/:studentId')
  async userInfo(@Param('studentId') studentId: string, @CurrentUser() user: SessionUser): Promise<UserInfo[]> {
    const account =
      user.role === 'student' ? await this.users.findById(user.id) : await this.users.findStudent(studentId);
    if (!account) throw new NotFoundException(MESSAGES.notFound);
    if (account.role !== 'student') throw new ForbiddenException(MESSAGES.forbidden);
    const info = this.auth.userInfo(account);
    await this.audit.recordRead(user, studentId, 'account');
    return info;
  }
}
