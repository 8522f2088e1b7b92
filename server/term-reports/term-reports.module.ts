import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/mail.module.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { StudentsModule } from '../students/students.module.js';
import {
  TermReport,
  TermReportClassPosting,
  TermReportHoldRow,
  TermReportLine,
  TermReportPosting,
} from './entities/term-report.entity.js';
import { HoldsRepository } from './holds.repository.js';
import { HoldsService } from './holds.service.js';
import { ReleaseScheduler } from './release-scheduler.js';
import { TermReportsImportService } from './import/term-reports-import.service.js';
import { PostingsRepository } from './postings.repository.js';
import { PostingsService } from './postings.service.js';
import { ReportCardPdfService } from './report-card/report-card-pdf.service.js';
import { ReportCardsService } from './report-cards.service.js';
import { TermReportRows } from './term-report-rows.js';
import { TermReportsController } from './term-reports.controller.js';
import { TermReportsRepository } from './term-reports.repository.js';

/** Term reports: the spreadsheet import, posting per year and term, and the report cards. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      TermReport,
      TermReportLine,
      TermReportPosting,
      TermReportClassPosting,
      TermReportHoldRow,
    ]),
    PdfModule,
    StudentsModule,
    MailModule,
  ],
  controllers: [TermReportsController],
  providers: [
    TermReportsRepository,
    PostingsRepository,
    HoldsRepository,
    TermReportsImportService,
    PostingsService,
    HoldsService,
    ReleaseScheduler,
    ReportCardsService,
    ReportCardPdfService,
    TermReportRows,
  ],
  exports: [ReportCardsService, ReportCardPdfService, PostingsService, HoldsService, TermReportRows],
})
export class TermReportsModule {}
