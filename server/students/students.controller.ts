import { Body, Controller, Get, HttpCode, Ip, Param, Post, Query } from '@nestjs/common';
import type { StudentIdMatch } from '../../shared/api-types.js';
import type { StudentRecord, StudentSaveResponse } from '../../shared/student-fields.js';
import { AuditService } from '../audit/audit.service.js';
import { CurrentUser, OwnerOrAdmin, Public } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { type SaveStudentBody, SaveStudentDto } from './dto/save-student.dto.js';
import { StudentIdLookupQuery } from './dto/student-id-lookup.dto.js';
import { StudentIdLookup } from './student-id-lookup.js';
import { StudentsService } from './students.service.js';

@Controller('api')
export class StudentsController {
  constructor(
    private readonly students: StudentsService,
    private readonly idLookup: StudentIdLookup,
    private readonly audit: AuditService,
  ) {}

  /** docs/product.md §7: a list whose first item is the record (id, first_name, last_name and every other field). */
  @OwnerOrAdmin({ param: 'studentId' })
  @Get('student-record/:studentId')
  async record(@CurrentUser() user: SessionUser, @Param('studentId') studentId: string): Promise<StudentRecord[]> {
    const record = await this.students.getRecord(studentId);
    await this.audit.recordRead(user, studentId, 'record');
    return [record];
  }

  /** docs/product.md §7 registration save, made partial: {id, ...changed fields} → {id, ...saved fields, updatedAt}. */
  @OwnerOrAdmin({ body: 'id' })
  @HttpCode(200)
  @Post('student')
  save(@CurrentUser() user: SessionUser, @Body() body: SaveStudentDto): Promise<StudentSaveResponse> {
    return this.students.save(user, body as SaveStudentBody);
  }

  @Public()
  @Get('student-id-lookup')
  lookup(@Query() query: StudentIdLookupQuery, @Ip() ip: string | undefined): Promise<StudentIdMatch[]> {
    return this.idLookup.find(query.name, ip ?? '');
  }
}
