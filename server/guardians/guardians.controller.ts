import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type {
  GuardianInvitation,
  GuardianInvitationInfo,
  GuardianLoginResponse,
  LinkedStudent,
  StudentGuardians,
} from '../../shared/guardians.js';
import { AuthService } from '../auth/sign-in/auth.service.js';
import { startSession } from '../auth/sessions/session-cookie.js';
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
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';

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
  @ApiRoute({
    summary: 'Your students',
    description: 'The students linked to the signed-in guardian.',
    ok: { description: 'Her linked students.', schema: { type: 'array', items: ref('LinkedStudent') } },
  })
  @Get('my-students')
  myStudents(@CurrentUser() user: SessionUser): Promise<LinkedStudent[]> {
    return this.links.studentsOf(user.id);
  }

  /** An administrator for any student; a student (past her first password change) for herself only. */
  @Roles('admin', 'student')
  @OwnerOrAdmin({ body: 'student_id' })
  @ApiRoute({
    summary: 'Invite a parent or guardian',
    description: 'Mails an invitation to link (or create) a guardian account for the student.',
    ok: { status: 201, description: 'Invited.', schema: ref('GuardianInvitation') },
    errors: {
      403: 'The office removed this address from the student',
      404: 'No such student',
      409: 'This address is already linked to the student',
      422: 'The address is not valid',
      429: 'Too many invitations for this student',
    },
  })
  @Post('guardians/invite')
  @HttpCode(201)
  invite(@Body() dto: GuardianInviteDto, @CurrentUser() user: SessionUser): Promise<GuardianInvitation> {
    return this.invitations.invite(user, dto.student_id, dto.email);
  }

  @Public()
  @ApiRoute({
    summary: 'Check an invitation',
    ok: { description: 'What the invitation is for.', schema: ref('GuardianInvitationInfo') },
    errors: { 410: 'The invitation is unknown, used or expired' },
  })
  @Post('guardians/invitation')
  @HttpCode(200)
  invitation(@Body() dto: GuardianTokenDto): Promise<GuardianInvitationInfo> {
    return this.invitations.check(dto.token);
  }

  /** Creates her account and signs this browser in, or (signed in as her) adds the link to her account. */
  @Public()
  @ApiRoute({
    summary: 'Accept an invitation',
    description:
      'With `name` and `password`: creates her account and signs this browser in. Signed in as her: adds the link.',
    ok: { description: 'Her account, signed in.', schema: ref('GuardianLoginResponse') },
    errors: {
      403: 'Signed in as another account',
      409: 'An account with this address exists already: sign in first',
      410: 'The invitation is unknown, used or expired',
      422: 'The name or password is missing or refused',
    },
  })
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
  @ApiRoute({
    summary: "A student's guardians and invitations",
    ok: { description: 'Her linked guardians and open invitations.', schema: ref('StudentGuardians') },
    errors: { 404: 'No such student' },
  })
  @Get('students/:studentId/guardians')
  ofStudent(@Param('studentId') studentId: string): Promise<StudentGuardians> {
    return this.guardians.ofStudent(studentId);
  }

  /** The office only: a new reset link to one of the student's guardians, at her own address. */
  @Roles('admin')
  @ApiRoute({
    summary: 'Send a guardian a password-reset link',
    ok: { description: 'Sent, to this address.', schema: ref('Email') },
    errors: { 404: 'No such guardian of this student', 429: 'Too many links for this account' },
  })
  @Post('guardians/reset-link')
  @HttpCode(200)
  resetLink(@Body() dto: GuardianResetLinkDto, @CurrentUser() user: SessionUser): Promise<{ email: string }> {
    return this.guardians.sendResetLink(user, dto.student_id, dto.guardian_id);
  }

  /** An administrator for any student; the student for her own guardians (404 when not linked to her). */
  @Roles('admin', 'student')
  @OwnerOrAdmin({ body: 'student_id' })
  @ApiRoute({
    summary: 'Remove a guardian from a student',
    ok: { status: 204, description: 'Removed.' },
    errors: { 404: 'No such guardian of this student' },
  })
  @Post('guardians/unlink')
  @HttpCode(204)
  unlink(@Body() dto: GuardianUnlinkDto, @CurrentUser() user: SessionUser): Promise<void> {
    return this.guardians.unlink(user, dto.student_id, dto.guardian_id);
  }
}
