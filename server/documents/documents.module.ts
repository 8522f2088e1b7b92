import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module.js';
import { LookupsModule } from '../lookups/lookups.module.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { RegistrationRoundModule } from '../registration-round/registration-round.module.js';
import { SchoolYearModule } from '../school-year/school-year.module.js';
import { StudentsModule } from '../students/students.module.js';
import { TermsModule } from '../terms/terms.module.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsService } from './documents.service.js';

/** The registration form and the registration report (PDFs). */
@Module({
  imports: [
    StudentsModule,
    PdfModule,
    FilesModule,
    LookupsModule,
    TermsModule,
    SchoolYearModule,
    RegistrationRoundModule,
  ],
  controllers: [DocumentsController],
  providers: [DocumentsService],
  exports: [DocumentsService],
})
export class DocumentsModule {}
