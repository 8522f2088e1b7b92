import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { LoginResponse } from '../../../shared/api-types.js';
import { MAIL_MESSAGES, type ResetTokenCheck } from '../../../shared/mail.js';
import type { MfaRequiredResponse } from '../../../shared/mfa.js';
import { Public } from '../../common/decorators.js';
import { AuthService } from '../sign-in/auth.service.js';
import { MfaService } from '../mfa/mfa.service.js';
import { startPendingMfa } from '../mfa/pending-mfa.js';
import { startSession } from '../sessions/session-cookie.js';
import {
  ForgotAdminPasswordDto,
  ForgotGuardianPasswordDto,
  ForgotStudentPasswordDto,
  ResetPasswordByLinkDto,
  ResetTokenDto,
} from './password-recovery.dto.js';
import { PasswordRecoveryService } from './password-recovery.service.js';
import { ApiRoute } from '../../common/api-docs.js';
import { ref } from '../../common/api-schemas.js';

/**
 * A forgotten password (docs/product.md §10). Public routes. Asking for a link answers the same whether or not
 * the account exists, and is limited per account name and per address (PasswordRecoveryService). The token
 * routes need no limit of their own: a token has 256 random bits, and only a valid one leads to bcrypt work.
 */
@Public()
@Controller('api')
export class PasswordRecoveryController {
  constructor(
    private readonly recovery: PasswordRecoveryService,
    private readonly auth: AuthService,
    private readonly mfa: MfaService,
  ) {}

  @ApiRoute({
    summary: "Ask for a student's password-reset link",
    description: 'Answers the same whether or not the account exists.',
    ok: {
      status: 202,
      description: 'Accepted (a link is sent if the account has an address).',
      schema: ref('Message'),
    },
    errors: { 429: 'Too many requests for this account or from this address' },
  })
  @Post('forgot-password')
  @HttpCode(202)
  async forgotStudent(
    @Body() dto: ForgotStudentPasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ message: string }> {
    await this.recovery.request('student', dto.student_id, req.ip, whenAnswered(res));
    return { message: MAIL_MESSAGES.forgotStudent };
  }

  @ApiRoute({
    summary: "Ask for a guardian's password-reset link",
    description: 'Answers the same whether or not the account exists.',
    ok: { status: 202, description: 'Accepted (a link is sent if the account exists).', schema: ref('Message') },
    errors: { 429: 'Too many requests for this account or from this address' },
  })
  @Post('guardian-forgot-password')
  @HttpCode(202)
  async forgotGuardian(
    @Body() dto: ForgotGuardianPasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ message: string }> {
    await this.recovery.request('guardian', dto.email, req.ip, whenAnswered(res));
    return { message: MAIL_MESSAGES.forgotGuardian };
  }

  @ApiRoute({
    summary: "Ask for an administrator's password-reset link",
    description: 'Answers the same whether or not the account exists or has an address.',
    ok: {
      status: 202,
      description: 'Accepted (a link is sent if the account has an address).',
      schema: ref('Message'),
    },
    errors: { 429: 'Too many requests for this account or from this address' },
  })
  @Post('admin-forgot-password')
  @HttpCode(202)
  async forgotAdmin(
    @Body() dto: ForgotAdminPasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ message: string }> {
    await this.recovery.request('admin', dto.username, req.ip, whenAnswered(res));
    return { message: MAIL_MESSAGES.forgotAdmin };
  }

  @ApiRoute({
    summary: 'Check a password-reset link',
    ok: { description: 'The link is valid; which kind of account it is for.', schema: ref('ResetTokenCheck') },
    errors: { 410: 'The link is unknown, used or expired' },
  })
  @Post('reset-password/check')
  @HttpCode(200)
  check(@Body() dto: ResetTokenDto): Promise<ResetTokenCheck> {
    return this.recovery.check(dto.token);
  }

  /**
   * Sets the new password and signs this browser in, as a sign-in would; an administrator with two-step
   * sign-in still needs her code (the link proves the mailbox, not the second factor).
   */
  @ApiRoute({
    summary: 'Set a new password with a reset link',
    description:
      'Sets the password and signs this browser in; an administrator with two-step sign-in still needs her code ' +
      '({mfa_required: true}).',
    ok: {
      description: 'Signed in, or half signed in awaiting the two-step code.',
      schema: {
        oneOf: [
          ref('StudentLoginResponse'),
          ref('AdminLoginResponse'),
          ref('GuardianLoginResponse'),
          ref('MfaRequiredResponse'),
        ],
      },
    },
    errors: { 410: 'The link is unknown, used or expired', 422: 'The new password is refused by the password rules' },
  })
  @Post('reset-password')
  @HttpCode(200)
  async reset(@Body() dto: ResetPasswordByLinkDto, @Req() req: Request): Promise<LoginResponse | MfaRequiredResponse> {
    const user = await this.recovery.reset(dto.token, dto.password);
    if (user.role === 'admin' && (await this.mfa.isEnabled(user.id))) {
      await startPendingMfa(req, user.id);
      return { mfa_required: true };
    }
    await startSession(req, user.id);
    const response = await this.auth.responseFor(user);
    return response.role === 'admin' ? this.mfa.withEnrolmentFlag(user.id, response) : response;
  }
}

/** Resolves once the answer has been sent (or the connection closed): the account's work starts only then. */
function whenAnswered(res: Response): Promise<void> {
  return new Promise((resolve) => res.once('close', () => resolve()));
}
