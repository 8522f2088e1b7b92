import { Controller, Get, Param, Query, StreamableFile } from '@nestjs/common';
import { FormYearQuery } from '../registration-round/dto/registration-round.dto.js';
import { SchoolYearService } from '../school-year/school-year.service.js';
import { AuditService } from '../audit/audit.service.js';
import { CurrentUser, OwnerOrAdmin, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { pdfFile } from '../pdf/pdf-file.js';
import { DocumentsService } from './documents.service.js';
import { ApiRoute } from '../common/api-docs.js';

/** The generated PDFs shown in the viewers and frames (docs/product.md §7 "Documents shown in embedded frames"). */
@Controller('api')
export class DocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly audit: AuditService,
    private readonly schoolYear: SchoolYearService,
  ) {}

  /** The student's registration form on Legal paper. */
  @OwnerOrAdmin({ param: 'studentId' })
  @ApiRoute({
    summary: "A student's registration form (PDF)",
    ok: { description: 'The form on Legal paper.', file: 'application/pdf' },
    errors: {
      404: 'No such student, or no form kept of that year',
      422: 'Not a school year',
      503: 'PDFs cannot be made now (Chromium unavailable or busy)',
    },
  })
  @Get('registration-form/:studentId')
  async registrationForm(
    @CurrentUser() user: SessionUser,
    @Param('studentId') studentId: string,
    @Query() query: FormYearQuery,
  ): Promise<StreamableFile> {
    const { pdf, fileName } =
      query.year === undefined || query.year === (await this.schoolYear.current())
        ? await this.documents.registrationForm(studentId)
        : await this.documents.archivedForm(studentId, query.year);
    await this.audit.recordRead(user, studentId, 'registration_form');
    return pdfFile(pdf, fileName);
  }

  /** The all-students registration report (declared before /:classId so 'all' is not taken for a class). */
  @Roles('admin')
  @ApiRoute({
    summary: 'Registration report of all students (PDF)',
    ok: { description: 'The report.', file: 'application/pdf' },
    errors: { 503: 'PDFs cannot be made now (Chromium unavailable or busy)' },
  })
  @Get('registration-report/all')
  async reportAll(): Promise<StreamableFile> {
    const { pdf, fileName } = await this.documents.registrationReport(null);
    return pdfFile(pdf, fileName);
  }

  @Roles('admin')
  @ApiRoute({
    summary: 'Registration report of one class (PDF)',
    ok: { description: 'The report.', file: 'application/pdf' },
    errors: { 404: 'No such class', 503: 'PDFs cannot be made now (Chromium unavailable or busy)' },
  })
  @Get('registration-report/:classId')
  async reportClass(@Param('classId') classId: string): Promise<StreamableFile> {
    const { pdf, fileName } = await this.documents.registrationReport(classId);
    return pdfFile(pdf, fileName);
  }
}
