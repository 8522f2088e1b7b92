import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { ResetPasswordResult, StudentListItem } from '../../shared/admin-types.js';
import { CurrentUser, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { AdminStudentsService } from './admin-students.service.js';
import { ResetPasswordDto } from './dto/reset-password.dto.js';

@Roles('admin')
@Controller('api')
export class AdminStudentsController {
  constructor(private readonly students: AdminStudentsService) {}

  @Get('students')
  list(): Promise<StudentListItem[]> {
    return this.students.list();
  }

  @Post('reset-password-student')
  @HttpCode(200)
  reset(@Body() dto: ResetPasswordDto, @CurrentUser() user: SessionUser): Promise<ResetPasswordResult> {
    return this.students.resetPassword(dto.student_id, user);
  }
}
