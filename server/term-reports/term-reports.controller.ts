import { ApiParam } from '@nestjs/swagger';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Query,
  Res,
  StreamableFile,
  UploadedFile,
} from '@nestjs/common';
import type { Response } from 'express';
import {
  type ImportTermReportsResult,
  type ReportCardTerm,
  TEMPLATE_FILE_NAME,
  TERM_REPORT_LIMITS,
  TERM_REPORT_MESSAGES,
  type PostTermReportsResult,
  type TermReportHold,
  type TermReportsPostedItem,
} from '../../shared/term-reports.js';
import { academicYearLabel } from '../../shared/constants.js';
import { AuditService } from '../audit/audit.service.js';
import { CurrentUser, OwnerOrAdmin, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { SheetUpload, type UploadedSheet } from '../common/spreadsheets/sheet-upload.js';
import { type ImportAnswer, importSpreadsheet } from '../common/spreadsheets/spreadsheet-import.js';
import { PostTermReportsDto, TermReportHoldDto } from './dto/post-term-reports.dto.js';
import { HoldsService } from './holds.service.js';
import { TermReportsImportService } from './import/term-reports-import.service.js';
import { buildTemplate } from './import/template.js';
import { PostingsService } from './postings.service.js';
import { ReportCardPdfService } from './report-card/report-card-pdf.service.js';
import { ReportCardsService } from './report-cards.service.js';
import { ApiDryRun, ApiMultipart, ApiRoute } from '../common/api-docs.js';
import { ref } from '../common/api-schemas.js';

/** Year and term from a path: anything else names no report (404). */
function yearTerm(year: string, term: string): { year: number; term: number } {
  if (!/^\d{4}$/.test(year) || !/^[123]$/.test(term)) throw new NotFoundException();
  return { year: Number(year), term: Number(term) };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@Controller('api')
export class TermReportsController {
  constructor(
    private readonly importer: TermReportsImportService,
    private readonly postings: PostingsService,
    private readonly cards: ReportCardsService,
    private readonly pdf: ReportCardPdfService,
    private readonly audit: AuditService,
    private readonly holds: HoldsService,
  ) {}

  /** Report-card data from a workbook (sheets Marks and Summary) or a CSV of one of them: see importSpreadsheet. */
  @Roles('admin')
  @ApiRoute({
    summary: 'Import report-card data',
    description: 'A workbook (sheets Marks and Summary) or a CSV of one of them; with ?dry_run=1 only checks it.',
    ok: { description: 'Imported (or checked).', schema: ref('ImportTermReportsResult') },
    errors: {
      400: 'The multipart body is malformed',
      409: 'Another import changed the same reports at the same moment: import the file again',
      413: 'The file is larger than the limit',
      415: 'The file is not an .xlsx or .csv file',
      422: {
        description: 'No file, or the file has errors (nothing imported)',
        schema: ref('ImportTermReportsResult'),
      },
    },
  })
  @ApiMultipart({ file: { type: 'string', format: 'binary' } }, ['file'])
  @ApiDryRun()
  @Post('import-term-reports')
  @HttpCode(200)
  @SheetUpload({
    maxMb: (config) => config.uploadMaxMb,
    tooLargeMessage: (mb) => `The file is larger than ${mb} MB. Split it into smaller files.`,
  })
  import(
    @CurrentUser() user: SessionUser,
    @UploadedFile() file: UploadedSheet | undefined,
    @Query('dry_run') dryRun: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ImportAnswer<ImportTermReportsResult>> {
    return importSpreadsheet(
      this.importer,
      { file, dryRun, actor: user, res },
      { noFileMessage: TERM_REPORT_MESSAGES.noFile, errorsListed: TERM_REPORT_LIMITS.errorsListed },
    );
  }

  /** The import template: both sheets with their column names and one example row. */
  @Roles('admin')
  @ApiRoute({
    summary: 'Report-card import template',
    ok: { description: 'The workbook.', file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  })
  @Get('import-term-reports/template')
  async template(): Promise<StreamableFile> {
    const bytes = await buildTemplate(new Date());
    return new StreamableFile(bytes, {
      type: XLSX,
      disposition: `attachment; filename="${TEMPLATE_FILE_NAME}"`,
      length: bytes.length,
    });
  }

  /** docs/product.md §7: every year and term with report data: year, term, posted, date_posted (and its classes). */
  @Roles('admin')
  @ApiRoute({
    summary: 'Terms with report data',
    description: "Every year and term with report data, its posting, its classes' postings and its holds.",
    ok: { description: 'The terms.', schema: { type: 'array', items: ref('TermReportsPostedItem') } },
  })
  @Get('term-reports-posted')
  posted(): Promise<TermReportsPostedItem[]> {
    return this.postings.list();
  }

  /** docs/product.md §7: posted 1 posts the year's term now; posted 0 removes the posting. */
  @Roles('admin')
  @ApiRoute({
    summary: "Post or take down a term's report cards",
    description: 'posted 1 releases the term (or one class) now or at release_at; posted 0 takes it down.',
    ok: { description: 'The posting now.', schema: ref('PostTermReportsResult') },
    errors: { 404: 'No report data for the term or class', 422: 'release_at or include_scheduled is refused' },
  })
  @Post('post-term-reports')
  @HttpCode(200)
  post(@CurrentUser() user: SessionUser, @Body() body: PostTermReportsDto): Promise<PostTermReportsResult> {
    return this.postings.setPosted(body, user);
  }

  /** **Added**: holds one student's card for a term, with the reason. */
  @Roles('admin')
  @ApiRoute({
    summary: "Hold a student's report card",
    ok: { description: 'The hold.', schema: ref('TermReportHold') },
    errors: { 404: 'The student has no report for the term', 422: 'The reason is empty or too long' },
  })
  @Post('term-report-holds')
  @HttpCode(200)
  hold(@CurrentUser() user: SessionUser, @Body() body: TermReportHoldDto): Promise<TermReportHold> {
    return this.holds.hold(body, user);
  }

  /** **Added**: lifts a hold (204 whether or not there was one). */
  @Roles('admin')
  @ApiRoute({
    summary: 'Lift a hold',
    description: 'Answers 204 whether or not there was one.',
    ok: { status: 204, description: 'Lifted.' },
  })
  @Post('term-report-holds/remove')
  @HttpCode(204)
  async liftHold(@CurrentUser() user: SessionUser, @Body() body: TermReportHoldDto): Promise<void> {
    await this.postings.liftHold(body, user);
  }

  /** docs/product.md §7: the student's terms with their posting state, class and form level. */
  @OwnerOrAdmin({ param: 'userId' })
  @ApiRoute({
    summary: "A student's report-card terms",
    ok: { description: 'Her terms with their posting state.', schema: { type: 'array', items: ref('ReportCardTerm') } },
    errors: { 404: 'No such student' },
  })
  @Get('report-card-terms/:userId')
  terms(@Param('userId') userId: string): Promise<ReportCardTerm[]> {
    return this.cards.terms(userId);
  }

  /** The report card PDF: a student her own, once posted; an admin any. */
  @OwnerOrAdmin({ param: 'studentId' })
  @ApiRoute({
    summary: 'A report card (PDF)',
    description: 'A student or her guardian once it is posted; an administrator any.',
    ok: { description: 'The report card.', file: 'application/pdf' },
    errors: {
      403: 'Not posted yet',
      404: 'No such report',
      503: 'PDFs cannot be made now (Chromium unavailable or busy)',
    },
  })
  @ApiParam({
    name: 'year',
    schema: { type: 'string', pattern: '^\\d{4}$' },
    description: "The academic year's start.",
  })
  @ApiParam({ name: 'term', schema: { type: 'string', enum: ['1', '2', '3'] } })
  @Get('report-card/:studentId/:year/:term')
  async card(
    @CurrentUser() user: SessionUser,
    @Param('studentId') studentId: string,
    @Param('year') year: string,
    @Param('term') term: string,
  ): Promise<StreamableFile> {
    const t = yearTerm(year, term);
    const pdf = await this.pdf.cardPdf(await this.cards.card(studentId, t.year, t.term, user));
    await this.audit.recordRead(user, studentId, 'report_card', `${academicYearLabel(t.year)} term ${t.term}`);
    return pdf;
  }

  /** Every report card of one class for one term as one PDF, for printing (admins). */
  @Roles('admin')
  @ApiRoute({
    summary: "A class's report cards (PDF)",
    ok: { description: 'Every report card of the class for the term, for printing.', file: 'application/pdf' },
    errors: { 404: 'No report data', 503: 'PDFs cannot be made now (Chromium unavailable or busy)' },
  })
  @ApiParam({
    name: 'year',
    schema: { type: 'string', pattern: '^\\d{4}$' },
    description: "The academic year's start.",
  })
  @ApiParam({ name: 'term', schema: { type: 'string', enum: ['1', '2', '3'] } })
  @Get('class-report-cards/:year/:term/:classId')
  async classCards(
    @Param('year') year: string,
    @Param('term') term: string,
    @Param('classId') classId: string,
  ): Promise<StreamableFile> {
    const t = yearTerm(year, term);
    return this.pdf.classPdf(classId, t.year, t.term, await this.cards.classCards(classId, t.year, t.term));
  }
}
