import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { FORMER_STUDENTS_QUERY } from '../../shared/former-students.js';
import type { FormerStudent } from '../../shared/school-year.js';
import type { ResetPasswordResult, StudentListItem } from '../../shared/admin-types.js';
import { CurrentUser, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { AdminStudentsService } from './admin-students.service.js';
import { ResetPasswordDto } from './dto/reset-password.dto.js';
import { StudentsQueryDto } from './dto/students-query.dto.js';
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';

const list = (items: ReturnType<typeof ref>) => ({ type: 'array' as const, items });

@Roles('admin')
@Controller('api')
export class AdminStudentsController {
  constructor(private readonly students: AdminStudentsService) {}

  @ApiRoute({
    summary: 'List students',
    description:
      'The current students, for the Students table; with ?status=former the former students (graduated or left), ' +
      'newest leaving date first, for the Former Students page.',
    ok: {
      description: 'The current students, or with ?status=former the former ones.',
      schema: { oneOf: [list(ref('StudentListItem')), list(ref('FormerStudent'))] },
    },
    errors: { 422: "A status other than 'former'" },
  })
  @Get('students')
  list(@Query() q: StudentsQueryDto): Promise<StudentListItem[] | FormerStudent[]> {
    return q.status === FORMER_STUDENTS_QUERY ? this.students.former() : this.students.list();
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
