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
import { ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';

@Controller('api')
export class StudentsController {
  constructor(
    private readonly students: StudentsService,
    private readonly idLookup: StudentIdLookup,
    private readonly audit: AuditService,
  ) {}

  /** docs/product.md §7: a list whose first item is the record (id, first_name, last_name and every other field). */
  @OwnerOrAdmin({ param: 'studentId' })
  @ApiRoute({
    summary: "A student's registration record",
    description: 'A list whose one item is the record: every field of every registration step, health data included.',
    ok: { description: 'The record (a list of one).', schema: { type: 'array', items: ref('StudentRecord') } },
    errors: { 404: 'No such student' },
  })
  @Get('student-record/:studentId')
  async record(@CurrentUser() user: SessionUser, @Param('studentId') studentId: string): Promise<StudentRecord[]> {
    const record = await this.students.getRecord(studentId);
    await this.audit.recordRead(user, studentId, 'record');
    return [record];
  }

  /** docs/product.md §7 registration save, made partial: {id, ...changed fields} → {id, ...saved fields, updatedAt}. */
  @OwnerOrAdmin({ body: 'id' })
  @HttpCode(200)
  @ApiRoute({
    summary: 'Save registration fields',
    description:
      'A partial save: `id` and the fields that changed. With `expected`, a field changed elsewhere since is refused ' +
      'with 409 and the current values.',
    ok: { description: 'The saved values and the new updatedAt.', schema: ref('StudentSaveResponse') },
    errors: {
      403: 'Registration is closed for students',
      404: 'No such student',
      409: 'A field changed elsewhere since it was read: `current` holds the values now',
      422: "A value breaks the school's rules, or the terms version read is not the current one",
    },
  })
  @Post('student')
  save(@CurrentUser() user: SessionUser, @Body() body: SaveStudentDto): Promise<StudentSaveResponse> {
    return this.students.save(user, body as SaveStudentBody);
  }

  @Public()
  @ApiRoute({
    summary: 'Find a student ID by name',
    description: 'Only when the school turns it on (STUDENT_ID_LOOKUP).',
    ok: { description: 'The matching students.', schema: { type: 'array', items: ref('StudentIdMatch') } },
    errors: { 404: 'The lookup is off', 429: 'Too many searches from this address' },
  })
  @Get('student-id-lookup')
  lookup(@Query() query: StudentIdLookupQuery, @Ip() ip: string | undefined): Promise<StudentIdMatch[]> {
    return this.idLookup.find(query.name, ip ?? '');
  }
}
