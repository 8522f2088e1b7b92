import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { ResetPasswordResult, StudentListItem } from '../../shared/admin-types.js';
import { CurrentUser, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { AdminStudentsService } from './admin-students.service.js';
import { ResetPasswordDto } from './dto/reset-password.dto.js';
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';

@Roles('admin')
@Controller('api')
export class AdminStudentsController {
  constructor(private readonly students: AdminStudentsService) {}

  @ApiRoute({
    summary: 'List students',
    ok: {
      description: 'Every student, for the Students table.',
      schema: { type: 'array', items: ref('StudentListItem') },
    },
  })
  @Get('students')
  list(): Promise<StudentListItem[]> {
    return this.students.list();
  }

  @ApiRoute({
    summary: "Reset a student's password",
    description: 'Back to her date of birth; she must replace it at her next sign-in.',
    ok: { description: 'Reset.', schema: ref('ResetPasswordResult') },
    errors: { 404: 'No such student', 422: 'The student has no date of birth to reset to' },
  })
  @Post('reset-password-student')
  @HttpCode(200)
  reset(@Body() dto: ResetPasswordDto, @CurrentUser() user: SessionUser): Promise<ResetPasswordResult> {
    return this.students.resetPassword(dto.student_id, user);
  }
}
