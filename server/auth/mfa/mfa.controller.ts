import { Body, Controller, Get, HttpCode, Post, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AdminLoginResponse } from '../../../shared/api-types.js';
import { MFA_MESSAGES, type MfaRecoveryCodes, type MfaSetup, type MfaStatus } from '../../../shared/mfa.js';
import { AllowDuringMfaEnrolment, CurrentUser, Public, Roles } from '../../common/decorators.js';
import type { SessionUser } from '../../common/session-user.js';
import { UsersService } from '../../users/users.service.js';
import { AuthService } from '../sign-in/auth.service.js';
import { startSession } from '../sessions/session-cookie.js';
import { SignInThrottlerGuard } from '../sign-in/sign-in-throttler.guard.js';
import { MfaCodeDto, MfaProofDto, MfaSetupDto } from './mfa.dto.js';
import { MfaService } from './mfa.service.js';
import { pendingMfaUser } from './pending-mfa.js';
import { ApiRoute } from '../../common/api-docs.js';
import { ref } from '../../common/api-schemas.js';

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
  @ApiRoute({
    summary: "Complete an administrator's sign-in with her two-step code",
    description:
      'The second step after POST /api/admin-login answered {mfa_required: true}: a 6-digit or recovery code.',
    ok: { description: 'Signed in.', schema: ref('AdminLoginResponse') },
    errors: {
      401: 'No sign-in is waiting for a code in this browser (or it took too long)',
      403: 'Two-step sign-in is not on for this account',
      422: 'The code is wrong',
      429: 'Too many wrong codes',
    },
  })
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
  @ApiRoute({
    summary: 'Two-step sign-in status',
    ok: { description: 'Whether it is on, required, and how many recovery codes are left.', schema: ref('MfaStatus') },
  })
  @Get('api/admin-mfa')
  status(@CurrentUser() user: SessionUser): Promise<MfaStatus> {
    return this.mfa.status(user);
  }

  @Roles('admin')
  @AllowDuringMfaEnrolment()
  @ApiRoute({
    summary: 'Start setting up two-step sign-in',
    description: 'A new secret and its QR code, to be confirmed with a code from the app.',
    ok: { description: 'The secret to add to an authenticator app.', schema: ref('MfaSetup') },
    errors: {
      409: 'Two-step sign-in is already on',
      422: 'The enrolment code is wrong (ADMIN_MFA=required)',
      429: 'Too many wrong enrolment codes',
    },
  })
  @Post('api/admin-mfa/setup')
  @HttpCode(200)
  setup(@Body() dto: MfaSetupDto, @CurrentUser() user: SessionUser): Promise<MfaSetup> {
    return this.mfa.setup(user, dto.enrolment_code);
  }

  @Roles('admin')
  @AllowDuringMfaEnrolment()
  @ApiRoute({
    summary: 'Turn two-step sign-in on',
    description: 'Confirms the set-up with a code from the app; answers the recovery codes, shown once.',
    ok: { description: 'On; the recovery codes.', schema: ref('MfaRecoveryCodes') },
    errors: {
      409: 'Two-step sign-in is already on',
      422: 'The code is wrong, or no set-up was started',
      429: 'Too many wrong codes',
    },
  })
  @Post('api/admin-mfa/confirm')
  @HttpCode(200)
  confirm(@Body() dto: MfaCodeDto, @CurrentUser() user: SessionUser): Promise<MfaRecoveryCodes> {
    return this.mfa.confirm(user, dto.code);
  }

  @Roles('admin')
  @ApiRoute({
    summary: 'Turn two-step sign-in off',
    description: 'Needs a current code or the password; not allowed when ADMIN_MFA=required.',
    ok: { description: 'Off; the new status.', schema: ref('MfaStatus') },
    errors: {
      409: 'Two-step sign-in is not on',
      422: 'The code or password is wrong',
      429: 'Too many wrong codes or passwords',
    },
  })
  @Post('api/admin-mfa/disable')
  @HttpCode(200)
  async disable(@Body() dto: MfaProofDto, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<MfaStatus> {
    await this.mfa.disable(user, dto, req.cookies as Record<string, unknown>);
    return this.mfa.status(user);
  }

  @Roles('admin')
  @ApiRoute({
    summary: 'New recovery codes',
    description: 'Replaces the recovery codes; needs a current code or the password.',
    ok: { description: 'The new recovery codes, shown once.', schema: ref('MfaRecoveryCodes') },
    errors: {
      409: 'Two-step sign-in is not on',
      422: 'The code or password is wrong',
      429: 'Too many wrong codes or passwords',
    },
  })
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
