import { Body, Controller, Get, HttpCode, Post, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AdminLoginResponse } from '../../../shared/api-types.js';
import { MFA_MESSAGES, type MfaRecoveryCodes, type MfaSetup, type MfaStatus } from '../../../shared/mfa.js';
import { AllowDuringMfaEnrolment, CurrentUser, Public, Roles } from '../../common/decorators.js';
import type { SessionUser } from '../../common/session-user.js';
import { UsersService } from '../../users/users.service.js';
import { AuthService } from '../auth.service.js';
import { startSession } from '../session-cookie.js';
import { SignInThrottlerGuard } from '../sign-in-throttler.guard.js';
import { MfaCodeDto, MfaProofDto, MfaSetupDto } from './mfa.dto.js';
import { MfaService } from './mfa.service.js';
import { pendingMfaUser } from './pending-mfa.js';

/** Two-step sign-in: the code step of the administrator's sign-in, and her own set-up in Settings. */
@Controller()
export class MfaController {
  constructor(
    private readonly mfa: MfaService,
    private readonly users: UsersService,
    private readonly auth: AuthService,
  ) {}

  /** The second step after POST /api/admin-login answered {mfa_required: true}. */
  @Public()
  @UseGuards(SignInThrottlerGuard)
  @Post('api/admin-login/mfa')
  @HttpCode(200)
  async completeSignIn(
    @Body() dto: MfaCodeDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminLoginResponse> {
    const pending = await pendingMfaUser(req);
    const account = pending ? await this.users.findById(pending.userId) : null;
    if (!account || account.role !== 'admin') throw new UnauthorizedException(MFA_MESSAGES.signInAgain);
    const user = this.users.toSessionUser(account);
    await this.mfa.verifySignIn(user, dto.code);
    // Signed in now, under a new session id.
    await startSession(req, account.id);
    if (pending?.device) res.cookie(pending.device.name, pending.device.value, pending.device.options);
    const info = await this.auth.sessionInfo(user);
    return info.user as AdminLoginResponse;
  }

  @Roles('admin')
  @AllowDuringMfaEnrolment()
  @Get('api/admin-mfa')
  status(@CurrentUser() user: SessionUser): Promise<MfaStatus> {
    return this.mfa.status(user);
  }

  @Roles('admin')
  @AllowDuringMfaEnrolment()
  @Post('api/admin-mfa/setup')
  @HttpCode(200)
  setup(@Body() dto: MfaSetupDto, @CurrentUser() user: SessionUser): Promise<MfaSetup> {
    return this.mfa.setup(user, dto.enrolment_code);
  }

  @Roles('admin')
  @AllowDuringMfaEnrolment()
  @Post('api/admin-mfa/confirm')
  @HttpCode(200)
  confirm(@Body() dto: MfaCodeDto, @CurrentUser() user: SessionUser): Promise<MfaRecoveryCodes> {
    return this.mfa.confirm(user, dto.code);
  }

  @Roles('admin')
  @Post('api/admin-mfa/disable')
  @HttpCode(200)
  async disable(@Body() dto: MfaProofDto, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<MfaStatus> {
    await this.mfa.disable(user, dto, req.cookies as Record<string, unknown>);
    return this.mfa.status(user);
  }

  @Roles('admin')
  @Post('api/admin-mfa/recovery-codes')
  @HttpCode(200)
  regenerate(
    @Body() dto: MfaProofDto,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<MfaRecoveryCodes> {
    return this.mfa.regenerateRecoveryCodes(user, dto, req.cookies as Record<string, unknown>);
  }
}
