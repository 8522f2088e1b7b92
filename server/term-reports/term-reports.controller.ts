import {
  type ArgumentsHost,
  Body,
  Catch,
  Controller,
  type ExceptionFilter,
  Get,
  HttpCode,
  Inject,
  Injectable,
  NotFoundException,
  Param,
  PayloadTooLargeException,
  Post,
  Query,
  Res,
  StreamableFile,
  UnprocessableEntityException,
  UploadedFile,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import {
  type ImportTermReportsResult,
  type ReportCardTerm,
  TEMPLATE_FILE_NAME,
  TERM_REPORT_MESSAGES,
  type TermReportPosting,
  type TermReportsPostedItem,
} from '../../shared/term-reports.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CurrentUser, OwnerOrAdmin, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { PostTermReportsDto } from './dto/post-term-reports.dto.js';
import { TermReportsImportService } from './import/term-reports-import.service.js';
import { buildTemplate } from './import/template.js';
import { PostingsService } from './postings.service.js';
import { ReportCardPdfService } from './report-card/report-card-pdf.service.js';
import { ReportCardsService } from './report-cards.service.js';

/** Multer stops reading at the size limit; this says which limit in the API's error shape. */
@Injectable()
@Catch(PayloadTooLargeException)
class UploadTooLargeFilter implements ExceptionFilter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  catch(_: PayloadTooLargeException, host: ArgumentsHost): void {
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(413)
      .json({
        statusCode: 413,
        message: `The file is larger than ${this.config.uploadMaxMb} MB. Split it into smaller files.`,
      });
  }
}

/** Year and term from a path: anything else names no report (404). */
function yearTerm(year: string, term: string): { year: number; term: number } {
  if (!/^\d{4}$/.test(year) || !/^[123]$/.test(term)) throw new NotFoundException();
  return { year: Number(year), term: Number(term) };
}

/** What multer's memory storage hands over (the fields used here). */
interface UploadedSheet {
  buffer: Buffer;
  originalname: string;
  size: number;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@Controller('api')
export class TermReportsController {
  constructor(
    private readonly importer: TermReportsImportService,
    private readonly postings: PostingsService,
    private readonly cards: ReportCardsService,
    private readonly pdf: ReportCardPdfService,
  ) {}

  /**
   * Report-card data from a workbook (sheets Marks and Summary) or a CSV of one of them. 200 when the
   * file was imported (or, with dry_run=1, would be); 422 with the row errors when nothing was written.
   */
  @Roles('admin')
  @Post('import-term-reports')
  @HttpCode(200)
  @UseFilters(UploadTooLargeFilter)
  @UseInterceptors(FileInterceptor('file'))
  async import(
    @CurrentUser() user: SessionUser,
    @UploadedFile() file: UploadedSheet | undefined,
    @Query('dry_run') dryRun: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ImportTermReportsResult & { statusCode?: number; message?: string }> {
    if (!file || file.size === 0) {
      throw new UnprocessableEntityException({
        message: TERM_REPORT_MESSAGES.noFile,
        errors: { file: [TERM_REPORT_MESSAGES.noFile] },
      });
    }
    const result = await this.importer.import(
      file,
      ['1', 'true', 'on', 'yes'].includes(String(dryRun ?? '').toLowerCase()),
      user,
    );
    if (result.error_count === 0) return result;
    res.status(422);
    const n = result.error_count;
    // A problem with the file as a whole (no sheet, too many rows) is the message itself.
    const message =
      result.errors[0]?.sheet === ''
        ? result.errors[0].message
        : `The file has ${n} ${n === 1 ? 'error' : 'errors'}; nothing was imported.`;
    return { statusCode: 422, message, ...result };
  }

  /** The import template: both sheets with their column names and one example row. */
  @Roles('admin')
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
  @Get('term-reports-posted')
  posted(): Promise<TermReportsPostedItem[]> {
    return this.postings.list();
  }

  /** docs/product.md §7: posted 1 posts the year's term now; posted 0 removes the posting. */
  @Roles('admin')
  @Post('post-term-reports')
  @HttpCode(200)
  post(@CurrentUser() user: SessionUser, @Body() body: PostTermReportsDto): Promise<TermReportPosting> {
    return this.postings.setPosted(body.year, body.term, body.posted, user);
  }

  /** docs/product.md §7: the student's terms with their posting state, class and form level. */
  @OwnerOrAdmin({ param: 'userId' })
  @Get('report-card-terms/:userId')
  terms(@Param('userId') userId: string): Promise<ReportCardTerm[]> {
    return this.cards.terms(userId);
  }

  /** The report card PDF: a student her own, once posted; an admin any. */
  @OwnerOrAdmin({ param: 'studentId' })
  @Get('report-card/:studentId/:year/:term')
  async card(
    @CurrentUser() user: SessionUser,
    @Param('studentId') studentId: string,
    @Param('year') year: string,
    @Param('term') term: string,
  ): Promise<StreamableFile> {
    const t = yearTerm(year, term);
    return this.pdf.cardPdf(await this.cards.card(studentId, t.year, t.term, user));
  }

  /** Every report card of one class for one term as one PDF, for printing (admins). */
  @Roles('admin')
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
