import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type {
  GuardianInvitation,
  GuardianInvitationInfo,
  GuardianLoginResponse,
  LinkedStudent,
  StudentGuardians,
} from '../../shared/guardians.js';
import { AuthService } from '../auth/auth.service.js';
import { startSession } from '../auth/session-cookie.js';
import { CurrentUser, OwnerOrAdmin, Public, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { GuardianInvitationsService } from './guardian-invitations.service.js';
import { GuardiansService } from './guardians.service.js';
import {
  GuardianAcceptDto,
  GuardianInviteDto,
  GuardianResetLinkDto,
  GuardianTokenDto,
  GuardianUnlinkDto,
} from './guardians.dto.js';
import { GuardianLinksService } from '../guardian-links/guardian-links.service.js';

/** Guardian accounts (docs/product.md §11): her students, invitations and their acceptance, the office's links. */
@Controller('api')
export class GuardiansController {
  constructor(
    private readonly invitations: GuardianInvitationsService,
    private readonly guardians: GuardiansService,
    private readonly links: GuardianLinksService,
    private readonly auth: AuthService,
  ) {}

  @Roles('guardian')
  @Get('my-students')
  myStudents(@CurrentUser() user: SessionUser): Promise<LinkedStudent[]> {
    return this.links.studentsOf(user.id);
  }

  /** An administrator for any student; a student (past her first password change) for herself only. */
  @Roles('admin', 'student')
  @OwnerOrAdmin({ body: 'student_id' })
  @Post('guardians/invite')
  @HttpCode(201)
  invite(@Body() dto: GuardianInviteDto, @CurrentUser() user: SessionUser): Promise<GuardianInvitation> {
    return this.invitations.invite(user, dto.student_id, dto.email);
  }

  @Public()
  @Post('guardians/invitation')
  @HttpCode(200)
  invitation(@Body() dto: GuardianTokenDto): Promise<GuardianInvitationInfo> {
    return this.invitations.check(dto.token);
  }

  /** Creates her account and signs this browser in, or (signed in as her) adds the link to her account. */
  @Public()
  @Post('guardians/accept')
  @HttpCode(200)
  async accept(@Body() dto: GuardianAcceptDto, @Req() req: Request): Promise<GuardianLoginResponse> {
    const guardian = await this.invitations.accept(dto.token, req.user, dto);
    if (req.user?.id !== guardian.id) await startSession(req, guardian.id);
    return this.auth.guardianResponse(guardian);
  }

  /** An administrator for any student; the student for herself (who can see her registration). */
  @Roles('admin', 'student')
  @OwnerOrAdmin({ param: 'studentId' })
  @Get('students/:studentId/guardians')
  ofStudent(@Param('studentId') studentId: string): Promise<StudentGuardians> {
    return this.guardians.ofStudent(studentId);
  }

  /** The office only: a new reset link to one of the student's guardians, at her own address. */
  @Roles('admin')
  @Post('guardians/reset-link')
  @HttpCode(200)
  resetLink(@Body() dto: GuardianResetLinkDto, @CurrentUser() user: SessionUser): Promise<{ email: string }> {
    return this.guardians.sendResetLink(user, dto.student_id, dto.guardian_id);
  }

  /** An administrator for any student; the student for her own guardians (404 when not linked to her). */
  @Roles('admin', 'student')
  @OwnerOrAdmin({ body: 'student_id' })
  @Post('guardians/unlink')
  @HttpCode(204)
  unlink(@Body() dto: GuardianUnlinkDto, @CurrentUser() user: SessionUser): Promise<void> {
    return this.guardians.unlink(user, dto.student_id, dto.guardian_id);
  }
}
