import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { StudentSaveResponse } from '../../shared/student-fields.js';
import { CurrentUser, OwnerOrAdmin } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { type SaveStudentBody, SaveStudentDto } from './dto/save-student.dto.js';
import type { StudentRecord } from './student-record.mapper.js';
import { StudentsService } from './students.service.js';

@Controller('api')
export class StudentsController {
  constructor(private readonly students: StudentsService) {}

  /** docs/product.md §7: a list whose first item is the record (id, first_name, last_name and every other field). */
  @OwnerOrAdmin({ param: 'studentId' })
  @Get('student-record/:studentId')
  async record(@Param('studentId') studentId: string): Promise<StudentRecord[]> {
    return [await this.students.getRecord(studentId)];
  }

  /** docs/product.md §7 registration save, made partial: {id, ...changed fields} → {id, ...saved fields, updatedAt}. */
  @OwnerOrAdmin({ body: 'id' })
  @HttpCode(200)
  @Post('student')
  save(@CurrentUser() user: SessionUser, @Body() body: SaveStudentDto): Promise<StudentSaveResponse> {
    return this.students.save(user, body as SaveStudentBody);
  }
}
